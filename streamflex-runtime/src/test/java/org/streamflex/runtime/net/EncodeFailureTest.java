package org.streamflex.runtime.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.Shared;

/**
 * A codec that fails on some values of a link of shared values, over loopback: the values of each
 * frame it failed on are counted on both sides (the sender's {@code encodeFailed}, the receiver's
 * drops at the sender), the link goes on with the values after them, and every value is delivered
 * or counted.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EncodeFailureTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private static final LinkIdentity OFFER = LinkIdentity.ofShared("g", "numbers", Numbered.class.getName(),
            LinkMode.CREDIT);

    /** A shared value that is one number, in 8 bytes. */
    static final class Numbered extends Shared {
        final long number;

        Numbered(long number) {
            this.number = number;
            revive();
        }

        @Override
        protected void freed() {
            // nothing pooled
        }
    }

    /** Encodes a number as 8 bytes; fails on 499, 999, 1499, ... below {@code failBelow}. */
    static final class FailingCodec implements SharedCodec<Numbered> {
        private final long failBelow;

        FailingCodec(long failBelow) {
            this.failBelow = failBelow;
        }

        @Override
        public Class<Numbered> type() {
            return Numbered.class;
        }

        @Override
        public int encodedSize(Numbered value) {
            return Long.BYTES;
        }

        @Override
        public void encode(Numbered value, MemorySegment target, long offset) {
            if (value.number % 500 == 499 && value.number < failBelow) {
                throw new IllegalArgumentException("number " + value.number + " is unlucky");
            }
            target.set(ValueLayout.JAVA_LONG_UNALIGNED, offset, value.number);
        }

        @Override
        public Numbered decode(MemorySegment source, long offset, int length) {
            return new Numbered(source.get(ValueLayout.JAVA_LONG_UNALIGNED, offset));
        }

        @Override
        public FailingCodec copy() {
            return new FailingCodec(failBelow);
        }
    }

    @Test
    void valuesOfAFrameTheCodecFailedOnAreCountedOnBothSidesAndTheLinkGoesOn() throws Exception {
        int n = 5000;
        List<Long> got = new ArrayList<>();
        try (NetworkLinkServer server = NetworkLinkServer.open(LOOPBACK)) {
            SharedLinkReceiver<Numbered> in = server.sharedReceiver(OFFER, new FailingCodec(0), 64, 64);
            LinkCounters sender;
            try (NetworkLinkClient out = NetworkLinkClient.connectShared(server.address(), OFFER,
                    new FailingCodec(n - 500), 64, 1 << 16, 64, LinkClientSettings.DEFAULT)) {
                for (long i = 0; i < n; i++) {
                    Numbered value = new Numbered(i);
                    while (!out.offer(value)) {
                        poll(in, got);
                    }
                    value.release();
                    poll(in, got);
                }
                sender = out.counters();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (sender.sent() + sender.encodeFailed() < n && System.nanoTime() < deadline) {
                    poll(in, got);
                }
            }
            LinkCounters receiver = in.counters();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (receiver.delivered() + receiver.droppedAtSender() < n && System.nanoTime() < deadline) {
                poll(in, got);
            }
            poll(in, got);

            assertTrue(sender.encodeFailed() >= 9, "nine numbers fail, each with its frame: " + sender);
            assertEquals(n, sender.accepted());
            assertEquals(n, sender.sent() + sender.droppedAtSender() + sender.discardedAtClose()
                    + sender.encodeFailed(), "the sender accounts for every value: " + sender);
            assertEquals(0, sender.droppedAtSender() + sender.discardedAtClose(), sender.toString());
            assertEquals(sender.sent(), receiver.delivered(), "every value sent arrives: " + receiver);
            assertEquals(sender.encodeFailed(), receiver.droppedAtSender(),
                    "the receiver learns of the failed values as drops at the sender: " + receiver);
            assertEquals(0, receiver.lostInTransit(), receiver.toString());
            assertEquals(receiver.delivered(), got.size());
            for (int i = 1; i < got.size(); i++) {
                assertTrue(got.get(i) > got.get(i - 1), "in order: " + got.get(i - 1) + " then " + got.get(i));
            }
            assertEquals(n - 1, got.get(got.size() - 1), "the link went on to the last value");
            for (long unlucky = 499; unlucky < n - 500; unlucky += 500) {
                assertFalse(got.contains(unlucky), unlucky + " failed to encode, yet arrived");
            }
        }
    }

    private static void poll(SharedLinkReceiver<Numbered> in, List<Long> got) {
        for (Numbered v = in.poll(); v != null; v = in.poll()) {
            got.add(v.number);
            v.release();
        }
    }
}
