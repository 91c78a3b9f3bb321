package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Shared;

/**
 * Values the size of signal segments over a loopback link, in bursts: frames of several values, the
 * sender's reused frame buffers and frames split between the receiver's reads deliver every value
 * whole and in order, and the last value of a burst arrives although the producer then goes idle
 * (nothing waits for a frame to fill).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedValuesStreamTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final LinkIdentity OFFER = LinkIdentity.ofShared("g", "blocks", Block.class.getName(),
            LinkMode.CREDIT);
    /** Bytes of a block: 8 KiB, a segment of 2048 floats. */
    private static final int SIZE = 8192;

    /** A numbered block of bytes, each a function of the number and its place; whole if it arrived so. */
    static final class Block extends Shared {
        final long number;
        final boolean whole;

        Block(long number, boolean whole) {
            this.number = number;
            this.whole = whole;
            revive();
        }

        static byte at(long number, long i) {
            return (byte) (number * 131 + i * 7);
        }

        @Override
        protected void freed() {
            // nothing pooled
        }
    }

    /** Writes a block's number and its bytes; reads them back, checking every byte. */
    static final class BlockCodec implements SharedCodec<Block> {
        @Override
        public Class<Block> type() {
            return Block.class;
        }

        @Override
        public int encodedSize(Block value) {
            return SIZE;
        }

        @Override
        public void encode(Block value, MemorySegment target, long offset) {
            target.set(ValueLayout.JAVA_LONG_UNALIGNED, offset, value.number);
            for (long i = Long.BYTES; i < SIZE; i++) {
                target.set(ValueLayout.JAVA_BYTE, offset + i, Block.at(value.number, i));
            }
        }

        @Override
        public Block decode(MemorySegment source, long offset, int length) {
            long number = source.get(ValueLayout.JAVA_LONG_UNALIGNED, offset);
            boolean whole = length == SIZE;
            for (long i = Long.BYTES; whole && i < SIZE; i++) {
                whole = source.get(ValueLayout.JAVA_BYTE, offset + i) == Block.at(number, i);
            }
            return new Block(number, whole);
        }

        @Override
        public BlockCodec copy() {
            return new BlockCodec();
        }
    }

    @Test
    void segmentSizedValuesArriveWholeAndInOrderUpToTheLastOfEachBurst() throws Exception {
        // Bursts of lengths that are no multiple of a frame's seven blocks, each waited for before the next.
        int[] bursts = {1, 6, 8, 100, 1000, 13, 2000, 3};
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            SharedLinkReceiver<Block> in = server.sharedReceiver(OFFER, new BlockCodec(), 256, 1 << 16);
            try (NetworkLinkClient out = NetworkLinkClient.connectShared(server.address(), OFFER, new BlockCodec(),
                    256, 1 << 24, 1 << 16, LinkClientSettings.DEFAULT)) {
                long next = 0;
                long expected = 0;
                for (int burst : bursts) {
                    long end = next + burst;
                    while (next < end) {
                        Block block = new Block(next, true);
                        if (out.offer(block)) {
                            next++;
                        }
                        block.release();
                        expected = take(in, expected, 0, 0);
                    }
                    // The producer is idle now: what it offered must still arrive.
                    expected = take(in, expected, end, TimeUnit.SECONDS.toNanos(30));
                    assertEquals(end, expected, "every block of the burst up to " + (end - 1) + " arrived");
                }
                assertEquals(next, out.counters().accepted());
            }
            assertEquals(0, in.counters().lostInTransit(), in.counters().toString());
        }
    }

    /** Polls what arrived, each the next and whole, until {@code until} arrived or {@code patienceNanos} passed. */
    private static long take(SharedLinkReceiver<Block> in, long expected, long until, long patienceNanos) {
        long deadline = System.nanoTime() + patienceNanos;
        long next = expected;
        do {
            for (Block b = in.poll(); b != null; b = in.poll()) {
                assertEquals(next, b.number, "in order");
                assertTrue(b.whole, "block " + b.number + " arrived whole");
                b.release();
                next++;
            }
            if (next >= until) {
                break;
            }
            Thread.onSpinWait();
        } while (System.nanoTime() < deadline);
        return next;
    }
}
