package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.Clock;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestGraph;

/**
 * Filters released by a space-time put (a free-running clock whose thread waits for the put), and
 * filters leaving the space when their graph stops. Tests of a started graph wait for progress
 * with a bound, never for a time, and read the filters' counts after the stop joined their threads.
 */
class SpaceTimeReleaseOnPutTest {
    private static final int PERIOD = 1000;
    private static final Duration BOUND = Duration.ofSeconds(60);

    /** Puts frame k (8 bytes: k * 3) at its k-th release, or only every {@code every}-th, and moves past it. */
    public static final class Camera extends SpaceTimeFilter {
        private TimeChannel timer;
        private SpaceTimeOutput frames;
        private final byte[] pixels = new byte[8];
        private final long[] put = new long[4096];
        public int every = 1;
        public long puts;

        public long put(int i) {
            return put[i];
        }

        @Override
        protected void process() {
            long frame = timer.getTime() / PERIOD;
            if (frame % every == 0) {
                long v = frame * 3;
                for (int i = 0; i < 8; i++) {
                    pixels[i] = (byte) (v >>> (8 * i));
                }
                frames.put(frame, pixels);
                if (puts < put.length) {
                    put[(int) puts] = frame;
                }
                puts++;
            }
            frames.setVirtualTime(frame + 1);
        }
    }

    /** Released by a put: gets the oldest frame, checks it and consumes it. */
    public static final class Tracker extends SpaceTimeFilter {
        @SuppressWarnings("UnusedVariable") // a put releases the filter; process() does not read the time
        private TimeChannel timer;
        private SpaceTimeInput frames;
        private final long[] got = new long[4096];
        public int gets;
        public int wrong;
        public int processes;

        public long got(int i) {
            return got[i];
        }

        @Override
        protected boolean trigger() {
            return frames.hasUnseen();
        }

        @Override
        protected void process() {
            processes++;
            SpaceTimeItem frame = frames.get(Wildcard.OLDEST);
            if (frame == null) {
                return;
            }
            if (frame.getLong(0) != frame.timestamp() * 3) {
                wrong++;
            }
            if (gets < got.length) {
                got[gets] = frame.timestamp();
            }
            gets++;
            frames.consume(frame.timestamp());
        }
    }

    /** Puts two jobs per release on a queue. */
    public static final class Tiler extends SpaceTimeFilter {
        private TimeChannel timer;
        private SpaceTimeQueueOutput jobs;
        private final byte[] job = new byte[8];

        @Override
        protected void process() {
            long frame = timer.getTime() / PERIOD;
            for (int i = 0; i < 2; i++) {
                job[0] = (byte) i;
                jobs.put(frame, job);
            }
            jobs.setVirtualTime(frame + 1);
        }
    }

    /** Released by a put on a queue: takes one job per release and consumes it, except the one it keeps open. */
    public static final class Runner extends SpaceTimeFilter {
        @SuppressWarnings("UnusedVariable") // a put releases the filter
        private TimeChannel timer;
        private SpaceTimeQueueInput jobs;
        private final boolean[] seen = new boolean[4096];
        public int gets;
        public int twice;
        public long keepTicket = -1;

        @Override
        protected boolean trigger() {
            return jobs.hasWaiting();
        }

        @Override
        protected void process() {
            SpaceTimeItem job = jobs.get();
            if (job == null) {
                return;
            }
            int t = (int) (job.ticket() % seen.length);
            if (seen[t]) {
                twice++;
            }
            seen[t] = true;
            gets++;
            if (job.ticket() != keepTicket) {
                jobs.consume(job.ticket());
            }
        }
    }

    private final SpaceTime space = SpaceTime.create(64);
    private final SpaceTimeChannel channel = space.createChannel("frames");
    private final SpaceTimeQueue queue = space.createQueue("jobs");

    @AfterEach
    void close() {
        space.close();
    }

    private static void await(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "no progress within " + BOUND + ": a lost wake-up?");
            Thread.sleep(1);
        }
    }

    @Test
    void aPutBetweenTheCheckAndTheWaitStillReleasesTheFilter() {
        SpaceTimeThread tracker = space.join("tracker", SpaceTime.INFINITY);
        InputConnection in = tracker.attachInput(channel);
        OutputConnection out = space.join("camera", 0).attachOutput(channel);
        AtomicReference<Thread> putter = new AtomicReference<>();
        // Between the check that found nothing and the wait, another thread puts: it must not be lost.
        Runnable putMeanwhile = () -> {
            if (putter.get() != null) {
                return;
            }
            Thread t = new Thread(() -> out.put(7, new byte[8]), "putter");
            putter.set(t);
            t.start();
            // The put waits for the lock the check holds (were it free, the put would end, unseen by the wait).
            while (!space.lock.hasQueuedThread(t) && t.getState() != Thread.State.TERMINATED) {
                Thread.onSpinWait();
            }
        };
        SpaceTimeRelease release = new SpaceTimeRelease(space, channel.arrived, in::hasUnseenLocked,
                "channel frames", putMeanwhile);
        boolean released = assertTimeoutPreemptively(BOUND, () -> release.awaitRelease(() -> true));
        assertTrue(released);
        assertEquals(1, channel.liveItems(), "the put made between the check and the wait released the filter");
    }

    @Test
    void aStopWakesAReleaseWaitingForAPut() throws Exception {
        SpaceTimeThread tracker = space.join("tracker", SpaceTime.INFINITY);
        InputConnection in = tracker.attachInput(channel);
        SpaceTimeRelease release = new SpaceTimeRelease(space, channel.arrived, in::hasUnseenLocked, "channel frames",
                null);
        java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean(true);
        AtomicReference<Boolean> result = new AtomicReference<>();
        Thread waiter = new Thread(() -> result.set(release.awaitRelease(running::get)), "waiter");
        waiter.start();
        await(() -> waiter.getState() == Thread.State.WAITING);
        running.set(false);
        release.wake(waiter);
        waiter.join(BOUND.toMillis());
        assertFalse(result.get(), "woken by the stop, not released");
    }

    @Test
    void aFilterReleasedByPutsGetsEveryFrameWithoutAReleaseForNothingAndLeavesWhenTheGraphStops()
            throws Exception {
        TestGraph graph = new TestGraph();
        Camera camera = graph.filter(Camera.class);
        Tracker tracker = graph.filter(Tracker.class);
        Clock cameraClock = graph.clock(PERIOD);
        Clock trackerClock = graph.clock(0);
        graph.link(cameraClock, camera).link(trackerClock, tracker);
        SpaceTimeFilters st = SpaceTimeFilters.of(space, graph);
        st.join(camera, 0).output(camera, "frames", channel);
        st.join(tracker, SpaceTime.INFINITY).input(tracker, "frames", channel).releaseOnPut(trackerClock, tracker,
                "frames");
        graph.check();
        SpaceTimeThread plain = space.join("plain", 1_000_000);
        graph.start();
        try {
            await(() -> trackerClock.releases() >= 50); // a release per frame got
        } finally {
            graph.stop();
        }
        long puts = camera.puts;
        int gets = tracker.gets;
        assertEquals(0, tracker.wrong, "every frame read back as put");
        for (int i = 0; i < Math.min(gets, 4096); i++) {
            // The camera's frame numbers skip the boundaries its clock overran; the tracker skips none.
            assertEquals(camera.put(i), tracker.got(i), "the frames the camera put, in order, none skipped");
        }
        assertTrue(trackerClock.releases() <= puts, "released only by puts: " + trackerClock.releases()
                + " releases for " + puts + " frames (a free-running clock polling would release millions of times)");
        assertEquals(trackerClock.releases(), tracker.processes, "each release ran work(): its trigger held");
        // Stopped, both filters left: only the plain thread holds the minimum, and every frame is collected.
        assertEquals(1_000_000, space.horizon());
        assertEquals(0, channel.liveItems());
        assertEquals(puts, space.reclaimedItems());
        assertThrows(SpaceTimeStateException.class, () -> st.thread(tracker).setVirtualTime(5),
                "the tracker's thread left the space");
        plain.leave();
    }

    @Test
    void aFilterReleasedByQueuePutsGetsEveryJobOnceAndItsOpenTicketIsConsumedWhenTheGraphStops() throws Exception {
        TestGraph graph = new TestGraph();
        Tiler tiler = graph.filter(Tiler.class);
        Runner runner = graph.filter(Runner.class);
        runner.keepTicket = 3;
        Clock runnerClock = graph.clock(0);
        graph.link(graph.clock(PERIOD), tiler).link(runnerClock, runner);
        SpaceTimeFilters st = SpaceTimeFilters.of(space, graph);
        st.join(tiler, 0).queueOutput(tiler, "jobs", queue);
        st.join(runner, SpaceTime.INFINITY).queueInput(runner, "jobs", queue).releaseOnPut(runnerClock, runner,
                "jobs");
        graph.check();
        SpaceTimeThread plain = space.join("plain", 1_000_000);
        QueueOutput fromPlain = plain.attachOutput(queue);
        graph.start();
        try {
            for (int i = 0; i < 20; i++) {
                fromPlain.put(1_000_000, new byte[8]); // a plain thread's put releases the filter too
            }
            await(() -> runnerClock.releases() >= 60); // a release per job got
        } finally {
            graph.stop();
        }
        assertEquals(0, runner.twice, "no job got twice");
        assertEquals(1, st.abandonedQueueItems(), "ticket 3, held open, consumed when the runner left");
        QueueInput drain = plain.attachInput(queue);
        for (int n = queue.waitingItems(); n > 0; n--) {
            try (ItemView job = drain.get()) {
                drain.consume(job.ticket());
            }
        }
        assertEquals(1_000_000, space.horizon(), "the stopped filters hold nothing: not the tiler's virtual time,"
                + " not the runner's open ticket");
        plain.leave();
    }

    @Test
    void aPutReleasedFilterTheGraphRunsOnWorkerThreadsIsRefusedNamingTheFix() throws Exception {
        TestGraph graph = new TestGraph();
        Tracker tracker = graph.filter(Tracker.class);
        Clock trackerClock = graph.clock(0);
        graph.link(trackerClock, tracker); // its only clock is free-running: the graph runs it on workers
        SpaceTimeFilters st = SpaceTimeFilters.of(space, graph);
        st.join(tracker, SpaceTime.INFINITY).input(tracker, "frames", channel).releaseOnPut(trackerClock, tracker,
                "frames");
        graph.check();
        SpaceTimeThread plain = space.join("plain", 0);
        graph.start();
        BoundaryError failure;
        try {
            plain.attachOutput(channel).put(0, new byte[8]);
            failure = assertThrows(BoundaryError.class, () -> graph.awaitTermination(BOUND.toSeconds(),
                    java.util.concurrent.TimeUnit.SECONDS));
        } finally {
            graph.stop();
        }
        assertEquals("filter Tracker#1 is released by a put on clock 0 (free-running), but the graph runs it on its"
                + " worker threads, which release a free-running clock back to back: give the graph a periodic"
                + " clock, or start it with -Dstreamflex.workers=false", failure.causeMessage());
        assertEquals(0, tracker.processes, "process() never ran");
        plain.leave();
    }

    @Test
    void underTheDriverAPutReleasedFilterRunsWorkOnlyWhenAFrameArrived() {
        TestGraph graph = new TestGraph();
        Camera camera = graph.filter(Camera.class);
        camera.every = 3;
        Tracker tracker = graph.filter(Tracker.class);
        Clock trackerClock = graph.clock(0);
        graph.link(graph.clock(PERIOD), camera).link(trackerClock, tracker);
        SpaceTimeFilters st = SpaceTimeFilters.of(space, graph);
        st.join(camera, 0).output(camera, "frames", channel);
        st.join(tracker, SpaceTime.INFINITY).input(tracker, "frames", channel).releaseOnPut(trackerClock, tracker,
                "frames");
        graph.check();
        GraphDriver.of(graph).run(30);
        assertEquals(10, camera.puts);
        assertEquals(10, tracker.gets);
        assertEquals(10, tracker.processes, "work() ran for each frame only, not at each of the 30 steps");
    }

    @Test
    void aStoppedDrivenGraphsFiltersNoLongerPinTheMinimum() {
        TestGraph graph = new TestGraph();
        Camera camera = graph.filter(Camera.class);
        Tracker tracker = graph.filter(Tracker.class);
        graph.link(graph.clock(PERIOD), camera).link(graph.clock(PERIOD), tracker);
        SpaceTimeFilters st = SpaceTimeFilters.of(space, graph);
        st.join(camera, 0).output(camera, "frames", channel);
        st.join(tracker, SpaceTime.INFINITY).input(tracker, "frames", channel);
        graph.check();
        SpaceTimeThread plain = space.join("plain", 100);
        GraphDriver.of(graph).run(5);
        plain.attachOutput(channel).put(100, new byte[8]);
        plain.setVirtualTime(101);
        assertEquals(5, space.horizon(), "the camera's virtual time holds the minimum");
        assertEquals(1, channel.liveItems(), "the tracker has not consumed frame 100");
        graph.stop();
        assertEquals(101, space.horizon(), "the stopped filters left: only the plain thread holds it");
        assertEquals(0, channel.liveItems(), "no connection holds frame 100 any more");
        plain.leave();
    }

    @Test
    void aGraphStoppedBeforeItRanMakesItsFiltersLeaveToo() {
        TestGraph graph = new TestGraph();
        Camera camera = graph.filter(Camera.class);
        graph.link(graph.clock(PERIOD), camera);
        SpaceTimeFilters st = SpaceTimeFilters.of(space, graph);
        st.join(camera, 0).output(camera, "frames", channel);
        SpaceTimeThread plain = space.join("plain", 50);
        plain.setVirtualTime(60);
        assertEquals(0, space.horizon());
        graph.stop();
        assertEquals(60, space.horizon());
        plain.leave();
    }

    @Test
    void releaseOnPutErrorsNameTheCallAndTheFix() {
        TestGraph graph = new TestGraph();
        Camera camera = graph.filter(Camera.class);
        Tracker tracker = graph.filter(Tracker.class);
        Clock periodic = graph.clock(PERIOD);
        Clock free = graph.clock(0);
        Clock unconnected = graph.clock(0);
        graph.link(periodic, camera).link(free, tracker);
        SpaceTimeFilters st = SpaceTimeFilters.of(space, graph);
        st.join(camera, 0).output(camera, "frames", channel);
        st.join(tracker, SpaceTime.INFINITY);
        SpaceTimeStateException periodicClock = assertThrows(SpaceTimeStateException.class,
                () -> st.releaseOnPut(periodic, camera, "frames"));
        assertEquals("releaseOnPut(clock 0 (1000 us), Camera, \"frames\"): the clock must be free-running, made by"
                + " makeClock(0), so that a put, not a period, releases the filter; this one's period is 1000 us",
                periodicClock.getMessage());
        SpaceTimeStateException otherFilter = assertThrows(SpaceTimeStateException.class,
                () -> st.releaseOnPut(unconnected, tracker, "frames"));
        assertEquals("releaseOnPut(clock 2 (free-running), Tracker, \"frames\"): the clock must release this filter;"
                + " connect the clock to Tracker first", otherFilter.getMessage());
        SpaceTimeStateException unbound = assertThrows(SpaceTimeStateException.class,
                () -> st.releaseOnPut(free, tracker, "frames"));
        assertEquals("releaseOnPut(clock 1 (free-running), Tracker, \"frames\"): field 'frames' of filter Tracker#2"
                + " is not bound; bind it with input(...) or queueInput(...) first", unbound.getMessage());
        st.input(tracker, "frames", channel);
        st.releaseOnPut(free, tracker, "frames");
        SpaceTimeStateException twice = assertThrows(SpaceTimeStateException.class,
                () -> st.releaseOnPut(free, tracker, "frames"));
        assertEquals("releaseOnPut(clock 1 (free-running), Tracker, \"frames\"): the clock is released by a put"
                + " already; one trigger per clock", twice.getMessage());
        SpaceTimeStateException noGraph = assertThrows(SpaceTimeStateException.class,
                () -> SpaceTimeFilters.of(space).releaseOnPut(free, tracker, "frames"));
        assertEquals("releaseOnPut(clock 1 (free-running), Tracker, \"frames\"): these bindings were made without"
                + " the graph; make them with SpaceTimeFilters.of(space, graph)", noGraph.getMessage());
        graph.stop();
    }
}
