package org.streamflex.runtime.graph;

import org.streamflex.runtime.TemporaryProperty;

/** The fission switches the runtime reads while a graph is built, as the fission tests set them. */
final class FissionSettings {
    private FissionSettings() {
    }

    /**
     * Fission on or off with {@code replicas} replicas, split from the first batch (no minimum part
     * cost), for the length of a try-with-resources block.
     */
    static TemporaryProperty.Several replicated(String replicas, boolean fission) {
        return TemporaryProperty.setAll("streamflex.fission", String.valueOf(fission),
                "streamflex.fission.replicas", replicas, "streamflex.fission.minPartNanos", "0");
    }
}
