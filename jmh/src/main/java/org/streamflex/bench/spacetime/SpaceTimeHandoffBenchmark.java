package org.streamflex.bench.spacetime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
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
import org.openjdk.jmh.infra.Control;
import org.streamflex.runtime.spacetime.InputConnection;
import org.streamflex.runtime.spacetime.ItemNotAvailableException;
import org.streamflex.runtime.spacetime.ItemView;
import org.streamflex.runtime.spacetime.OutputConnection;
import org.streamflex.runtime.spacetime.SpaceTime;
import org.streamflex.runtime.spacetime.SpaceTimeChannel;
import org.streamflex.runtime.spacetime.SpaceTimeThread;

/**
 * Items from a producer thread to a consumer thread (a JMH group of two), in items per microsecond
 * on each side, through a space-time channel and, in the same run, through the JCTools baseline
 * ({@link CopyingQueue}), both copying each item in and out:
 * <ul>
 *   <li>{@code spaceTime}: the producer puts at consecutive timestamps and advances its virtual
 *       time past each; the consumer, at INFINITY, gets each timestamp in turn with a blocking get
 *       (it waits on the channel's condition), copies the item out, releases and consumes it. A
 *       space-time channel is unbounded, so the producer keeps itself at most
 *       {@link Payloads#CAPACITY} items ahead, as a JCTools producer is by its queue: it reads the
 *       space's horizon (the oldest unconsumed item) only when its cached copy says it is that far
 *       ahead, and spins meanwhile.
 *   <li>{@code jctools}: offer and poll, each spinning while the queue is full or empty.
 * </ul>
 * Both sides give up a wait when JMH ends the iteration ({@link Control#stopMeasurement}) and retry
 * the same item in the next, so no item is lost or counted twice. The gc profiler's bytes per
 * operation count both threads' operations: per item, double it.
 *
 * <pre>java -jar jmh/target/benchmarks.jar SpaceTime -prof gc</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SpaceTimeHandoffBenchmark {
    /** How long a consumer's get waits before it looks at JMH's stop flag again. */
    static final long GET_TIMEOUT_MICROS = 1_000;

    @State(Scope.Group)
    public static class Channel {
        @Param({"64", "8192"})
        int bytes;
        SpaceTime space;
        SpaceTimeThread source;
        OutputConnection out;
        InputConnection in;

        @Setup(Level.Trial)
        public void open() {
            space = SpaceTime.create(bytes);
            SpaceTimeChannel channel = space.createChannel("bench");
            source = space.join("source", 0);
            SpaceTimeThread sink = space.join("sink", 0);
            in = sink.attachInput(channel);
            sink.setVirtualTime(SpaceTime.INFINITY);
            out = source.attachOutput(channel);
        }

        @TearDown(Level.Trial)
        public void close() {
            space.close();
        }
    }

    @State(Scope.Group)
    public static class Queue {
        @Param({"64", "8192"})
        int bytes;
        CopyingQueue queue;

        @Setup(Level.Trial)
        public void open() {
            queue = new CopyingQueue(Payloads.CAPACITY, bytes);
        }
    }

    /** The producer's own state: its next timestamp, its cached horizon, its source item. */
    @State(Scope.Thread)
    public static class Producer {
        long next;
        long horizon = Long.MIN_VALUE;
        byte[] array;
        MemorySegment src;

        @Setup(Level.Trial)
        public void open(Channel c) {
            array = Payloads.filled(c.bytes);
            src = MemorySegment.ofArray(array);
        }
    }

    /** The consumer's own state: its next timestamp and its destination. */
    @State(Scope.Thread)
    public static class Consumer {
        long next;
        byte[] array;
        MemorySegment dst;

        @Setup(Level.Trial)
        public void open(Channel c) {
            array = new byte[c.bytes];
            dst = MemorySegment.ofArray(array);
        }
    }

    @Benchmark
    @Group("spaceTime")
    @GroupThreads(1)
    public void spaceTimePut(Channel c, Producer p, Control control) {
        long ts = p.next;
        while (ts - p.horizon >= Payloads.CAPACITY) {
            p.horizon = c.space.horizon();
            if (ts - p.horizon < Payloads.CAPACITY) {
                break;
            }
            if (control.stopMeasurement) {
                return;
            }
            Thread.onSpinWait();
        }
        c.out.put(ts, p.src);
        c.source.setVirtualTime(ts + 1);
        p.next = ts + 1;
    }

    @Benchmark
    @Group("spaceTime")
    @GroupThreads(1)
    public long spaceTimeGet(Channel c, Consumer k, Control control) throws InterruptedException {
        long ts = k.next;
        while (true) {
            try (ItemView item = c.in.get(ts, GET_TIMEOUT_MICROS, TimeUnit.MICROSECONDS)) {
                item.copyTo(0, k.dst, 0, item.byteSize());
                break;
            } catch (ItemNotAvailableException none) {
                if (control.stopMeasurement) {
                    return -1;
                }
            }
        }
        c.in.consume(ts);
        k.next = ts + 1;
        return k.dst.get(ValueLayout.JAVA_BYTE, c.bytes - 1);
    }

    /** The queue's producer; its source item is the producer's of {@code spaceTime}, made the same way. */
    @State(Scope.Thread)
    public static class QueueProducer {
        byte[] src;

        @Setup(Level.Trial)
        public void open(Queue q) {
            src = Payloads.filled(q.bytes);
        }
    }

    /** The queue's consumer's destination. */
    @State(Scope.Thread)
    public static class QueueConsumer {
        byte[] dst;

        @Setup(Level.Trial)
        public void open(Queue q) {
            dst = new byte[q.bytes];
        }
    }

    @Benchmark
    @Group("jctools")
    @GroupThreads(1)
    public void jctoolsOffer(Queue q, QueueProducer p, Control control) {
        while (!q.queue.offer(p.src)) {
            if (control.stopMeasurement) {
                return;
            }
            Thread.onSpinWait();
        }
    }

    @Benchmark
    @Group("jctools")
    @GroupThreads(1)
    public long jctoolsPoll(Queue q, QueueConsumer k, Control control) {
        while (!q.queue.poll(k.dst)) {
            if (control.stopMeasurement) {
                return -1;
            }
            Thread.onSpinWait();
        }
        return k.dst[q.bytes - 1];
    }
}
