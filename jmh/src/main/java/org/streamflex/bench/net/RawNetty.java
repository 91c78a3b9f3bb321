package org.streamflex.bench.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * The baseline: plain Netty between the same two JVMs with the event-loop setup of the links
 * ({@code org.streamflex.runtime.net}): one NIO event-loop thread per side, {@code TCP_NODELAY},
 * {@link PooledByteBufAllocator} direct buffers. Frames are a 4-byte length and that many bytes of
 * items, split by a {@link LengthFieldBasedFrameDecoder}; an item of {@code unit} bytes is its
 * sequence number, a big-endian long, then {@code unit - 8} bytes of a payload array.
 *
 * <pre>{@code
 * RawNetty.Pump pump = new RawNetty.Pump(8192, 1); // one 8 KiB item a frame
 * try (RawNetty.Client client = new RawNetty.Client(port, pump)) {
 *     pump.start(client.channel);
 * }
 * }</pre>
 */
final class RawNetty {
    /** Longs per frame of the throughput run of longs: 4 KiB of items. */
    static final int BATCH = 512;
    static final int MAX_FRAME = 1 << 20;

    private RawNetty() {
    }

    /** A payload to copy items from: bytes 0, 1, 2, ... as the capsule payloads carry. */
    static byte[] payload(int bytes) {
        byte[] b = new byte[bytes];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) i;
        }
        return b;
    }

    /** Writes one item of {@code unit} bytes numbered {@code sequence}: the long, then payload bytes. */
    static void writeItem(ByteBuf frame, long sequence, int unit, byte[] payload) {
        frame.writeLong(sequence);
        if (unit > Long.BYTES) {
            frame.writeBytes(payload, 0, unit - Long.BYTES);
        }
    }

    /** A frame of one item of {@code unit} bytes numbered {@code sequence}, for a ping. */
    static ByteBuf ping(Channel channel, long sequence, int unit, byte[] payload) {
        ByteBuf frame = channel.alloc().directBuffer(4 + unit);
        frame.writeInt(unit);
        writeItem(frame, sequence, unit, payload);
        return frame;
    }

    /** A decoder that strips the length field, or keeps it (the echo writes the frame back as it came). */
    static LengthFieldBasedFrameDecoder frames(boolean strip) {
        return new LengthFieldBasedFrameDecoder(MAX_FRAME, 0, 4, 0, strip ? 4 : 0);
    }

    /** A listening server on loopback: each connection gets {@link #frames} and a handler from {@code handler}. */
    static final class Server implements AutoCloseable {
        private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        private final Channel listening;

        Server(boolean strip, Supplier<ChannelHandler> handler) {
            listening = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(frames(strip), handler.get());
                        }
                    })
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).syncUninterruptibly().channel();
        }

        int port() {
            return ((InetSocketAddress) listening.localAddress()).getPort();
        }

        @Override
        public void close() {
            listening.close().syncUninterruptibly();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** A connection to a loopback port, with {@code handlers} after nothing (the caller adds a decoder if it reads). */
    static final class Client implements AutoCloseable {
        private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        final Channel channel;

        Client(int port, ChannelHandler... handlers) {
            channel = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(handlers);
                        }
                    })
                    .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port)).syncUninterruptibly()
                    .channel();
        }

        @Override
        public void close() {
            channel.close().syncUninterruptibly();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** The receiving side of the throughput run: counts the items of every frame, on the event loop. */
    static final class Counter extends ChannelInboundHandlerAdapter {
        private final int unit;
        private long count;
        private volatile long received;

        /** Counts items of {@code unit} bytes. */
        Counter(int unit) {
            this.unit = unit;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf frame = (ByteBuf) msg;
            try {
                count += frame.readableBytes() / unit; // the event loop's
                received = count;
            } finally {
                frame.release();
            }
        }

        long received() {
            return received;
        }

        @Override
        public boolean isSharable() {
            return true;
        }
    }

    /** The peer's side of the ping-pong: writes every frame back as it came, length field included. */
    static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            var _ = ctx.writeAndFlush(msg, ctx.voidPromise());
        }
    }

    /**
     * The sending side of the throughput run, on its event loop: writes frames of {@code perFrame}
     * items of {@code unit} bytes while the channel is writable (Netty's high water mark), flushing
     * every 16 frames, and resumes when it becomes writable again.
     */
    static final class Pump extends ChannelInboundHandlerAdapter {
        private final int unit;
        private final int perFrame;
        private final byte[] payload;
        private volatile boolean running;
        private volatile long written;
        /** The next item to write, also the count written; the event loop's. */
        private long next;
        private Channel channel;

        /** Frames of {@code perFrame} items of {@code unit} bytes each (at least 8: the sequence number). */
        Pump(int unit, int perFrame) {
            this.unit = unit;
            this.perFrame = perFrame;
            this.payload = payload(unit);
        }

        void start(Channel ch) {
            channel = ch;
            running = true;
            ch.eventLoop().execute(this::pump);
        }

        /** Stops writing; returns the longs written, once the event loop wrote its last frame. */
        long stop() {
            running = false;
            channel.eventLoop().submit(() -> {
                channel.flush();
            }).syncUninterruptibly();
            return written;
        }

        long written() {
            return written;
        }

        private void pump() {
            int frames = 0;
            while (running && channel.isWritable() && frames < 256) {
                ByteBuf frame = channel.alloc().directBuffer(4 + perFrame * unit);
                frame.writeInt(perFrame * unit);
                for (int i = 0; i < perFrame; i++) {
                    writeItem(frame, next++, unit, payload);
                }
                var _ = channel.write(frame, channel.voidPromise());
                written = next;
                if (++frames % 16 == 0) {
                    channel.flush();
                }
            }
            channel.flush();
            if (running && channel.isWritable()) {
                channel.eventLoop().execute(this::pump);
            }
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            if (running && ctx.channel().isWritable()) {
                pump();
            }
            ctx.fireChannelWritabilityChanged();
        }
    }

    /**
     * The peer's side of the ping-pong answered from a thread, as a link's peer must: the event loop
     * hands every frame, as it came, to a plain thread through a bounded single-producer,
     * single-consumer ring, and that thread writes it back ({@link #answerNext()}), which Netty turns
     * into a task on the event loop, as a link's offer schedules its sending loop. The thread waits
     * as every waiting thread of these benchmarks does ({@link Idle}).
     */
    static final class ThreadEcho extends ChannelInboundHandlerAdapter {
        private static final int SLOTS = 64;
        private final AtomicReferenceArray<ByteBuf> ring = new AtomicReferenceArray<>(SLOTS);
        /** The next slot the event loop fills; the event loop's. */
        private long tail;
        /** The next slot the answering thread empties; the answering thread's. */
        private long head;
        private volatile Channel channel;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            int slot = (int) (tail & (SLOTS - 1));
            if (ring.get(slot) != null) {
                ((ByteBuf) msg).release();
                throw new IllegalStateException("more than " + SLOTS + " frames wait for the answering thread");
            }
            channel = ctx.channel();
            ring.lazySet(slot, (ByteBuf) msg); // a release store: the thread that sees it sees the frame
            tail++;
        }

        /** The answering thread only: writes the oldest frame back; false when none waits. */
        boolean answerNext() {
            int slot = (int) (head & (SLOTS - 1));
            ByteBuf frame = ring.get(slot);
            if (frame == null) {
                return false;
            }
            ring.lazySet(slot, null);
            head++;
            var _ = channel.writeAndFlush(frame, channel.voidPromise());
            return true;
        }

        /** The answering thread, once it stopped: releases what still waits. */
        void releaseWaiting() {
            for (int i = 0; i < SLOTS; i++) {
                ByteBuf frame = ring.getAndSet(i, null);
                if (frame != null) {
                    frame.release();
                }
            }
        }
    }

    /** The pinging side's reader: the sequence number of the last item echoed, for the pinging thread. */
    static final class LastEchoed extends ChannelInboundHandlerAdapter {
        private volatile long last = -1;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf frame = (ByteBuf) msg;
            try {
                last = frame.readLong();
            } finally {
                frame.release();
            }
        }

        long last() {
            return last;
        }
    }
}
