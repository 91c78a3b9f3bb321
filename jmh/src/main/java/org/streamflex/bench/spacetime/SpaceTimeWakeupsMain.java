package org.streamflex.bench.spacetime;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.streamflex.runtime.spacetime.ItemNotAvailableException;
import org.streamflex.runtime.spacetime.RemoteInput;
import org.streamflex.runtime.spacetime.RemoteOutput;
import org.streamflex.runtime.spacetime.RemoteSpaceTime;
import org.streamflex.runtime.spacetime.RemoteThread;

/**
 * Counts the wake-ups of a space-time {@code putThenGet} round trip against raw Netty's, in two JVMs
 * on loopback: for each size and each of {@code rounds} rounds, a raw Netty ping-pong and a
 * {@code putThenGet} one ({@link WakeupPeer} serving each), each run timed for {@code seconds} after
 * a warm-up, with, per round trip, how many times each side's caller and event loop were put on a
 * CPU (a thread put on a CPU once per round trip was woken once) and their CPU time
 * ({@link ThreadTimes}, Linux's schedstat). The caller waits as {@code PayloadBenchMain}'s do:
 * raw Netty's spins on the echoed number, then yields; a space-time caller waits in
 * {@code RemoteCall} (spinning, yielding, parking only after 100 us).
 *
 * <pre>{@code
 * java -cp jmh/target/benchmarks.jar org.streamflex.bench.spacetime.SpaceTimeWakeupsMain 3 4 2
 * }</pre>
 *
 * <p>Arguments: rounds (3), seconds timed per run (4), warm-up seconds per run (2), sizes (512,8192).
 */
public final class SpaceTimeWakeupsMain {
    private static final int SPINS = 100;

    private SpaceTimeWakeupsMain() {
    }

    public static void main(String[] args) throws IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 4;
        double warmup = args.length > 2 ? Double.parseDouble(args[2]) : 2;
        List<Integer> sizes = args.length > 3 ? Arrays.stream(args[3].split(",", -1)).map(Integer::valueOf).toList()
                : List.of(512, 8192);
        run(rounds, seconds, warmup, sizes, System.out);
    }

    /** The runs, raw Netty and {@code putThenGet} alternating, one table row each. */
    static void run(int rounds, double seconds, double warmup, List<Integer> sizes, PrintStream out)
            throws IOException {
        out.printf(Locale.ROOT, "%d rounds; each run %.1f s timed after %.1f s warm-up; per round trip: times put on"
                + " a CPU (wake-ups) and CPU us, by thread, this JVM (C) and the peer (S)%n", rounds, seconds, warmup);
        out.println("round  row                 one-way median us  p90 us   pings  C caller  C loop  S loop"
                + "   C caller us  C loop us  S loop us  S other us");
        for (int r = 1; r <= rounds; r++) {
            for (int size : sizes) {
                for (String mode : List.of("raw", "putThenGet")) {
                    out.println(String.format(Locale.ROOT, "%5d  ", r) + runOnce(mode, size, seconds, warmup).row());
                }
            }
        }
    }

    /** One run: the peer JVM started, pings timed, both JVMs' thread counts over the timed part. */
    static Result runOnce(String mode, int size, double seconds, double warmup) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process peer = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                WakeupPeer.class.getName(), mode, Integer.toString(size))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(peer.getInputStream(),
                    StandardCharsets.UTF_8));
            String line = lines.readLine();
            if (line == null || !line.startsWith("port ")) {
                throw new IllegalStateException("the peer JVM (" + mode + " " + size + ") did not answer its port: "
                        + line);
            }
            InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    Integer.parseInt(line.substring(5)));
            Pinger pinger = mode.equals("raw") ? new RawPinger(address, size) : new SpaceTimePinger(address, size);
            try (pinger) {
                return pings(mode, size, pinger, seconds, warmup, peer.pid());
            }
        } finally {
            peer.getOutputStream().close(); // the peer exits when its input ends
            try {
                if (!peer.waitFor(10, TimeUnit.SECONDS)) {
                    peer.destroyForcibly();
                }
            } catch (InterruptedException e) {
                peer.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private static Result pings(String mode, int size, Pinger pinger, double seconds, double warmup, long peerPid) {
        long start = System.nanoTime();
        long timed = start + (long) (warmup * 1e9);
        long end = timed + (long) (seconds * 1e9);
        long v = 0;
        for (long now = start; now < timed; now = System.nanoTime()) {
            pinger.ping(v++);
        }
        long self = ProcessHandle.current().pid();
        long caller = ThreadTimes.currentThreadId();
        ThreadTimes clientBefore = ThreadTimes.of(self, caller);
        ThreadTimes serverBefore = ThreadTimes.of(peerPid, ThreadTimes.NO_CALLER);
        long[] rtt = new long[1 << 16];
        int n = 0;
        long pingsTimed = 0;
        long now = System.nanoTime();
        do { // at least one: a warm-up ping may end past the end on a stalled machine
            pinger.ping(v++);
            long after = System.nanoTime();
            if (n == rtt.length) {
                rtt = Arrays.copyOf(rtt, n * 2);
            }
            rtt[n++] = after - now;
            pingsTimed++;
            now = after;
        } while (now < end);
        ThreadTimes client = ThreadTimes.of(self, caller).minus(clientBefore);
        ThreadTimes server = ThreadTimes.of(peerPid, ThreadTimes.NO_CALLER).minus(serverBefore);
        long[] sorted = Arrays.copyOf(rtt, n);
        Arrays.sort(sorted);
        return new Result(mode + " " + size + " B", sorted[n / 2] / 2000.0, sorted[(int) (n * 0.9)] / 2000.0,
                pingsTimed, client, server);
    }

    /** One run's row: latencies one way (half the round trip) and the per-round-trip counts. */
    record Result(String name, double medianMicros, double p90Micros, long pings, ThreadTimes client,
            ThreadTimes server) {
        String row() {
            double p = Math.max(1, pings);
            return String.format(Locale.ROOT, "%-20s %17.1f %7.1f %7d %9.2f %7.2f %7.2f %13.2f %10.2f %10.2f %11.2f",
                    name, medianMicros, p90Micros, pings,
                    client.slices(ThreadTimes.Role.CALLER) / p, client.slices(ThreadTimes.Role.LOOP) / p,
                    server.slices(ThreadTimes.Role.LOOP) / p,
                    client.cpuNanos(ThreadTimes.Role.CALLER) / 1000.0 / p,
                    client.cpuNanos(ThreadTimes.Role.LOOP) / 1000.0 / p,
                    server.cpuNanos(ThreadTimes.Role.LOOP) / 1000.0 / p,
                    server.cpuNanos(ThreadTimes.Role.OTHER) / 1000.0 / p);
        }
    }

    /** One round trip at a time, numbered, checked. */
    private interface Pinger extends AutoCloseable {
        void ping(long v);

        @Override
        void close();
    }

    /** {@code PayloadBenchMain}'s raw Netty pinger: a frame written from this thread, the echo's number awaited. */
    private static final class RawPinger extends ChannelInboundHandlerAdapter implements Pinger {
        private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        private final Channel channel;
        private final byte[] payload;
        private volatile long last = -1;

        RawPinger(InetSocketAddress address, int size) {
            payload = new byte[size - Long.BYTES];
            RawPinger reader = this;
            channel = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(1 << 20, 0, 4, 0, 4), reader);
                        }
                    })
                    .connect(address).syncUninterruptibly().channel();
        }

        @Override
        public boolean isSharable() {
            return true;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf frame = (ByteBuf) msg;
            try {
                last = frame.readLong();
            } finally {
                frame.release();
            }
        }

        @Override
        @SuppressWarnings("ThreadPriorityCheck") // as PayloadBenchMain's waiting threads: the loops need the core
        public void ping(long v) {
            ByteBuf frame = channel.alloc().directBuffer(4 + Long.BYTES + payload.length);
            frame.writeInt(Long.BYTES + payload.length).writeLong(v).writeBytes(payload);
            var _ = channel.writeAndFlush(frame, channel.voidPromise());
            for (int idle = 0; last != v; idle++) {
                if (idle < SPINS) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
        }

        @Override
        public void close() {
            channel.close().syncUninterruptibly();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** {@code PayloadBenchMain}'s {@code putThenGet} pinger, with its bookkeeping every 256 pings. */
    private static final class SpaceTimePinger implements Pinger {
        private final RemoteSpaceTime space;
        private final RemoteThread thread;
        private final RemoteOutput ping;
        private final RemoteInput pong;
        private final byte[] item;
        private final byte[] back;

        SpaceTimePinger(InetSocketAddress address, int size) {
            space = RemoteSpaceTime.connect(address);
            thread = space.join("pinger", 0);
            ping = thread.attachOutput("ping");
            pong = thread.attachInput("pong");
            item = new byte[size];
            back = new byte[size];
        }

        @Override
        public void ping(long v) {
            ByteBuffer.wrap(item).putLong(0, v);
            try {
                int length = ping.putThenGet(v, item, pong, v, 10, TimeUnit.SECONDS, back);
                if (length != item.length || ByteBuffer.wrap(back).getLong(0) != v) {
                    throw new IllegalStateException("putThenGet " + v + " came back as " + length + " bytes numbered "
                            + ByteBuffer.wrap(back).getLong(0));
                }
            } catch (ItemNotAvailableException e) {
                throw new IllegalStateException("putThenGet " + v + " did not come back within 10 s", e);
            }
            if ((v + 1) % 256 == 0) {
                pong.consumeUntil(v);
                thread.setVirtualTime(v + 1);
            }
        }

        @Override
        public void close() {
            space.close();
        }
    }
}
