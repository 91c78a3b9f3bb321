package org.streamflex.bench.xstream;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

class PerSampleGraphsTest {
    static final XStreamInput INPUT = XStreamInput.load(XStreamWorkloads.DEFAULT_BATCH);
    static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Heap bytes the calling thread allocates running a prepared graph over {@code replays} replays. */
    static long allocated(Version version, int replays) throws InterruptedException {
        Version.Prepared ready = version.prepare(INPUT, replays);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        ready.run();
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }

    @ParameterizedTest
    @EnumSource(value = Workload.class, names = {"PASSCHAIN", "STATFILTER", "SILENCEFILTER"})
    void samplesMoveWithoutAllocatingOnceTheGraphIsBuilt(Workload workload) throws InterruptedException {
        Version perSample = XStreamVersions.find(workload, Version.PER_SAMPLE);
        allocated(perSample, 1); // the first run loads and links classes
        allocated(perSample, 4); // and what only a longer run reaches the first time (see SegGraphsTest)
        long one = allocated(perSample, 1);
        long four = allocated(perSample, 4);
        // Three more replays are 1.2 million more samples: a byte each would be megabytes. What a run
        // allocates at all is the end-of-run check of the channels' counters.
        assertTrue(four - one < 64 * 1024, workload + ": " + one + " bytes for one replay, " + four + " for four");
    }
}
