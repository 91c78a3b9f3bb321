package org.streamflex.bench.region;

import org.streamflex.StreamFlexGraph;
import org.streamflex.fixtures.Folder;

/**
 * One {@link Folder}, released by a free-running clock: each release allocates three arrays (a
 * window of 64-66 doubles, 16 int bins, twice as many bytes as the window) and two small objects
 * and folds them into a checksum. The fixtures' build wove it, so all of them come from its
 * transient region.
 */
public final class AllocatingGraph extends StreamFlexGraph {
    private final Folder folder;

    public AllocatingGraph() {
        folder = makeFilter(Folder.class);
        connect(makeClock(0), folder);
        validate();
    }

    public long checksum() {
        return folder.checksum();
    }
}
