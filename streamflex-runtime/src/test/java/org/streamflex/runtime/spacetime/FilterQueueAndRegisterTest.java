package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A filter's queue and register operations as one transaction, without a graph: what commit and undo make. */
class FilterQueueAndRegisterTest {
    private final SpaceTime space = SpaceTime.create(64);
    private final SpaceTimeQueue queue = space.createQueue("jobs");
    private final SpaceTimeRegister register = space.createRegister("threshold");
    private final SpaceTimeThread plain = space.join("plain", 0);
    private final QueueOutput plainOut = plain.attachOutput(queue);
    private final RegisterConnection plainRegister = plain.attach(register);
    private final SpaceTimeThread thread = space.join("Runner#1", SpaceTime.INFINITY);
    private final FilterThread filter = new FilterThread(space, thread, "Runner#1");
    private final QueueInput in = thread.attachInput(queue);
    private final SpaceTimeQueueInput jobs = new SpaceTimeQueueInput(filter, in, queue);
    private final SpaceTimeThread producerThread = space.join("Tiler#1", 0);
    private final FilterThread producer = new FilterThread(space, producerThread, "Tiler#1");
    private final SpaceTimeQueueOutput tiles =
            new SpaceTimeQueueOutput(producer, producerThread.attachOutput(queue), queue);
    private final SpaceTimeRegisterHandle threshold = new SpaceTimeRegisterHandle(filter, register);

    FilterQueueAndRegisterTest() {
        filter.addQueueInput(in);
    }

    @AfterEach
    void close() {
        space.close();
    }

    private static byte[] bytes(int first) {
        return new byte[] {(byte) first, 2, 3};
    }

    @Test
    void queueGetsAreUndoneWhenWorkThrowsAndTheItemsGoBackToTheHeadInOrder() throws Exception {
        for (int i = 0; i < 4; i++) {
            plainOut.put(10 + i, bytes(i));
        }
        filter.begin();
        SpaceTimeItem first = jobs.get();
        SpaceTimeItem second = jobs.get();
        assertEquals(0, first.ticket());
        assertEquals(1, second.ticket());
        assertEquals(2, queue.waitingItems(), "got at once: no other get can have them");
        assertEquals(10, thread.visibility(), "an open queue item holds the filter's visibility");
        jobs.consume(first.ticket());
        filter.undo();
        first.release(); // outside a graph no work() holds them: the caller does
        second.release();
        assertEquals(4, queue.waitingItems(), "back in the queue, not consumed");
        assertEquals(SpaceTime.INFINITY, thread.visibility());
        QueueInput other = space.join("other", 0).attachInput(queue);
        for (long ticket = 0; ticket < 4; ticket++) {
            try (ItemView v = other.get()) {
                assertEquals(ticket, v.ticket(), "the undone gets went back to the head, in their order");
                assertEquals((byte) ticket, v.getByte(0));
                other.consume(v.ticket());
            }
        }
        assertEquals(4, space.reclaimedItems());
    }

    @Test
    void aQueueConsumeFreesTheItemOnlyWhenWorkReturns() {
        plainOut.put(5, bytes(7));
        plain.setVirtualTime(SpaceTime.INFINITY);
        filter.begin();
        SpaceTimeItem job = jobs.get();
        jobs.consume(job.ticket());
        assertEquals(0, space.reclaimedItems());
        assertEquals(5, thread.visibility(), "still open until the commit");
        filter.commit();
        job.release();
        assertEquals(1, space.reclaimedItems());
        assertEquals(SpaceTime.INFINITY, thread.visibility());
    }

    @Test
    void aQueueConsumeOfATicketNotHeldOrTwiceInOneWorkIsRefusedAtTheCall() {
        plainOut.put(5, bytes(1));
        filter.begin();
        SpaceTimeStateException notHeld = assertThrows(SpaceTimeStateException.class, () -> jobs.consume(0));
        assertEquals("input connection of thread Runner#1 to queue jobs holds no item with ticket 0 open: consume"
                + " only a ticket this connection got, once", notHeld.getMessage());
        SpaceTimeItem job = jobs.get();
        jobs.consume(job.ticket());
        SpaceTimeStateException twice = assertThrows(SpaceTimeStateException.class, () -> jobs.consume(0));
        assertEquals("filter Runner#1 consumes ticket 0 of queue jobs twice in one work()", twice.getMessage());
        filter.commit();
        job.release();
        assertEquals(1, space.reclaimedItems());
    }

    @Test
    void aQueuePutJoinsTheQueueWhenWorkReturnsWithTheNextTicketThen() throws Exception {
        producer.begin();
        tiles.put(20, bytes(9));
        assertEquals(0, queue.waitingItems(), "not published before the commit");
        plainOut.put(3, bytes(8)); // another thread's put meanwhile takes ticket 0
        producer.commit();
        assertEquals(2, queue.waitingItems());
        QueueInput other = space.join("other", 0).attachInput(queue);
        try (ItemView a = other.get(); ItemView b = other.get()) {
            assertEquals(0, a.ticket());
            assertEquals(3, a.timestamp());
            assertEquals(1, b.ticket(), "tickets in the order items joined the queue");
            assertEquals(20, b.timestamp());
            assertArrayEquals(bytes(9), b.toByteArray());
        }
    }

    @Test
    void aQueuePutIsDroppedWhenWorkThrows() {
        producer.begin();
        tiles.put(20, bytes(9));
        long reserved = space.reservedBytes();
        producer.undo();
        assertEquals(0, queue.waitingItems());
        producer.begin();
        tiles.put(21, bytes(9));
        assertEquals(reserved, space.reservedBytes(), "the dropped put's slot was reused");
        producer.commit();
        assertEquals(1, queue.waitingItems());
    }

    @Test
    void aQueuePutBelowTheVisibilityOrAtInfinityIsRefusedAtTheCall() {
        plainOut.put(5, bytes(1));
        filter.begin();
        SpaceTimeItem job = jobs.get();
        SpaceTimeQueueOutput again = new SpaceTimeQueueOutput(filter, thread.attachOutput(queue), queue);
        VirtualTimeException below = assertThrows(VirtualTimeException.class, () -> again.put(4, bytes(1)));
        assertEquals("filter Runner#1 cannot put at timestamp 4 on queue jobs: a put's timestamp must be at least the"
                + " filter's visibility, 5 (its virtual time, or the oldest item it holds open)", below.getMessage());
        VirtualTimeException infinity = assertThrows(VirtualTimeException.class,
                () -> again.put(SpaceTime.INFINITY, bytes(1)));
        assertEquals("INFINITY is a virtual time, not a timestamp: put on queue jobs at a finite timestamp",
                infinity.getMessage());
        filter.undo();
        job.release();
    }

    @Test
    void aRegisterWriteIsPublishedWhenWorkReturnsAndNeverWhenItThrows() throws Exception {
        filter.begin();
        threshold.write(bytes(1));
        assertFalse(plainRegister.isFull(), "not published before the commit");
        filter.undo();
        assertFalse(plainRegister.isFull(), "nor after an undo");
        filter.begin();
        threshold.write(bytes(2));
        threshold.write(bytes(3)); // the last write of one work() wins
        filter.commit();
        byte[] got = new byte[8];
        assertEquals(3, plainRegister.readNew(got, 0, TimeUnit.SECONDS));
        assertEquals(3, got[0]);
        assertFalse(plainRegister.isFull(), "one write: one version");
    }

    @Test
    void aRegisterReadEmptiesTheConnectionOnlyWhenWorkReturns() {
        plainRegister.write(bytes(4));
        byte[] dst = new byte[8];
        filter.begin();
        assertEquals(3, threshold.readNew(dst));
        assertEquals(4, dst[0]);
        assertEquals(-1, threshold.readNew(dst), "read once per write, this work()'s reads included");
        assertFalse(threshold.isFull());
        filter.undo();
        assertTrue(threshold.isFull(), "the undone read left the connection full");
        filter.begin();
        dst[0] = 0;
        assertEquals(3, threshold.readNew(dst));
        assertEquals(4, dst[0], "read again at the next release");
        filter.commit();
        assertFalse(threshold.isFull());
        filter.begin();
        assertEquals(-1, threshold.readNew(dst));
        filter.commit();
    }

    @Test
    void aRegisterReadIntoATooSmallBufferNamesBothSizesAndLeavesItFull() {
        plainRegister.write(bytes(4));
        filter.begin();
        BufferTooSmallException e = assertThrows(BufferTooSmallException.class, () -> threshold.readNew(new byte[2]));
        assertEquals("register threshold holds 3 bytes; filter Runner#1's buffer has room for 2 (the register stays"
                + " full: read again into a buffer of at least 3 bytes)", e.getMessage());
        assertEquals(3, e.itemBytes());
        assertEquals(2, e.bufferBytes());
        filter.commit();
        assertTrue(threshold.isFull());
    }

    @Test
    void queueAndRegisterUseOutsideWorkIsRefused() {
        SpaceTimeStateException get = assertThrows(SpaceTimeStateException.class, jobs::get);
        assertTrue(get.getMessage().startsWith("a get on queue jobs by filter Runner#1 outside its work()"),
                get.getMessage());
        SpaceTimeStateException write = assertThrows(SpaceTimeStateException.class, () -> threshold.write(bytes(1)));
        assertTrue(write.getMessage().startsWith("a write to register threshold by filter Runner#1 outside its work()"),
                write.getMessage());
    }

    @Test
    void aLeavingFilterConsumesTheQueueItemsItHoldsOpenSoTheyNoLongerHoldTheMinimum() {
        plainOut.put(5, bytes(1));
        plainOut.put(6, bytes(2));
        plain.setVirtualTime(100);
        producerThread.setVirtualTime(100);
        filter.begin();
        SpaceTimeItem job = jobs.get();
        filter.commit(); // got, never consumed: open across releases
        job.release();
        assertEquals(5, space.horizon());
        assertEquals(1, filter.leave());
        assertEquals(6, space.horizon(), "item 5 consumed; item 6 still waits in the queue");
        assertEquals(1, queue.waitingItems());
        assertEquals(0, filter.leave(), "idempotent");
    }
}
