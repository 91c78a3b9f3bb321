package org.streamflex.bench.spacetime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.streamflex.runtime.spacetime.InputConnection;
import org.streamflex.runtime.spacetime.ItemNotAvailableException;
import org.streamflex.runtime.spacetime.ItemView;
import org.streamflex.runtime.spacetime.OutputConnection;
import org.streamflex.runtime.spacetime.SpaceTime;
import org.streamflex.runtime.spacetime.SpaceTimeChannel;
import org.streamflex.runtime.spacetime.SpaceTimeThread;

/**
 * One item through a space-time channel and back on one Java thread, in nanoseconds per item,
 * against the same copy in and out through a JCTools queue, in one run:
 * <ul>
 *   <li>{@code spaceTime}: the paper's digitizer and tracker idioms back to back: {@code put(ts, item)}
 *       and {@code setVirtualTime(ts + 1)} on a source thread, then {@code get(ts)}, a copy of the
 *       whole item out of its view, the view's release and {@code consume(ts)} on a thread at
 *       INFINITY. Every item is collected within its own cycle (the source's virtual time and the
 *       consume both pass it), so the channel never holds more than one.
 *   <li>{@code jctools}: the baseline, {@link CopyingQueue}: {@code offer} copies the item into a
 *       pooled buffer, {@code poll} copies it out and returns the buffer. Its capacity is
 *       {@link #QUEUE_CAPACITY}, not 1,024: the queue holds one item at a time here,
 *       and its free buffers go round in FIFO order, so with 1,024 of them every item of 8 KB would
 *       land in a buffer last touched 8 MB of copies ago, out of cache, where the space-time pool
 *       hands out its warmest slot (LIFO). A first run with 1,024 measured exactly that.
 * </ul>
 * Items of {@code bytes} bytes; the source is a heap array (its {@link MemorySegment} made once), the
 * destination another.
 *
 * <pre>java -jar jmh/target/benchmarks.jar SpaceTime -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SpaceTimeCycleBenchmark {
    /** The baseline queue's capacity: one item is in flight at a time, so its buffers stay in cache. */
    static final int QUEUE_CAPACITY = 4;

    @State(Scope.Thread)
    public static class Channel {
        @Param({"64", "8192"})
        int bytes;
        SpaceTime space;
        SpaceTimeThread source;
        OutputConnection out;
        InputConnection in;
        MemorySegment src;
        MemorySegment dst;
        long ts;

        @Setup(Level.Trial)
        public void open() {
            space = SpaceTime.create(bytes);
            SpaceTimeChannel channel = space.createChannel("bench");
            source = space.join("source", 0);
            SpaceTimeThread sink = space.join("sink", 0);
            in = sink.attachInput(channel);
            sink.setVirtualTime(SpaceTime.INFINITY);
            out = source.attachOutput(channel);
            src = MemorySegment.ofArray(Payloads.filled(bytes));
            dst = MemorySegment.ofArray(new byte[bytes]);
        }

        @TearDown(Level.Trial)
        public void close() {
            space.close();
        }
    }

    @State(Scope.Thread)
    public static class Queue {
        @Param({"64", "8192"})
        int bytes;
        CopyingQueue queue;
        byte[] src;
        byte[] dst;

        @Setup(Level.Trial)
        public void open() {
            queue = new CopyingQueue(QUEUE_CAPACITY, bytes);
            src = Payloads.filled(bytes);
            dst = new byte[bytes];
        }
    }

    @Benchmark
    public long spaceTime(Channel c) throws ItemNotAvailableException {
        long ts = c.ts++;
        c.out.put(ts, c.src);
        c.source.setVirtualTime(ts + 1);
        try (ItemView item = c.in.get(ts)) {
            item.copyTo(0, c.dst, 0, item.byteSize());
        }
        c.in.consume(ts);
        return c.dst.get(ValueLayout.JAVA_BYTE, c.bytes - 1);
    }

    @Benchmark
    public long jctools(Queue q) {
        if (!q.queue.offer(q.src) || !q.queue.poll(q.dst)) {
            throw new IllegalStateException("a queue of " + QUEUE_CAPACITY + " lost an item");
        }
        return q.dst[q.bytes - 1];
    }
}
