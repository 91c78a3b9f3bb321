/**
 * WaveScript's algebraic rewrites (section 5.2) over the plan of a {@code SignalGraph}: the
 * operators a graph asks for, before any filter is made. Each rule is one class; {@link
 * org.streamflex.dsp.rewrite.Rewriter} applies them from the outputs towards the sources until
 * nothing changes, and records what it rewrote. See the module README, "Rewrites".
 */
package org.streamflex.dsp.rewrite;
