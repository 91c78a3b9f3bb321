package org.streamflex.runtime.graph;

import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.IntChannel;
import org.streamflex.TimeChannel;

/**
 * Small filters and capsules shared by the runtime's graph tests. Those the benchmarks run too, such
 * as {@link org.streamflex.fixtures.Pass}, are in {@code streamflex-test-fixtures}.
 */
public final class TestFilters {
    private TestFilters() {
    }

    /** Puts 0, 1, 2, ... one per release, up to {@code limit} (default: unbounded). */
    public static final class Counter extends Filter {
        private TimeChannel timer;
        private IntChannel out;
        public int next;
        public int limit = Integer.MAX_VALUE;
        public int missedSeen;
        public long lastTime = -1;

        @Override
        public void work() {
            missedSeen += timer.missedDeadlines();
            lastTime = timer.getTime();
            if (next < limit) {
                out.put(next++);
            }
        }
    }

    /** Records what it receives; checks order per source (value / 1_000_000 is the source). */
    public static final class IntSink extends Filter {
        private IntChannel in;
        public int received;
        public int last = -1;
        public long sum;
        public int works;

        @Override
        public void work() {
            works++;
            while (in.size() > 0) {
                last = in.take();
                sum += last;
                received++;
            }
        }
    }

    /** A sink for float channels. */
    public static final class FloatSink extends Filter {
        private FloatChannel in;

        @Override
        public void work() {
            in.take();
        }
    }

    /** Two int outputs, for the short-form rules. */
    public static final class Fork extends Filter {
        private IntChannel in;
        private IntChannel left;
        private IntChannel right;

        @Override
        public void work() {
            int v = in.take();
            left.put(v);
            right.put(v);
        }
    }

    /** A packet-like capsule with a payload array. */
    public static class Packet extends Capsule {
        public int seq;
        public final byte[] payload = new byte[16];
        public boolean flagged;

        protected Packet() {
        }
    }

    /** A subclass of {@link Packet}, as TCP_Hdr extends IP_Hdr in the paper. */
    public static final class TcpPacket extends Packet {
        public int port;

        private TcpPacket() {
        }
    }

    /**
     * A capsule that breaks rule R5 on purpose, to test that the runtime rejects it too; the
     * checker, which would reject it first, is told to skip it.
     */
    @SuppressWarnings("StreamFlex")
    public static final class BadCapsule extends Capsule {
        public String text;

        private BadCapsule() {
        }
    }

    /** Makes one packet per release. */
    public static final class PacketSource extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private Channel<Packet> out;
        public int next;

        @Override
        public void work() {
            Packet p = makeCapsule(Packet.class);
            p.seq = next++;
            p.payload[0] = (byte) p.seq;
            out.put(p);
        }
    }

    /** Forwards packets unchanged. */
    public static final class PacketPass extends Filter {
        private Channel<Packet> in;
        private Channel<Packet> out;

        @Override
        public void work() {
            out.put(in.take());
        }
    }

    /** Takes packets; keeps (by identity hash, a primitive) what it saw last. */
    public static final class PacketSink extends Filter {
        private Channel<Packet> in;
        public int received;
        public int lastSeq = -1;
        public int lastIdentity;
        public int lastPayload0;

        @Override
        public void work() {
            Packet p = in.take();
            received++;
            lastSeq = p.seq;
            lastIdentity = System.identityHashCode(p);
            lastPayload0 = p.payload[0];
        }
    }

    /** A filter whose channel carries a capsule type breaking R5. */
    public static final class BadCapsuleSink extends Filter {
        private Channel<BadCapsule> in;

        @Override
        public void work() {
            in.take();
        }
    }

    /** Sends {@link Packet} only; feeding a TcpPacket channel is a type error. */
    public static final class TcpSink extends Filter {
        private Channel<TcpPacket> in;

        @Override
        public void work() {
            in.take();
        }
    }

    /** Allocates 528 bytes per release from its transient region. */
    public static final class Hungry extends Filter {
        public int works;

        @Override
        public void work() {
            long[] window = new long[64];
            window[works % 64] = works;
            works++;
        }
    }

    /** A base class of filters whose code allocates, so that the plugin weaves it. */
    public abstract static class WindowBase extends Filter {
        private IntChannel in;

        protected int next() {
            int[] window = new int[4];
            window[0] = in.take();
            return window[0];
        }
    }

    /** A filter whose channel and code are in its superclass. */
    public static final class WindowSink extends WindowBase {
        public int last;

        @Override
        public void work() {
            last = next();
        }
    }
}
