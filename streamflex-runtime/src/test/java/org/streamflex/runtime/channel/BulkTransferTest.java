package org.streamflex.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.streamflex.Channel;
import org.streamflex.ChannelUnderflowException;
import org.streamflex.DataChannel;
import org.streamflex.runtime.channel.ChannelContractTest.Kind;
import org.streamflex.runtime.channel.ChannelContractTest.Link;

/**
 * The bulk {@code put(values, from, count)} and {@code take(into, at, count)} of the eight primitive
 * channels: each the same as that many single puts or takes, on the ring's channel (which copies
 * runs) and on the one-slot channel of a depth-first chain (which has the API's loop).
 */
class BulkTransferTest {
    static Stream<Kind> primitives() {
        return Kind.ALL.stream().filter(k -> k.type != Channel.class);
    }

    static Stream<Arguments> primitivesAndOffsets() {
        // Offsets that put the run at the storage's start, in its middle, and across its end.
        return primitives().flatMap(k -> Stream.of(0, 3, 6).map(offset -> Arguments.of(k, offset)));
    }

    @ParameterizedTest(name = "{0}, ring at {1}")
    @MethodSource("primitivesAndOffsets")
    void aBulkPutAndABulkTakeMoveTheValuesInOrderWhereverTheRunFallsInTheRing(Kind kind, int offset) {
        Link link = kind.link(8); // storage of 8 slots: a run of 5 from slot 6 wraps to slot 0
        advance(link, offset);
        Object values = kind.array(7);
        assertEquals(5, bulkPut(link, values, 1, 5));
        assertEquals(0, link.channel.size(), "published only when the producer's work() commits");
        link.commitProducer();
        assertEquals(5, link.channel.size());
        Object into = kind.array(9);
        bulkTake(link, into, 2, 5);
        link.commitConsumer();
        assertEquals(0, link.channel.size());
        for (int i = 0; i < 5; i++) {
            assertEquals(kind.key(kind.value(1 + i)), kind.key(Array.get(into, 2 + i)), "value " + i);
        }
        assertEquals(kind.key(kind.value(0)), kind.key(Array.get(into, 0)), "nothing written before at");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("primitives")
    void aBulkPutOnAFullChannelPutsWhatFitsAndCountsTheRestAsDroppedWhenTheWorkCommits(Kind kind) {
        Link link = kind.link(3);
        assertEquals(3, bulkPut(link, kind.array(5), 0, 5));
        assertEquals(0, link.channel.dropped());
        link.commitProducer();
        assertEquals(2, link.channel.dropped());
        assertEquals(3, link.channel.published());
        link.assertTakes(0, 1, 2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("primitives")
    void aBulkPutOnAFullLosslessChannelSpillsTheRestInOrder(Kind kind) {
        Link link = kind.link(3);
        ((LongRing) link.ring).lossless(16);
        assertEquals(6, bulkPut(link, kind.array(6), 0, 6));
        link.commitProducer();
        assertEquals(0, link.channel.dropped());
        link.assertTakes(0, 1, 2);
        link.commitConsumer();
        // The spilled items move into the ring at the producer's next put: as after single puts.
        assertEquals(0, bulkPut(link, kind.array(0), 0, 0));
        link.commitProducer();
        link.assertTakes(3, 4, 5);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("primitives")
    void aBulkTakeOfMoreThanIsThereThrowsNamingTheChannelAndTakesNothing(Kind kind) {
        Link link = kind.published(8, 0, 1, 2);
        Object into = kind.array(8);
        ChannelUnderflowException e = assertThrows(ChannelUnderflowException.class, () -> bulkTake(link, into, 0, 4));
        assertEquals("take of 4 values on channel " + link.channel.name() + " with 3 available", e.getMessage());
        assertEquals(3, link.channel.size());
        link.assertTakes(0, 1, 2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("primitives")
    void bulkTakesOfAnAbortedWorkAreUndoneAndBulkPutsNeverSeen(Kind kind) {
        Link link = kind.published(8, 0, 1, 2, 3);
        bulkTake(link, kind.array(4), 0, 3);
        link.abortConsumer();
        assertEquals(4, link.channel.size());
        link.assertTakes(0);
        link.commitConsumer();
        bulkPut(link, kind.array(4), 0, 4);
        link.abortProducer();
        link.commitProducer();
        assertEquals(3, link.channel.size());
        link.assertTakes(1, 2, 3);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("primitives")
    void rangesOutsideTheArrayAreRefusedBeforeAnythingMoves(Kind kind) {
        Link link = kind.published(8, 0, 1, 2);
        Object array = kind.array(4);
        assertThrows(IndexOutOfBoundsException.class, () -> bulkPut(link, array, 2, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> bulkPut(link, array, -1, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> bulkTake(link, array, 3, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> bulkTake(link, array, 0, -1));
        link.commitProducer();
        assertEquals(3, link.channel.size(), "nothing put");
        link.assertTakes(0, 1, 2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("primitives")
    void theOneSlotChannelOfAChainMovesABlockAsSinglePutsAndTakesWould(Kind kind) {
        // The API's own loop: a slot holds one item, so a block of one moves and a second is refused.
        LongRing ring = new LongRing(1, "Producer.out -> Consumer.in (" + kind + ")");
        DataChannel slot = slotChannel(kind, ring);
        Object values = kind.array(3);
        assertEquals(1, invoke(kind, slot, "put", values, 1, 1));
        Object into = kind.array(3);
        invoke(kind, slot, "take", into, 2, 1);
        assertEquals(kind.key(kind.value(1)), kind.key(Array.get(into, 2)));
        assertThrows(ChannelUnderflowException.class, () -> invoke(kind, slot, "take", into, 0, 1));
    }

    private static void advance(Link link, int items) {
        for (int i = 0; i < items; i++) {
            link.put(i);
        }
        link.commitProducer();
        for (int i = 0; i < items; i++) {
            link.take();
        }
        link.commitConsumer();
    }

    private static int bulkPut(Link link, Object values, int from, int count) {
        return (int) invoke(link.kind, link.channel, "put", values, from, count);
    }

    private static void bulkTake(Link link, Object into, int at, int count) {
        invoke(link.kind, link.channel, "take", into, at, count);
    }

    private static Object invoke(Kind kind, DataChannel channel, String method, Object array, int at, int count) {
        Class<?> arrayType = array.getClass();
        MethodType type = method.equals("put") ? MethodType.methodType(int.class, arrayType, int.class, int.class)
                : MethodType.methodType(void.class, arrayType, int.class, int.class);
        try {
            MethodHandle handle = MethodHandles.publicLookup().findVirtual(kind.type, method, type);
            return handle.invoke(channel, array, at, count);
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(kind + " lacks " + method + type, e);
        }
    }

    private static DataChannel slotChannel(Kind kind, LongRing ring) {
        String name = "org.streamflex.runtime.channel.Slot" + kind.type.getSimpleName();
        try {
            return Class.forName(name).asSubclass(DataChannel.class).getConstructor(LongRing.class).newInstance(ring);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no " + name, e);
        }
    }
}
