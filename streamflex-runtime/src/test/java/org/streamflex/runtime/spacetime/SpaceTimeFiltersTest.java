package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.streamflex.FailurePolicy;
import org.streamflex.SharedQueue;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.graph.TestGraph;

/** Filters as space-time threads, under the deterministic driver: puts, gets, holds, undo. */
class SpaceTimeFiltersTest {
    private static final int PERIOD = 1000;
    private static final long BASE = 1_000_000;

    /** Puts frame {@code k} (16 bytes: BASE + k, k) at the k-th release, then moves its virtual time past it. */
    public static final class Camera extends SpaceTimeFilter {
        private TimeChannel timer;
        private SpaceTimeOutput frames;
        private final byte[] pixels = new byte[16];
        public long failOn = -1;

        @Override
        protected void process() {
            long frame = timer.getTime() / PERIOD;
            for (int i = 0; i < 8; i++) {
                pixels[i] = (byte) ((BASE + frame) >>> (8 * i));
                pixels[8 + i] = (byte) (frame >>> (8 * i));
            }
            frames.put(frame, pixels);
            frames.setVirtualTime(frame + 1);
            if (frame == failOn) {
                throw new IllegalStateException("camera fails at frame " + frame);
            }
        }
    }

    /** Gets one frame per release (the oldest or the newest unseen), records it and consumes up to it. */
    public static final class Tracker extends SpaceTimeFilter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter; process() does not read the time
        private TimeChannel timer;
        private SpaceTimeInput frames;
        private final SharedQueue<SpaceTimeItem> held = new SharedQueue<>(1);
        public boolean oldest;
        public long failOn = -1;
        public long holdAt = -1;
        public boolean letGo;
        public long heldValue = -1;
        private final long[] got = new long[256];
        private final long[] values = new long[256];
        public int gets;

        public long got(int i) {
            return got[i];
        }

        public long value(int i) {
            return values[i];
        }

        @Override
        protected void process() {
            if (!held.isEmpty()) {
                heldValue = held.get(0).getLong(0); // a frame kept from an earlier release
                if (letGo) {
                    held.dropFirst();
                }
            }
            SpaceTimeItem frame = frames.get(oldest ? Wildcard.OLDEST : Wildcard.LATEST_UNSEEN);
            if (frame == null) {
                return;
            }
            got[gets] = frame.timestamp();
            values[gets++] = frame.getLong(0);
            frames.consumeUntil(frame.timestamp());
            if (frame.timestamp() == holdAt) {
                held.add(frame);
            }
            if (frame.timestamp() == failOn) {
                throw new IllegalStateException("tracker fails at frame " + frame.timestamp());
            }
        }
    }

    private final SpaceTime space = SpaceTime.create(1024);
    private final SpaceTimeChannel channel = space.createChannel("frames");
    private final TestGraph graph = new TestGraph();
    private final Camera camera = graph.filter(Camera.class);
    private final Tracker tracker = graph.filter(Tracker.class);
    private final SpaceTimeFilters bindings = SpaceTimeFilters.of(space);

    SpaceTimeFiltersTest() {
        graph.link(graph.clock(PERIOD), camera).link(graph.clock(PERIOD), tracker);
        bindings.join(camera, 0).output(camera, "frames", channel);
        bindings.join(tracker, SpaceTime.INFINITY).input(tracker, "frames", channel);
        graph.check();
    }

    private List<Long> got() {
        List<Long> list = new ArrayList<>();
        for (int i = 0; i < tracker.gets; i++) {
            list.add(tracker.got(i));
        }
        return list;
    }

    @AfterEach
    void close() {
        space.close();
    }

    @Test
    void aTrackerFilterGetsEveryFrameACameraFilterPutsAndEachIsCollectedOnceConsumed() {
        GraphDriver driver = GraphDriver.of(graph).run(100);
        List<Long> expected = new ArrayList<>();
        for (long k = 0; k < 100; k++) {
            expected.add(k);
            assertEquals(BASE + k, tracker.value((int) k), "frame " + k + " read back");
        }
        assertEquals(expected, got());
        assertEquals(100, bindings.thread(camera).virtualTime());
        // Frame k is consumed at release k and the camera is past it: every frame is freed.
        assertEquals(100, space.reclaimedItems());
        assertEquals(0, channel.liveItems());
        driver.run(1);
        assertEquals(101, space.reclaimedItems());
    }

    @Test
    void anItemAFilterHoldsStaysReadableAndUnfreedUntilItLetsItGo() {
        tracker.holdAt = 3;
        GraphDriver driver = GraphDriver.of(graph).run(10);
        // Frame 3 is consumed and below the minimum (10): collected, but its memory is still held.
        assertEquals(0, channel.liveItems());
        assertEquals(10, space.horizon());
        assertEquals(9, space.reclaimedItems());
        assertEquals(BASE + 3, tracker.heldValue, "the held frame is read at a later release");
        tracker.letGo = true;
        driver.run(1);
        assertEquals(BASE + 3, tracker.heldValue);
        assertEquals(11, space.reclaimedItems(), "frame 3 freed when dropped from the queue, frame 10 consumed");
    }

    @Test
    void putIsDroppedAndVirtualTimeKeptWhenWorkThrows() {
        graph.setFailurePolicy(camera, FailurePolicy.skip(10));
        camera.failOn = 3;
        GraphDriver driver = GraphDriver.of(graph).run(4);
        assertEquals(List.of(0L, 1L, 2L), got(), "frame 3 was never published");
        assertEquals(3, bindings.thread(camera).virtualTime(), "the failed release's virtual time was dropped");
        assertEquals(1, graph.failureCount(camera));
        driver.run(2);
        assertEquals(List.of(0L, 1L, 2L, 4L, 5L), got());
        assertEquals(5, space.reclaimedItems(), "frames 0, 1, 2, 4, 5; frame 3's slot went back unpublished");
    }

    @Test
    void consumeIsUndoneWhenWorkThrows() {
        graph.setFailurePolicy(tracker, FailurePolicy.skip(10));
        tracker.oldest = true;
        tracker.failOn = 5;
        GraphDriver driver = GraphDriver.of(graph).run(6);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), got());
        assertEquals(1, channel.liveItems(), "frame 5 is still unconsumed");
        assertEquals(5, space.horizon());
        assertEquals(SpaceTime.INFINITY, bindings.thread(tracker).visibility(), "the get was undone: nothing is open");
        tracker.failOn = -1;
        driver.run(2);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 5L, 6L), got(), "frame 5 got again, then the tracker lags");
        assertEquals(7, space.reclaimedItems());
    }

    @Test
    void getIsUndoneWhenWorkThrowsSoTheItemIsUnseenAgain() {
        graph.setFailurePolicy(FailurePolicy.skip(10));
        tracker.failOn = 2;
        camera.failOn = 3; // no newer frame at release 3: LATEST_UNSEEN finds frame 2 only if it is unseen
        GraphDriver driver = GraphDriver.of(graph).run(3);
        tracker.failOn = -1;
        driver.run(1);
        assertEquals(List.of(0L, 1L, 2L, 2L), got());
        assertEquals(3, space.reclaimedItems());
    }

    @Test
    void stoppedFiltersLeaveTheSpaceSoAPlainThreadsItemsAreStillCollected() throws Exception {
        GraphDriver.of(graph).run(5);
        SpaceTimeThread plain = space.join("plain", 5);
        OutputConnection out = plain.attachOutput(channel);
        out.put(5, new byte[8]);
        plain.setVirtualTime(6);
        assertEquals(1, channel.liveItems(), "the stopped tracker has not consumed frame 5: it holds it");
        bindings.leave();
        assertEquals(0, channel.liveItems());
        assertEquals(6, space.reclaimedItems());
    }

    @Test
    void bindingErrorsNameTheFilterTheFieldAndTheFix() {
        TestGraph other = new TestGraph();
        Tracker unjoined = other.filter(Tracker.class);
        SpaceTimeStateException notJoined = assertThrows(SpaceTimeStateException.class,
                () -> bindings.input(unjoined, "frames", channel));
        assertTrue(notJoined.getMessage().contains("call join(filter, virtualTime)"), notJoined.getMessage());
        bindings.join(unjoined, SpaceTime.INFINITY);
        SpaceTimeStateException missing = assertThrows(SpaceTimeStateException.class,
                () -> bindings.input(unjoined, "frame", channel));
        assertTrue(missing.getMessage().contains("has no field 'frame'"), missing.getMessage());
        SpaceTimeStateException wrongType = assertThrows(SpaceTimeStateException.class,
                () -> bindings.output(unjoined, "frames", channel));
        assertTrue(wrongType.getMessage().contains("is a SpaceTimeInput, not a SpaceTimeOutput"),
                wrongType.getMessage());
        SpaceTimeStateException twice = assertThrows(SpaceTimeStateException.class,
                () -> bindings.input(tracker, "frames", channel));
        assertTrue(twice.getMessage().contains("already bound"), twice.getMessage());
        assertThrows(SpaceTimeStateException.class, () -> bindings.join(tracker, 0));
    }
}
