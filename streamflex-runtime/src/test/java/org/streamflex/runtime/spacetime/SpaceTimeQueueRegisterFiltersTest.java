package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.streamflex.FailurePolicy;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestGraph;

/** Queue and register handles bound to filters, under the deterministic driver: exactly once, and undone on failure. */
class SpaceTimeQueueRegisterFiltersTest {
    private static final int PERIOD = 1000;

    /** Puts three jobs per release (job value = 10 * frame + i) and writes the frame number to the register. */
    public static final class Splitter extends SpaceTimeFilter {
        private TimeChannel timer;
        private SpaceTimeQueueOutput jobs;
        private SpaceTimeRegisterHandle latest;
        private final byte[] job = new byte[8];
        public long failOn = -1;

        @Override
        protected void process() {
            long frame = timer.getTime() / PERIOD;
            for (int i = 0; i < 3; i++) {
                long v = 10 * frame + i;
                for (int b = 0; b < 8; b++) {
                    job[b] = (byte) (v >>> (8 * b));
                }
                jobs.put(frame, job);
            }
            latest.write(job);
            jobs.setVirtualTime(frame + 1);
            if (frame == failOn) {
                throw new IllegalStateException("splitter fails at frame " + frame);
            }
        }
    }

    /** Takes up to two jobs per release, records their values, consumes them; reads the register if full. */
    public static final class Runner extends SpaceTimeFilter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter
        private TimeChannel timer;
        private SpaceTimeQueueInput jobs;
        private SpaceTimeRegisterHandle latest;
        private final long[] values = new long[1024];
        private final long[] reads = new long[1024];
        private final byte[] value = new byte[8];
        public int gets;
        public int readCount;
        public int failAtGet = -1;

        public long value(int i) {
            return values[i];
        }

        public long read(int i) {
            return reads[i];
        }

        @Override
        protected void process() {
            if (latest.readNew(value) == 8) {
                reads[readCount++] = toLong(value) / 10;
            }
            for (int n = 0; n < 2; n++) {
                SpaceTimeItem job = jobs.get();
                if (job == null) {
                    return;
                }
                values[gets++] = job.getLong(0);
                jobs.consume(job.ticket());
                if (gets == failAtGet) {
                    failAtGet = -1;
                    throw new IllegalStateException("runner fails at its get " + gets);
                }
            }
        }

        private static long toLong(byte[] b) {
            long v = 0;
            for (int i = 7; i >= 0; i--) {
                v = (v << 8) | (b[i] & 0xff);
            }
            return v;
        }
    }

    private final SpaceTime space = SpaceTime.create(64);
    private final SpaceTimeQueue queue = space.createQueue("jobs");
    private final SpaceTimeRegister register = space.createRegister("latest");
    private final TestGraph graph = new TestGraph();
    private final Splitter splitter = graph.filter(Splitter.class);
    private final Runner first = graph.filter(Runner.class);
    private final Runner second = graph.filter(Runner.class);
    private final SpaceTimeFilters st = SpaceTimeFilters.of(space, graph);

    SpaceTimeQueueRegisterFiltersTest() {
        graph.link(graph.clock(PERIOD), splitter).link(graph.clock(PERIOD), first).link(graph.clock(PERIOD), second);
        st.join(splitter, 0).queueOutput(splitter, "jobs", queue).register(splitter, "latest", register);
        for (Runner r : List.of(first, second)) {
            st.join(r, SpaceTime.INFINITY).queueInput(r, "jobs", queue).register(r, "latest", register);
        }
        graph.check();
    }

    @AfterEach
    void close() {
        space.close();
    }

    private List<Long> allValues() {
        List<Long> all = new ArrayList<>();
        for (Runner r : List.of(first, second)) {
            for (int i = 0; i < r.gets; i++) {
                all.add(r.value(i));
            }
        }
        all.sort(null);
        return all;
    }

    private static List<Long> jobsOf(long frames) {
        List<Long> expected = new ArrayList<>();
        for (long f = 0; f < frames; f++) {
            for (int i = 0; i < 3; i++) {
                expected.add(10 * f + i);
            }
        }
        return expected;
    }

    @Test
    void twoRunnerFiltersGetEveryJobASplitterFilterPutsExactlyOnceAndEachIsFreed() {
        GraphDriver.of(graph).run(50);
        // 150 jobs put by release 50; the runners take up to 4 per step, so they keep up: all got, once each.
        assertEquals(jobsOf(50), allValues());
        assertEquals(150, space.reclaimedItems(), "each job freed when consumed");
        assertEquals(0, queue.waitingItems());
    }

    @Test
    void aRunnersGetsGoBackToTheQueueWhenItsWorkThrowsAndAreGotOnceLater() {
        graph.setFailurePolicy(first, FailurePolicy.skip(10));
        first.failAtGet = 2; // its first release takes jobs 0 and 1, then throws: both go back, unconsumed
        GraphDriver.of(graph).run(20);
        assertEquals(1, graph.failureCount(first));
        List<Long> all = allValues();
        // The failed release's values were recorded by the filter, then undone in the space: the jobs were
        // got again, so each value appears twice in the filters' records, and every job was consumed once.
        assertEquals(jobsOf(20).size() + 2, all.size());
        assertEquals(60, space.reclaimedItems(), "60 jobs, each consumed once");
        assertEquals(0, queue.waitingItems());
    }

    @Test
    void aRegisterWriteOfAWorkThatThrowsIsNeverSeen() {
        graph.setFailurePolicy(splitter, FailurePolicy.skip(10));
        splitter.failOn = 3;
        GraphDriver driver = GraphDriver.of(graph);
        driver.run(6);
        // The driver releases the splitter first at each step: a runner reads frame k's write at step k.
        List<Long> reads = new ArrayList<>();
        for (int i = 0; i < first.readCount; i++) {
            reads.add(first.read(i));
        }
        assertEquals(List.of(0L, 1L, 2L, 4L, 5L), reads, "frame 3's write was dropped with its jobs: at step 3 the"
                + " register was still empty for the runner");
        assertEquals(jobsOf(6).size() - 3, allValues().size(), "frame 3's jobs never joined the queue");
    }

    @Test
    void registerAndQueueBindingErrorsNameTheFieldAndTheFix() {
        TestGraph other = new TestGraph();
        Runner runner = other.filter(Runner.class);
        SpaceTimeFilters more = SpaceTimeFilters.of(space, other);
        more.join(runner, SpaceTime.INFINITY);
        SpaceTimeStateException wrongType = assertThrows(SpaceTimeStateException.class,
                () -> more.register(runner, "jobs", register));
        assertEquals("field 'jobs' of filter " + Runner.class.getName() + " is a SpaceTimeQueueInput, not a"
                + " SpaceTimeRegisterHandle: declare it as private SpaceTimeRegisterHandle jobs;",
                wrongType.getMessage());
        SpaceTimeStateException missing = assertThrows(SpaceTimeStateException.class,
                () -> more.queueOutput(runner, "tiles", queue));
        assertEquals("filter " + Runner.class.getName() + " has no field 'tiles': declare private SpaceTimeQueueOutput"
                + " tiles;", missing.getMessage());
        more.queueInput(runner, "jobs", queue);
        SpaceTimeStateException twice = assertThrows(SpaceTimeStateException.class,
                () -> more.queueInput(runner, "jobs", queue));
        assertEquals("field 'jobs' of filter " + Runner.class.getName() + " is already bound; bind each field once",
                twice.getMessage());
        other.stop();
    }
}
