/**
 * A complete small signal graph, the one the module README walks through: {@link
 * org.streamflex.dsp.example.WhistleDetector}.
 */
package org.streamflex.dsp.example;
