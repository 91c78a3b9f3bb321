package org.streamflex.runtime.spacetime;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.RejectedExecutionHandlers;
import java.util.concurrent.Executor;

/**
 * The one-thread Netty event loop of a {@link RemoteSpaceTime} or a {@link SpaceTimeServer}, with
 * a bounded task queue. A caller's request reaches the loop as a task (a write from outside it);
 * Netty's default, unbounded task queue links a new array chunk in after every 1,024 tasks, about 4
 * heap bytes per request, where a bounded one (a chunked array queue) goes round its chunks and
 * allocates only when it fills. Each remote thread has one request out at a time, so the bound is
 * never near: a queue that did fill would refuse the write, and the call would fail with the
 * connection.
 *
 * <pre>{@code
 * EventLoopGroup group = SpaceTimeEventLoop.group();
 * }</pre>
 */
final class SpaceTimeEventLoop {
    /** Tasks the loop holds at most: far above one request per remote thread. */
    static final int MAX_PENDING_TASKS = 1 << 16;

    private SpaceTimeEventLoop() {
    }

    /** A one-thread NIO event loop group whose loop's task queue is bounded. */
    static EventLoopGroup group() {
        return new Group();
    }

    private static final class Group extends MultiThreadIoEventLoopGroup {
        Group() {
            super(1, (Executor) null, NioIoHandler.newFactory());
        }

        @Override
        protected IoEventLoop newChild(Executor executor, IoHandlerFactory factory, Object... args) {
            return new SingleThreadIoEventLoop(this, executor, factory, MAX_PENDING_TASKS,
                    RejectedExecutionHandlers.reject(), 0);
        }
    }
}
