package org.streamflex.bench.spacetime;

import io.netty.bootstrap.ServerBootstrap;
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
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.streamflex.runtime.spacetime.InputConnection;
import org.streamflex.runtime.spacetime.OutputConnection;
import org.streamflex.runtime.spacetime.SpaceTime;
import org.streamflex.runtime.spacetime.SpaceTimeChannel;
import org.streamflex.runtime.spacetime.SpaceTimeServer;
import org.streamflex.runtime.spacetime.SpaceTimeThread;

/**
 * The serving JVM of {@link SpaceTimeWakeupsMain}: {@code raw SIZE}, Netty frames echoed by the
 * event loop that read them (as {@code PayloadBenchMain}'s raw Netty row); or {@code putThenGet SIZE},
 * a space-time server of channels {@code ping} and {@code pong} whose relay is an
 * {@link InputConnection#getAsync} handler run by the event loop's put (as its {@code on-put} relay).
 * Prints {@code port P}, then serves until its standard input ends.
 *
 * <pre>{@code
 * java -cp benchmarks.jar org.streamflex.bench.spacetime.WakeupPeer putThenGet 8192
 * }</pre>
 */
public final class WakeupPeer {
    private WakeupPeer() {
    }

    public static void main(String[] args) throws IOException {
        int size = Integer.parseInt(args[1]);
        InetSocketAddress any = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        AutoCloseable serving = switch (args[0]) {
            case "raw" -> rawEcho(any);
            case "putThenGet" -> relay(any, size);
            default -> throw new IllegalArgumentException("serve raw or putThenGet, not " + args[0]);
        };
        InputStream in = System.in;
        while (in.read() >= 0) {
            // the parent writes nothing: its end of the pipe closing (it finished, or died) ends this JVM
        }
        try {
            serving.close();
        } catch (Exception e) {
            throw new IllegalStateException("closing the peer's server: " + e, e);
        }
    }

    private static AutoCloseable rawEcho(InetSocketAddress address) {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        Channel listening = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(1 << 20, 0, 4, 0, 0), new Echo());
                    }
                })
                .bind(address).syncUninterruptibly().channel();
        System.out.println("port " + ((InetSocketAddress) listening.localAddress()).getPort());
        return () -> {
            listening.close().syncUninterruptibly();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        };
    }

    private static AutoCloseable relay(InetSocketAddress address, int size) {
        SpaceTime space = SpaceTime.create(size);
        SpaceTimeChannel ping = space.createChannel("ping");
        SpaceTimeChannel pong = space.createChannel("pong");
        SpaceTimeThread echo = space.join("echo", 0);
        InputConnection in = echo.attachInput(ping);
        OutputConnection out = echo.attachOutput(pong);
        SpaceTimeServer server = SpaceTimeServer.open(space, address).publish(ping).publish(pong);
        in.getAsync(0, new OnPutRelay(echo, in, out));
        System.out.println("port " + server.address().getPort());
        return () -> {
            server.close();
            space.close();
        };
    }

    /** Writes every frame back as it came, from the event loop that read it. */
    private static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            var _ = ctx.writeAndFlush(msg, ctx.voidPromise());
        }
    }
}
