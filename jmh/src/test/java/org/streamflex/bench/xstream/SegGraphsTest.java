package org.streamflex.bench.xstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;
import org.streamflex.dsp.memory.BufferPool;

/**
 * The signal-segment graphs: no heap bytes per segment once built, every buffer back in its pool
 * after a run, the same checksum whether the sources copy each batch or replay the loaded input,
 * and DETECTAUDIO's sync and hash join agreeing with each other and with the cut graph's count.
 */
class SegGraphsTest {
    static final XStreamInput INPUT = XStreamInput.load(XStreamWorkloads.DEFAULT_BATCH);

    @ParameterizedTest
    @EnumSource(Workload.class)
    void segmentsMoveWithoutAllocatingOnceTheGraphIsBuilt(Workload workload) throws InterruptedException {
        Version sigseg = XStreamVersions.find(workload, Version.SIGSEG);
        // Three more replays are hundreds of segments more (thousands of windows): a byte each would
        // show. What a run allocates at all is the end-of-run check of the counters.
        long bound = 4 * 1024;
        List<Long> growth = PerSampleGraphsTest.growthFromOneToFourReplays(sigseg, bound);
        assertTrue(growth.getLast() < bound, workload + ": four replays allocated " + growth
                + " bytes more than one, in successive attempts");
    }

    @ParameterizedTest
    @EnumSource(Workload.class)
    void everyBufferGoesBackToItsPoolAfterARun(Workload workload) throws InterruptedException {
        Version sigseg = XStreamVersions.find(workload, Version.SIGSEG);
        sigseg.run(INPUT, 1);
        long before = BufferPool.shared().bytesInUse();
        sigseg.run(INPUT, 2);
        // A sync or rewindow keeps its last, unfinished data when the stream stops: at most a few batches.
        long kept = BufferPool.shared().bytesInUse() - before;
        assertTrue(kept <= 16L * 4 * INPUT.batch() * 4, workload + ": " + kept + " bytes still held");
    }

    @ParameterizedTest
    @EnumSource(Workload.class)
    void copyingTheBatchesOrReplayingTheLoadedInputGiveTheSameChecksum(Workload workload)
            throws InterruptedException {
        Version sigseg = XStreamVersions.find(workload, Version.SIGSEG);
        assertEquals(sigseg.run(INPUT, 2), sigseg.run(INPUT.withCopyingSources(true), 2), workload.toString());
    }

    @Test
    void theHashJoinEmitsWhatTheSyncEmitsAndTheCutGraphCountsTheSameDetections() throws InterruptedException {
        Checksum sync = null;
        Checksum join = null;
        Checksum cut = null;
        for (Version v : SyncComparison.versions()) {
            Checksum c = v.run(INPUT, 2);
            switch (v.name()) {
                case SyncComparison.SYNC -> sync = c;
                case SyncComparison.HASH_JOIN -> join = c;
                default -> cut = c;
            }
        }
        assertEquals(XStreamVersions.find(Workload.DETECTAUDIO, Version.PLAIN).run(INPUT, 2), sync);
        assertEquals(sync, join);
        assertEquals(sync.count(), cut.count());
    }

    @Test
    void theHashJoinHoldsMoreMemoryThanTheSyncAndBothMoreThanTheCutGraph() {
        long cut = SyncComparison.peakBytes(SyncComparison.versions().get(0), INPUT, 1);
        long sync = SyncComparison.peakBytes(SyncComparison.versions().get(1), INPUT, 1);
        long join = SyncComparison.peakBytes(SyncComparison.versions().get(2), INPUT, 1);
        assertTrue(cut < sync && sync < join, cut + " < " + sync + " < " + join);
    }
}
