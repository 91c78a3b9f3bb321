package org.streamflex.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.streamflex.BooleanChannel;
import org.streamflex.ByteChannel;
import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.ChannelUnderflowException;
import org.streamflex.CharChannel;
import org.streamflex.DataChannel;
import org.streamflex.DoubleChannel;
import org.streamflex.FloatChannel;
import org.streamflex.IntChannel;
import org.streamflex.LongChannel;
import org.streamflex.ShortChannel;
import org.streamflex.runtime.capsule.CapsulePools;

/**
 * The semantics every channel shares, over the nine kinds a filter can declare: {@code Channel<T>}
 * of a capsule and the eight primitive channels. Each test works on the API object a filter's field
 * holds; the transactions of the two filters at its ends are played by {@link Link}, as the
 * scheduler runs them (stage and publish on commit, roll back on abort).
 */
class ChannelContractTest {

    static List<Kind> kinds() {
        return Kind.ALL;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void putsArePublishedOnlyWhenTheProducersWorkCommits(Kind kind) {
        Link link = kind.link(4);
        assertTrue(link.put(0));
        assertTrue(link.put(1));
        assertEquals(0, link.channel.size());
        assertEquals(0, link.channel.published());
        link.commitProducer();
        assertEquals(2, link.channel.size());
        assertEquals(2, link.channel.published());
        link.assertTakes(0, 1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void putsOfAnAbortedWorkAreNeverSeen(Kind kind) {
        Link link = kind.link(4);
        link.put(0);
        link.abortProducer();
        link.put(1);
        link.commitProducer();
        assertEquals(1, link.channel.size());
        link.assertTakes(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void takesOfAnAbortedWorkAreUndone(Kind kind) {
        Link link = kind.published(4, 0, 1, 2);
        link.assertTakes(0, 1);
        link.abortConsumer();
        assertEquals(3, link.channel.size());
        link.assertTakes(0);
        link.commitConsumer();
        assertEquals(2, link.channel.size());
        link.assertTakes(1, 2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aPutOnAFullChannelReturnsFalseAndIsCountedWhenTheWorkCommits(Kind kind) {
        Link link = kind.link(3);
        for (int i = 0; i < 3; i++) {
            assertTrue(link.put(i));
        }
        assertFalse(link.put(3));
        assertFalse(link.put(4));
        assertEquals(0, link.channel.dropped(), "a work()'s drops count when it commits");
        link.commitProducer();
        assertEquals(2, link.channel.dropped());
        assertEquals(3, link.channel.published());
        link.assertTakes(0, 1, 2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void dropsOfAnAbortedWorkAreNotCounted(Kind kind) {
        Link link = kind.link(2);
        for (int i = 0; i < 4; i++) {
            link.put(i);
        }
        link.abortProducer();
        link.commitProducer();
        assertEquals(0, link.channel.dropped());
        assertEquals(0, link.channel.published());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void untakeGivesATakenValueBackToTheFront(Kind kind) {
        Link link = kind.published(4, 0, 1, 2);
        link.assertTakes(0, 1);
        link.untake(1);
        assertEquals(2, link.channel.size());
        link.assertTakes(1, 2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void untakeOfAnotherValueIsRestoredWhenTheWorkAborts(Kind kind) {
        Link link = kind.published(4, 0, 2);
        link.assertTakes(0);
        link.untake(1);
        link.assertPeek(0, 1);
        link.abortConsumer();
        link.assertTakes(0, 2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void untakeOfAnotherValueStaysWhenTheWorkCommits(Kind kind) {
        Link link = kind.published(4, 0, 2);
        link.assertTakes(0);
        link.untake(1);
        link.commitConsumer();
        assertEquals(2, link.channel.size());
        link.assertTakes(1, 2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void untakeWithoutATakeInThisWorkIsRefused(Kind kind) {
        Link link = kind.published(4, 0, 1);
        link.assertTakes(0);
        link.commitConsumer();
        ChannelUnderflowException e = assertThrows(ChannelUnderflowException.class, () -> link.untake(0));
        assertEquals("untake() on channel " + link.channel.name() + " without a matching take() in this work():"
                + " only items taken in the current work() can be given back", e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void peekReadsWithoutTakingAndRefusesAnIndexOutOfRange(Kind kind) {
        Link link = kind.published(4, 0, 1, 2);
        link.assertTakes(0);
        link.assertPeek(0, 1);
        link.assertPeek(1, 2);
        assertEquals(2, link.channel.size());
        assertEquals("peek(2) on channel " + link.channel.name() + " with 2 items available: check size() first",
                assertThrows(ChannelUnderflowException.class, () -> link.peek(2)).getMessage());
        assertThrows(ChannelUnderflowException.class, () -> link.peek(-1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void sizeCountsWhatTheConsumerCanStillTakeInThisWork(Kind kind) {
        Link link = kind.published(4, 0, 1, 2);
        link.put(3); // not published yet
        assertEquals(3, link.channel.size());
        link.assertTakes(0, 1);
        assertEquals(1, link.channel.size());
        link.untake(1);
        assertEquals(2, link.channel.size());
        assertEquals(4, link.channel.capacity());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void skipDiscardsValuesAndRefusesMoreThanAreAvailable(Kind kind) {
        Link link = kind.published(4, 0, 1, 2);
        link.channel.skip(2);
        assertEquals(1, link.channel.size());
        assertThrows(ChannelUnderflowException.class, () -> link.channel.skip(2));
        link.abortConsumer();
        assertEquals(3, link.channel.size(), "a skip is a take: undone with its work()");
        link.channel.skip(0);
        link.assertTakes(0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void copyToPutsTheFirstValuesOnTheTargetWithoutTakingThem(Kind kind) {
        Link source = kind.published(4, 0, 1, 2);
        Link target = kind.link(4);
        source.channel.copyTo(target.channel, 2);
        assertEquals(3, source.channel.size(), "nothing was taken");
        target.commitProducer();
        target.assertTakes(0, 1);
        source.assertTakes(0, 1, 2);
        assertThrows(ChannelUnderflowException.class, () -> source.channel.copyTo(target.channel, 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void transferToMovesEverythingAndCountsWhatDoesNotFit(Kind kind) {
        Link source = kind.published(4, 0, 1, 2, 3);
        Link target = kind.link(3);
        assertEquals(4, source.channel.transferTo(target.channel), "every value was taken");
        assertEquals(0, source.channel.size());
        target.commitProducer();
        assertEquals(1, target.channel.dropped());
        target.assertTakes(0, 1, 2);
        source.abortConsumer();
        assertEquals(4, source.channel.size(), "a transfer's takes are undone with its work()");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void transferToWithAMaxMovesAtMostThatMany(Kind kind) {
        Link source = kind.published(4, 0, 1, 2);
        Link target = kind.link(4);
        assertEquals(2, source.channel.transferTo(target.channel, 2));
        assertEquals(1, source.channel.size());
        assertEquals(1, source.channel.transferTo(target.channel, 5));
        assertEquals(0, source.channel.transferTo(target.channel, 5));
        target.commitProducer();
        target.assertTakes(0, 1, 2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void transferToAChannelOfAnotherKindIsRefused(Kind kind) {
        Link source = kind.published(4, 0);
        Link other = kind.other().link(4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> source.channel.transferTo(other.channel));
        assertEquals("transferTo: " + source.channel.name() + " and " + other.channel.name()
                + " do not carry the same kind of item", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> source.channel.transferTo(other.channel, 1));
        assertThrows(IllegalArgumentException.class, () -> source.channel.copyTo(other.channel, 1));
        assertEquals(1, source.channel.size(), "nothing was taken");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void valuesAtTheEdgesOfTheTypeTravelUnchanged(Kind kind) {
        int count = kind.edges.size();
        Link link = kind.link(count);
        for (int i = 0; i < count; i++) {
            assertTrue(link.put(i));
        }
        link.commitProducer();
        for (int i = 0; i < count; i++) {
            link.assertPeek(i, i);
        }
        for (int i = 0; i < count; i++) {
            link.assertTakes(i);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void takeOnAnEmptyChannelNamesIt(Kind kind) {
        Link link = kind.link(2);
        link.put(0); // not published
        assertEquals("take() on empty channel " + link.channel.name() + ": check size() first or write a trigger()"
                + " that waits for input", assertThrows(ChannelUnderflowException.class, link::take).getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aLosslessChannelSpillsWhatDoesNotFitAndDeliversItInPutOrder(Kind kind) {
        Link link = kind.link(2);
        link.ring.lossless(8);
        for (int i = 0; i < 5; i++) {
            assertTrue(link.put(i), "put " + i);
        }
        link.commitProducer();
        assertEquals(2, link.channel.size());
        assertEquals(3, link.ring.spilled());
        link.assertTakes(0, 1);
        link.commitConsumer();
        link.commitProducer(); // a work() that put nothing: its publication moves spilled items in
        link.assertTakes(2, 3);
        link.commitConsumer();
        assertFalse(link.ring.drainSpill(), "the last spilled item fits");
        link.assertTakes(4);
        assertEquals(0, link.channel.dropped());
        assertEquals(5, link.channel.published());
        assertEquals(2, link.channel.capacity(), "the connected capacity, not counting the spill");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aLosslessChannelForgetsTheSpilledPutsOfAnAbortedWork(Kind kind) {
        Link link = kind.link(2);
        link.ring.lossless(8);
        for (int i = 0; i < 4; i++) {
            link.put(i);
        }
        link.abortProducer();
        assertEquals(0, link.ring.spilled());
        link.put(4);
        link.commitProducer();
        assertEquals(1, link.channel.size());
        link.assertTakes(4);
        assertEquals(1, link.channel.published());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void transferToALosslessChannelSpillsWhatDoesNotFit(Kind kind) {
        Link source = kind.published(4, 0, 1, 2, 3);
        Link target = kind.link(3);
        target.ring.lossless(4);
        assertEquals(4, source.channel.transferTo(target.channel));
        target.commitProducer();
        assertEquals(0, target.channel.dropped());
        target.assertTakes(0, 1, 2);
        target.commitConsumer();
        assertFalse(target.ring.drainSpill());
        target.assertTakes(3);
    }

    /** The capsule of the capsule channel: its {@code value} tells capsules (and their copies) apart. */
    public static final class Sample extends Capsule {
        public long value;

        private Sample() {
        }
    }

    /**
     * One kind of channel: its API class, the element type of its {@code put}, and values at the
     * edges of its type. A test's value {@code i} is {@code edges[i % edges.size()]}, so consecutive
     * values differ; capsules are distinct objects, the first ones carrying the edges. The element
     * operations are the API class's own methods, called through method handles so that one
     * adapter serves all nine kinds.
     */
    static final class Kind {
        private static final CapsulePools POOLS = new CapsulePools();
        static final List<Kind> ALL = List.of(
                new Kind(Channel.class, Capsule.class, longs(Long.MIN_VALUE, Long.MAX_VALUE, -1, 0)),
                new Kind(IntChannel.class, int.class, List.of(Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE, 1)),
                new Kind(LongChannel.class, long.class, longs(Long.MIN_VALUE, -1, 0, Long.MAX_VALUE, 1L << 32)),
                new Kind(FloatChannel.class, float.class, List.of(Float.intBitsToFloat(0x7fc0_0001),
                        Float.intBitsToFloat(0xffc1_2345), -0.0f, Float.MIN_VALUE, Float.MAX_VALUE,
                        Float.NEGATIVE_INFINITY, 0.0f)),
                new Kind(DoubleChannel.class, double.class, List.of(Double.longBitsToDouble(0x7ff8_0000_0000_0001L),
                        Double.longBitsToDouble(0xfff8_dead_beef_0000L), -0.0, Double.MIN_VALUE, Double.MAX_VALUE,
                        Double.NEGATIVE_INFINITY, 0.0)),
                new Kind(ShortChannel.class, short.class, List.of(Short.MIN_VALUE, (short) -1, (short) 0,
                        Short.MAX_VALUE)),
                new Kind(ByteChannel.class, byte.class, List.of(Byte.MIN_VALUE, (byte) -1, (byte) 0, Byte.MAX_VALUE,
                        (byte) -2)),
                new Kind(CharChannel.class, char.class, List.of(Character.MIN_VALUE, Character.MAX_VALUE,
                        (char) 0x8000, 'A')),
                new Kind(BooleanChannel.class, boolean.class, List.of(true, false)));

        final Class<? extends DataChannel> type;
        final List<Object> edges;
        private final Class<?> element;
        private final MethodHandle put;
        private final MethodHandle take;
        private final MethodHandle untake;
        private final MethodHandle peek;
        /** For the capsule kind: the capsule of each test value, made when first used. */
        private final List<Sample> samples = new ArrayList<>();

        Kind(Class<? extends DataChannel> type, Class<?> element, List<?> edges) {
            this.type = type;
            this.element = element;
            this.edges = List.copyOf(edges);
            try {
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                put = lookup.findVirtual(type, "put", MethodType.methodType(boolean.class, element));
                take = lookup.findVirtual(type, "take", MethodType.methodType(element));
                untake = lookup.findVirtual(type, "untake", MethodType.methodType(void.class, element));
                peek = lookup.findVirtual(type, "peek", MethodType.methodType(element, int.class));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(type + " lacks an element operation", e);
            }
        }

        private static List<Long> longs(long... values) {
            return Arrays.stream(values).boxed().toList();
        }

        /** The next kind in the list: a channel that carries another kind of item. */
        Kind other() {
            return ALL.get((ALL.indexOf(this) + 1) % ALL.size());
        }

        /** A new channel of {@code capacity}, as connect makes it, with nothing in it. */
        Link link(int capacity) {
            String name = "Producer.out -> Consumer.in (" + this + ")";
            if (element == Capsule.class) {
                CapsuleRing ring = new CapsuleRing(capacity, name, Sample.class);
                Link link = new Link(this, ring, Channels.capsule(ring));
                ring.bind(link.producer, link.consumer);
                return link;
            }
            LongRing ring = new LongRing(capacity, name);
            return new Link(this, ring, Channels.primitive(type, ring));
        }

        /** A channel holding test values {@code published}, put by a work() that committed. */
        Link published(int capacity, int... published) {
            Link link = link(capacity);
            for (int i : published) {
                assertTrue(link.put(i));
            }
            link.commitProducer();
            return link;
        }

        /** Test value {@code i} as the channel's API takes it. */
        Object value(int i) {
            if (element != Capsule.class) {
                return edges.get(i % edges.size());
            }
            while (samples.size() <= i) {
                int n = samples.size();
                Sample sample = POOLS.pool(Sample.class).take();
                // The edges first, then n itself: 4, 5, ... differ from every edge.
                sample.value = n < edges.size() ? (Long) edges.get(n) : n;
                samples.add(sample);
            }
            return samples.get(i);
        }

        /** An array of the channel's element type holding test values 0 to {@code n - 1}. */
        Object array(int n) {
            Object array = java.lang.reflect.Array.newInstance(element, n);
            for (int i = 0; i < n; i++) {
                java.lang.reflect.Array.set(array, i, value(i));
            }
            return array;
        }

        /** What identifies a value: its raw bits (every NaN distinct), or a capsule's {@code value}. */
        Object key(Object value) {
            return switch (value) {
                case Float f -> Float.floatToRawIntBits(f);
                case Double d -> Double.doubleToRawLongBits(d);
                case Sample s -> s.value;
                default -> value;
            };
        }

        @Override
        public String toString() {
            return element == Capsule.class ? "Channel<Sample>" : type.getSimpleName();
        }
    }

    /** A channel between two filters whose transactions the test plays, as the scheduler would. */
    static final class Link {
        final Kind kind;
        final SpscRing ring;
        final DataChannel channel;
        final Transaction producer = new Transaction();
        final Transaction consumer = new Transaction();

        Link(Kind kind, SpscRing ring, DataChannel channel) {
            this.kind = kind;
            this.ring = ring;
            this.channel = channel;
        }

        boolean put(int value) {
            try {
                return (boolean) kind.put.invoke(channel, kind.value(value));
            } catch (Throwable e) {
                throw rethrow(e);
            }
        }

        Object take() {
            try {
                return kind.take.invoke(channel);
            } catch (Throwable e) {
                throw rethrow(e);
            }
        }

        void untake(int value) {
            try {
                kind.untake.invoke(channel, kind.value(value));
            } catch (Throwable e) {
                throw rethrow(e);
            }
        }

        Object peek(int index) {
            try {
                return kind.peek.invoke(channel, index);
            } catch (Throwable e) {
                throw rethrow(e);
            }
        }

        void assertTakes(int... values) {
            for (int v : values) {
                assertEquals(kind.key(kind.value(v)), kind.key(take()), "take of test value " + v);
            }
        }

        void assertPeek(int index, int value) {
            assertEquals(kind.key(kind.value(value)), kind.key(peek(index)), "peek(" + index + ")");
        }

        /** The producer's work() returns: its capsules are staged, then its puts published. */
        void commitProducer() {
            if (ring instanceof CapsuleRing capsules) {
                capsules.stagePuts();
            }
            ring.publishPuts();
            producer.next();
        }

        void abortProducer() {
            ring.rollbackPuts();
            producer.next();
        }

        void commitConsumer() {
            ring.publishTakes();
            consumer.next();
        }

        void abortConsumer() {
            ring.rollbackTakes();
            consumer.next();
        }

        private static RuntimeException rethrow(Throwable e) {
            if (e instanceof RuntimeException r) {
                return r;
            }
            throw new IllegalStateException(e);
        }
    }

    /** The work() of a filter at one end of a link: an id, and copies of capsules put twice. */
    static final class Transaction implements CapsuleTransaction {
        private static long ids = 1L << 50;
        private long id = ++ids;

        void next() {
            id = ++ids;
        }

        @Override
        public long transactionId() {
            return id;
        }

        @Override
        public void noteTaken(Capsule capsule) {
            // the scheduler's ledger would reclaim it later; nothing to do for the contract
        }

        @Override
        public Capsule copyOf(Capsule capsule) {
            Sample copy = Kind.POOLS.pool(Sample.class).take();
            copy.value = ((Sample) capsule).value;
            return copy;
        }
    }
}
