package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.streamflex.BoundaryError;
import org.streamflex.FailurePolicy;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestGraph;
import org.streamflex.runtime.spacetime.SpaceTimeFiltersTest.Camera;
import org.streamflex.runtime.spacetime.SpaceTimeFiltersTest.Tracker;

/**
 * Filters bound to a space served by a {@link SpaceTimeServer} (over loopback, as from another
 * JVM), under the deterministic driver: the same filter classes as {@link SpaceTimeFiltersTest},
 * with the same transactions, now made in the server's space.
 */
class RemoteSpaceTimeFiltersTest {
    private static final Duration BOUND = Duration.ofMillis(300);

    /** Takes one job per release, reads the register, consumes the job; fails when told. */
    public static final class Runner extends SpaceTimeFilter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter
        private TimeChannel timer;
        private SpaceTimeQueueInput jobs;
        private SpaceTimeQueueOutput results;
        private SpaceTimeRegisterHandle level;
        private final byte[] value = new byte[8];
        public boolean fail;
        public long lastLevel = -1;
        public long got = -1;

        @Override
        protected void process() {
            if (level.readNew(value) >= 0) {
                lastLevel = value[0];
            }
            SpaceTimeItem job = jobs.get();
            if (job == null) {
                return;
            }
            got = job.ticket();
            results.put(job.timestamp(), new byte[] {job.getByte(0), (byte) lastLevel});
            level.write(new byte[] {(byte) (job.getByte(0) + 100)});
            jobs.consume(job.ticket());
            if (fail) {
                throw new IllegalStateException("runner fails at job " + job.ticket());
            }
        }
    }

    private final SpaceTime space = SpaceTime.create(1024);
    private final SpaceTimeChannel channel = space.createChannel("frames");
    private final SpaceTimeQueue jobs = space.createQueue("jobs");
    private final SpaceTimeQueue results = space.createQueue("results");
    private final SpaceTimeRegister level = space.createRegister("level");
    private final SpaceTimeServer server = SpaceTimeServer.open(space,
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .publish(channel).publish(jobs).publish(results).publish(level);
    private final RemoteSpaceTime remote = RemoteSpaceTime.connect(server.address());
    private final TestGraph graph = new TestGraph();

    @AfterEach
    void close() {
        remote.close();
        server.close();
        space.close();
    }

    private RemoteSpaceTimeFilters cameraAndTracker(Camera camera, Tracker tracker) {
        graph.link(graph.clock(1000), camera).link(graph.clock(1000), tracker);
        RemoteSpaceTimeFilters st = RemoteSpaceTimeFilters.of(remote, graph, BOUND);
        st.join(camera, 0).output(camera, "frames", "frames");
        st.join(tracker, SpaceTime.INFINITY).input(tracker, "frames", "frames");
        graph.check();
        return st;
    }

    private static List<Long> got(Tracker tracker) {
        List<Long> list = new ArrayList<>();
        for (int i = 0; i < tracker.gets; i++) {
            list.add(tracker.got(i));
        }
        return list;
    }

    @Test
    void aTrackerFilterGetsEveryFrameACameraFilterPutsInTheServersSpaceAndEachIsCollected() {
        Camera camera = graph.filter(Camera.class);
        Tracker tracker = graph.filter(Tracker.class);
        cameraAndTracker(camera, tracker);
        GraphDriver.of(graph).run(40);
        List<Long> expected = new ArrayList<>();
        for (long k = 0; k < 40; k++) {
            expected.add(k);
            assertEquals(1_000_000 + k, tracker.value((int) k), "frame " + k + " read back bit for bit");
        }
        assertEquals(expected, got(tracker));
        assertEquals(40, space.reclaimedItems(), "every frame consumed in the server's space and collected");
        assertEquals(0, channel.liveItems());
    }

    @Test
    void aRemoteFiltersPutIsPublishedOnlyWhenWorkReturnsAndDroppedWhenItThrows() throws Exception {
        Camera camera = graph.filter(Camera.class);
        Tracker tracker = graph.filter(Tracker.class);
        cameraAndTracker(camera, tracker);
        graph.setFailurePolicy(camera, FailurePolicy.skip(10));
        camera.failOn = 3;
        GraphDriver driver = GraphDriver.of(graph).run(4);
        assertEquals(List.of(0L, 1L, 2L), got(tracker), "frame 3 was never published in the server's space");
        assertEquals(1, graph.failureCount(camera));
        assertEquals(3, space.horizon(), "the failed release's virtual time (4) was dropped: the camera is at 3");
        driver.run(2);
        assertEquals(List.of(0L, 1L, 2L, 4L, 5L), got(tracker));
        assertEquals(5, space.reclaimedItems(), "frames 0, 1, 2, 4, 5; frame 3's slot went back unpublished");
    }

    @Test
    void aRemoteFiltersGetAndConsumeAreUndoneWhenWorkThrows() {
        Camera camera = graph.filter(Camera.class);
        Tracker tracker = graph.filter(Tracker.class);
        cameraAndTracker(camera, tracker);
        graph.setFailurePolicy(tracker, FailurePolicy.skip(10));
        tracker.oldest = true;
        tracker.failOn = 5;
        GraphDriver driver = GraphDriver.of(graph).run(6);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), got(tracker));
        assertEquals(1, channel.liveItems(), "frame 5 is still unconsumed: the consume was dropped");
        assertEquals(5, space.horizon(), "and the get undone: frame 5 holds the minimum, not the tracker");
        tracker.failOn = -1;
        driver.run(2);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 5L, 6L), got(tracker), "frame 5 got again");
        assertEquals(7, space.reclaimedItems());
    }

    @Test
    void aRemoteRunnersQueueGetGoesBackToTheHeadAndItsWritesAreDroppedWhenWorkThrows() throws Exception {
        Runner runner = graph.filter(Runner.class);
        graph.link(graph.clock(1000), runner);
        graph.setFailurePolicy(runner, FailurePolicy.skip(10));
        RemoteSpaceTimeFilters st = RemoteSpaceTimeFilters.of(remote, graph, BOUND);
        st.join(runner, SpaceTime.INFINITY).queueInput(runner, "jobs", "jobs").queueOutput(runner, "results",
                "results").register(runner, "level", "level");
        graph.check();
        SpaceTimeThread plain = space.join("plain", 0);
        QueueOutput out = plain.attachOutput(jobs);
        QueueInput resultsIn = plain.attachInput(results);
        RegisterConnection levelIn = plain.attach(level);
        plain.attach(level).write(new byte[] {7});
        out.put(10, new byte[] {1});
        out.put(11, new byte[] {2});
        runner.fail = true;
        GraphDriver driver = GraphDriver.of(graph).run(1);
        assertEquals(0, runner.got);
        assertEquals(7, runner.lastLevel, "the register read copied the value at the call");
        assertEquals(2, jobs.waitingItems(), "the job went back to the queue");
        assertEquals(0, results.waitingItems(), "the result put was dropped");
        byte[] v = new byte[8];
        assertEquals(1, levelIn.readNew(v, 0, TimeUnit.MILLISECONDS));
        assertEquals(7, v[0], "the register write was dropped");
        runner.fail = false;
        driver.run(1);
        assertEquals(0, runner.got, "the undone job got again, first: back at the head");
        assertEquals(7, runner.lastLevel, "the undone read left the filter's connection full: read again");
        try (ItemView result = resultsIn.get(1, TimeUnit.SECONDS)) {
            assertEquals(10, result.timestamp());
            assertEquals(1, result.getByte(0));
            assertEquals(7, result.getByte(1));
            resultsIn.consume(result.ticket());
        }
        assertEquals(1, levelIn.readNew(v, 0, TimeUnit.MILLISECONDS));
        assertEquals(101, v[0], "the committed work()'s write");
        driver.run(1);
        assertEquals(1, runner.got);
        assertEquals(101, runner.lastLevel, "its own write of the last work() read back");
        assertEquals(0, jobs.waitingItems());
        assertEquals(3, space.reclaimedItems(), "both jobs consumed and freed, and the first result");
        plain.leave();
    }

    @Test
    void aServerThatDoesNotAnswerWithinTheBoundIsAClearErrorAndTheWorkIsUndoneThere() {
        Camera camera = graph.filter(Camera.class);
        Tracker tracker = graph.filter(Tracker.class);
        cameraAndTracker(camera, tracker);
        GraphDriver driver = GraphDriver.of(graph).run(2);
        BoundaryError failure;
        space.lock.lock(); // the server's event loop waits for the lock: no answer comes
        try {
            failure = assertThrows(BoundaryError.class, () -> driver.run(1));
        } finally {
            space.lock.unlock();
        }
        assertTrue(failure.causeMessage().contains("did not answer F_PUT within 300 ms; the connection is closed"),
                failure.causeMessage());
        // The closed connection's threads leave; the put the server staged meanwhile is dropped.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (server.sessionsClosed() == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(1, server.sessionsClosed());
        assertEquals(0, channel.liveItems(), "frame 2 was never published");
        assertEquals(SpaceTime.INFINITY, space.horizon(), "the camera and tracker left, nothing is unconsumed");
    }

    @Test
    void anotherThreadsPutAtAStagedTimestampRefusesTheCommitAsLocally() {
        RemoteFilterThread camera = remote.joinFilter("Camera#1", 0, BOUND.toNanos());
        SpaceTimeOutput frames = new SpaceTimeOutput(camera,
                remote.attach(camera.id, SpaceTimeWire.ATTACH_OUTPUT, "frames"), "frames");
        SpaceTimeThread plain = space.join("plain", 0);
        camera.begin();
        frames.put(5, new byte[] {1});
        frames.setVirtualTime(6);
        plain.attachOutput(channel).put(5, new byte[] {2});
        DuplicateTimestampException refused = assertThrows(DuplicateTimestampException.class, camera::commit);
        assertEquals("frames", refused.channel());
        assertEquals(5, refused.timestamp());
        assertEquals(new DuplicateTimestampException("frames", 5).getMessage(), refused.getMessage());
        assertEquals(0, camera.virtualTime(), "nothing of the work() made: not its virtual time either");
        assertEquals(1, channel.liveItems(), "only the plain thread's item");
        camera.begin();
        frames.put(6, new byte[] {3});
        camera.commit();
        assertEquals(2, channel.liveItems(), "the next work() goes on");
        plain.leave();
    }

    @Test
    void aRemoteFiltersOperationOutsideWorkIsRefusedAtTheCall() {
        RemoteFilterThread tracker = remote.joinFilter("Tracker#1", 0, BOUND.toNanos());
        SpaceTimeInput frames = new SpaceTimeInput(tracker,
                remote.attach(tracker.id, SpaceTimeWire.ATTACH_INPUT, "frames"), "frames");
        SpaceTimeStateException outside = assertThrows(SpaceTimeStateException.class,
                () -> frames.get(Wildcard.NEWEST));
        assertEquals("a get on channel frames by filter Tracker#1 outside its work(): a filter uses space-time only"
                + " while its work() runs (not in trigger(), a constructor or an @Atomic method)",
                outside.getMessage());
    }

    @Test
    void aPutReleasedWaitIsRefusedOnARemoteHandleWithItsFix() {
        Camera camera = graph.filter(Camera.class);
        Tracker tracker = graph.filter(Tracker.class);
        cameraAndTracker(camera, tracker);
        SpaceTimeInput frames = (SpaceTimeInput) FilterBindings.boundValue(tracker, "frames");
        SpaceTimeStateException refused = assertThrows(SpaceTimeStateException.class, frames::hasUnseen);
        assertEquals("hasUnseen() of frames is not built for a remote space: a filter bound to a server's space is"
                + " released by its clock's period; give it a periodic clock and let its get return null when there"
                + " is nothing new", refused.getMessage());
    }

    @Test
    void bindingToAChannelTheServerDoesNotPublishNamesIt() {
        Tracker tracker = graph.filter(Tracker.class);
        RemoteSpaceTimeFilters st = RemoteSpaceTimeFilters.of(remote);
        st.join(tracker, 0);
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> st.input(tracker, "frames", "nothing"));
        assertTrue(missing.getMessage().startsWith("no channel named nothing is published"), missing.getMessage());
        SpaceTimeStateException notJoined = assertThrows(SpaceTimeStateException.class,
                () -> st.input(graph.filter(Tracker.class), "frames", "frames"));
        assertTrue(notJoined.getMessage().endsWith("it has not joined this remote space; call join(filter,"
                + " virtualTime) on this RemoteSpaceTimeFilters first"), notJoined.getMessage());
        st.leave();
    }
}
