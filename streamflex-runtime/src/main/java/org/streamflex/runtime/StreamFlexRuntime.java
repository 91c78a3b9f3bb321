package org.streamflex.runtime;

import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.spi.GraphAssembly;
import org.streamflex.spi.GraphRuntime;

/** The runtime's entry point, registered as the {@link GraphRuntime} service. */
@SuppressWarnings("exports") // the service contract is exported to this module alone; users reach it through the API
public final class StreamFlexRuntime implements GraphRuntime {
    /** For {@link java.util.ServiceLoader}, which the API uses to find the runtime. */
    public StreamFlexRuntime() {
    }

    @Override
    public GraphAssembly assemble(StreamFlexGraph graph) {
        return new RuntimeGraph(graph);
    }
}
