package org.streamflex.runtime;

import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.spi.GraphAssembly;
import org.streamflex.spi.GraphRuntime;

/** The runtime's entry point, registered as the {@link GraphRuntime} service. */
public final class StreamFlexRuntime implements GraphRuntime {
    @Override
    public GraphAssembly assemble(StreamFlexGraph graph) {
        return new RuntimeGraph(graph);
    }
}
