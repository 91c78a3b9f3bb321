package org.streamflex.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.BooleanChannel;
import org.streamflex.ByteChannel;
import org.streamflex.ChannelUnderflowException;
import org.streamflex.CharChannel;
import org.streamflex.DataChannel;
import org.streamflex.DoubleChannel;
import org.streamflex.FloatChannel;
import org.streamflex.IntChannel;
import org.streamflex.LongChannel;
import org.streamflex.RateViolationError;
import org.streamflex.ShortChannel;

/**
 * The one-slot channels between filters of a chain run depth first, and the ring operations the
 * chain keeps their counts with.
 */
class OneSlotChannelTest {

    private static LongRing confinedRing(int capacity) {
        LongRing ring = new LongRing(capacity, "a.out -> b.in");
        ring.confine();
        return ring;
    }

    @Test
    void anItemPutIsTakenOnceAndASecondPutBeforeTheTakeIsARateViolation() {
        IntChannel slot = new SlotIntChannel(confinedRing(4));
        assertEquals(0, slot.size());
        assertThrows(ChannelUnderflowException.class, slot::take);
        assertTrue(slot.put(7));
        assertEquals(1, slot.size());
        assertEquals(7, slot.peek(0));
        assertThrows(ChannelUnderflowException.class, () -> slot.peek(1));
        RateViolationError second = assertThrows(RateViolationError.class, () -> slot.put(8));
        assertTrue(second.getMessage().contains("a.out -> b.in"), second.getMessage());
        assertEquals(7, slot.take(), "the second put did not overwrite the first");
        assertThrows(ChannelUnderflowException.class, slot::take);
    }

    @Test
    void untakeGivesTheItemBackOnlyAfterATake() {
        IntChannel slot = new SlotIntChannel(confinedRing(4));
        slot.put(3);
        assertThrows(ChannelUnderflowException.class, () -> slot.untake(3));
        assertEquals(3, slot.take());
        slot.untake(5);
        assertEquals(5, slot.take());
    }

    @Test
    void holdHandsAnItemToTheEmptySlotAndRefusesAFullOne() {
        SlotLongChannel slot = new SlotLongChannel(confinedRing(4));
        slot.hold(42);
        assertTrue(slot.holdsItem());
        assertThrows(RateViolationError.class, () -> slot.hold(43));
        assertEquals(42, slot.take());
        assertFalse(slot.holdsItem());
        slot.held(true); // a take undone
        assertEquals(42, slot.heldBits());
        assertEquals(42, slot.take());
    }

    @Test
    void transferCopyAndSkipMoveAtMostTheOneItem() {
        LongRing target = confinedRing(4);
        IntChannel onRing = (IntChannel) Channels.primitive(IntChannel.class, target);
        IntChannel slot = new SlotIntChannel(confinedRing(4));
        assertEquals(0, slot.transferTo(onRing));
        slot.put(9);
        slot.copyTo(onRing, 1);
        assertEquals(1, slot.transferTo(onRing, 5));
        assertEquals(0, slot.size());
        target.publishPuts();
        assertEquals(2, onRing.size());
        slot.put(1);
        assertThrows(ChannelUnderflowException.class, () -> slot.skip(2));
        slot.skip(1);
        assertEquals(0, slot.size());
        DataChannel doubles = new SlotDoubleChannel(confinedRing(4));
        assertThrows(IllegalArgumentException.class, () -> doubles.transferTo(onRing));
    }

    @Test
    void everyPrimitiveChannelHasAOneSlotChannelThatKeepsItsValuesBits() {
        List<Class<? extends DataChannel>> kinds = List.of(IntChannel.class, LongChannel.class, FloatChannel.class,
                DoubleChannel.class, ShortChannel.class, ByteChannel.class, CharChannel.class, BooleanChannel.class);
        for (Class<? extends DataChannel> kind : kinds) {
            LongRing ring = confinedRing(2);
            DataChannel slot = Channels.oneSlot(Channels.primitive(kind, ring));
            assertInstanceOf(kind, slot);
            assertInstanceOf(OneSlot.class, slot);
            assertEquals("Slot" + kind.getSimpleName(), slot.getClass().getSimpleName());
            assertEquals(ring, ((RingBacked) slot).ring());
        }
        DoubleChannel d = (DoubleChannel) Channels.oneSlot(Channels.primitive(DoubleChannel.class, confinedRing(2)));
        double oddNaN = Double.longBitsToDouble(0x7ff8_0000_0000_0abcL);
        d.put(oddNaN);
        assertEquals(0x7ff8_0000_0000_0abcL, Double.doubleToRawLongBits(d.take()));
        assertThrows(IllegalArgumentException.class, () -> Channels.oneSlot(new SlotIntChannel(confinedRing(2))));
    }

    @Test
    void aTrustedSlotOfEveryKindPassesItsItemAndKeepsItsBitsForAFailedChainToGiveBack() {
        List<Class<? extends DataChannel>> kinds = List.of(IntChannel.class, LongChannel.class, FloatChannel.class,
                DoubleChannel.class, ShortChannel.class, ByteChannel.class, CharChannel.class, BooleanChannel.class);
        for (Class<? extends DataChannel> kind : kinds) {
            DataChannel slot = Channels.oneSlot(Channels.primitive(kind, confinedRing(2)), true);
            assertInstanceOf(kind, slot);
            assertEquals("Trusted", slot.getClass().getSimpleName());
            assertEquals("Slot" + kind.getSimpleName(), slot.getClass().getEnclosingClass().getSimpleName());
        }
        SlotDoubleChannel d = new SlotDoubleChannel.Trusted(confinedRing(2));
        double oddNaN = Double.longBitsToDouble(0x7ff8_0000_0000_0abcL);
        d.put(oddNaN);
        assertEquals(0x7ff8_0000_0000_0abcL, Double.doubleToRawLongBits(d.take()));
        // The take left the bits: a chain whose consumer failed marks the item held again and puts it on the ring.
        d.held(true);
        assertTrue(d.holdsItem());
        assertEquals(0x7ff8_0000_0000_0abcL, d.heldBits());
        SlotIntChannel i = new SlotIntChannel.Trusted(confinedRing(2));
        i.hold(-7);
        assertEquals(-7, i.take());
        i.put(5);
        assertEquals(5, i.take());
    }

    @Test
    void itemsCountedAsPassedThroughReadAsPublishedAndConsumed() {
        LongRing ring = confinedRing(4);
        ring.countPassedThrough(5);
        assertEquals(5, ring.published());
        assertEquals(5, ring.consumed());
        assertEquals(0, ring.size());
        assertEquals(4, ring.free(), "the producer's limit moved with the items");
        assertTrue(ring.put(1));
        ring.publishPuts();
        assertThrows(IllegalStateException.class, () -> ring.countPassedThrough(1), "the ring holds an item");
        assertEquals(1, ring.take());
        ring.publishTakes();
        ring.countPassedThrough(2);
        assertEquals(8, ring.published());
        LongRing shared = new LongRing(4, "x.out -> y.in");
        assertThrows(IllegalStateException.class, () -> shared.countPassedThrough(1), "not confined");
    }

    @Test
    void aTransactionIsUndoneAfterItsFirstTakesOrPuts() {
        LongRing ring = confinedRing(8);
        for (int i = 0; i < 5; i++) {
            ring.put(i);
        }
        ring.rollbackPutsAfter(3);
        ring.publishPuts();
        assertEquals(3, ring.published());
        ring.take();
        ring.take();
        ring.take();
        ring.rollbackTakesAfter(1);
        ring.publishTakes();
        assertEquals(1, ring.consumed());
        assertEquals(1, ring.take(), "the takes after the first were given back");
    }
}
