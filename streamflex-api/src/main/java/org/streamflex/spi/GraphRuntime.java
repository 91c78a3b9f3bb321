package org.streamflex.spi;

import org.streamflex.StreamFlexGraph;

/**
 * The service a StreamFlex runtime registers under {@code META-INF/services}; the API finds it
 * with {@link java.util.ServiceLoader} when a graph is constructed. Filter authors never use it.
 *
 * <pre>
 * # META-INF/services/org.streamflex.spi.GraphRuntime
 * org.streamflex.runtime.StreamFlexRuntime
 * </pre>
 */
public interface GraphRuntime {
    /** A new, empty assembly for the graph under construction. */
    GraphAssembly assemble(StreamFlexGraph graph);
}
