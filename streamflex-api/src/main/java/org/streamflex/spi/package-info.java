/**
 * The runtime's service contract: what {@code streamflex-api} asks of the runtime it finds with
 * {@link java.util.ServiceLoader}, and what the runtime hands back to it. Interfaces only; the
 * engine behind them is {@code streamflex-runtime}.
 *
 * <p>Neither filter authors nor woven code use this package: the API's public classes delegate to
 * it ({@link org.streamflex.StreamFlexGraph} to {@link GraphAssembly}, {@link org.streamflex.Filter}
 * to {@link FilterContext}), and so do the woven-code entry points of {@code org.streamflex.abi}.
 * The channels are abstract classes of the API that the runtime implements on its rings. The javac
 * plugin rejects filter code that names this package (rule {@code Internals}), and the module
 * exports it to {@code org.streamflex.runtime} only.
 *
 * <pre>
 * # META-INF/services/org.streamflex.spi.GraphRuntime of the runtime jar
 * org.streamflex.runtime.StreamFlexRuntime
 * </pre>
 */
package org.streamflex.spi;
