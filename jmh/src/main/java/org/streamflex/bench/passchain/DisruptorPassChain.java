package org.streamflex.bench.passchain;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.EventHandlerGroup;
import com.lmax.disruptor.dsl.ProducerType;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * Baseline three, the peer a Java user would pick instead of StreamFlex: the same chain as an LMAX
 * Disruptor (4.0) pipeline. One ring buffer of a mutable event holding an {@code int} (what
 * {@link QueuePassChain} carries, unboxed), ten {@link EventHandler}s in a chain
 * ({@code handleEventsWith(h1).then(h2)...then(h10)}), each on a daemon platform thread of its
 * own, and a sink after them that sums and counts, as the other versions' sinks do. The caller is
 * the single producer: {@link #run} publishes the next numbers and waits until the sink has taken
 * the last of them.
 *
 * <p>In a pipeline on one ring buffer an event stays in its slot: each handler waits until the one
 * before it has passed a sequence, then reads the event. A pass handler here reads the value and
 * adds it to a checksum of its own, a store per event, so that the JIT cannot drop the stage (like
 * {@link PlainPassChain}'s stages) and a test can check that every stage saw every item.
 *
 * <p>The wait strategy. The Disruptor's user guide ("Basic Tuning Options", "Alternative Wait
 * Strategies") restricts its two fast strategies to fewer handler threads than cores:
 * {@code YieldingWaitStrategy} "is the recommended wait strategy when need very high performance and
 * the number of Event Handler threads is less than the total number of logical cores", and
 * {@code BusySpinWaitStrategy} "should only be used if the number of Event Handler threads is
 * smaller than the number of physical cores on the box". Here eleven handler threads and the
 * producer share two cores, which leaves the default: "The default wait strategy used by the
 * Disruptor is the {@code BlockingWaitStrategy}. [...] The {@code BlockingWaitStrategy} is the slowest
 * of the available wait strategies, but is the most conservative with the respect to CPU usage and
 * will give the most consistent behaviour across the widest variety of deployment options."
 * {@link Wait#BLOCKING} is therefore the one the guide leaves. {@link Wait#SLEEPING} is the guide's other
 * strategy that is "conservative with CPU usage" ("It works best in situations where low latency is
 * not required, but a low impact on the producing thread is desired"), measured beside it so that
 * the choice can be seen. Note that {@code BlockingWaitStrategy} blocks only until the producer's
 * cursor passes a sequence; a handler behind another handler then spins ({@code Thread.onSpinWait})
 * until its predecessor passes it too, which on two cores costs most of the throughput
 * (jmh/README.md, "Against the LMAX Disruptor").
 */
public final class DisruptorPassChain implements AutoCloseable {
    /** The wait strategies measured; {@link #BLOCKING} is the one the guide leaves for more threads than cores. */
    public enum Wait {
        BLOCKING,
        SLEEPING;

        WaitStrategy strategy() {
            return this == BLOCKING ? new BlockingWaitStrategy() : new SleepingWaitStrategy();
        }
    }

    /** The ring buffer's slot: one value, written by the producer, read by every handler. */
    static final class Item {
        int value;
    }

    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final Disruptor<Item> disruptor;
    private final RingBuffer<Item> ring;
    private final Pass[] stages = new Pass[PassChainGraph.STAGES];
    private final Sink sink;
    private int next;

    /**
     * Starts the eleven handler threads.
     *
     * @param capacity the ring buffer's size, a power of two
     */
    public DisruptorPassChain(int capacity, Wait wait) {
        disruptor = new Disruptor<>(Item::new, capacity, runnable -> {
            Thread t = Thread.ofPlatform().daemon().name("disruptor-pass-chain-" + threads.size())
                    .unstarted(runnable);
            threads.add(t);
            return t;
        }, ProducerType.SINGLE, wait.strategy());
        for (int i = 0; i < stages.length; i++) {
            stages[i] = new Pass();
        }
        sink = new Sink();
        EventHandlerGroup<Item> chain = disruptor.handleEventsWith(stages[0]);
        for (int i = 1; i < stages.length; i++) {
            chain = chain.then(stages[i]);
        }
        chain.then(sink);
        ring = disruptor.start();
    }

    /**
     * Publishes the next {@code items} numbers, one event each, and returns when the sink has taken
     * the last of them. One thread at a time: the ring buffer has a single producer.
     */
    public void run(int items) {
        if (items <= 0) {
            return;
        }
        long last = ring.getCursor() + items;
        sink.producer = Thread.currentThread();
        sink.waitingFor = last; // before the events, and after the producer, which it publishes to the sink
        for (int i = 0; i < items; i++) {
            long sequence = ring.next();
            ring.get(sequence).value = next++;
            ring.publish(sequence);
        }
        while (sink.done < last) {
            LockSupport.park(this);
        }
    }

    /** The sum of the values the sink took; read it after {@link #run}. */
    public long sum() {
        return sink.sum;
    }

    /** The number of events the sink took; read it after {@link #run}. */
    public long received() {
        return sink.received;
    }

    /** The sum of the values the {@code stage}th pass handler read (from 0); read it after {@link #run}. */
    public long stageSum(int stage) {
        return stages[stage].sum;
    }

    /** The handler threads the Disruptor started (ten pass handlers and the sink). */
    public List<Thread> threads() {
        return List.copyOf(threads);
    }

    /** Halts the handlers and returns when every handler thread has ended. */
    @Override
    public void close() {
        disruptor.halt();
        try {
            for (Thread t : threads) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // thrown from close(), it would be lost as a suppressed exception
        }
    }

    /** A pass-through stage: reads the event its predecessor has passed. */
    static final class Pass implements EventHandler<Item> {
        private long sum;

        @Override
        public void onEvent(Item event, long sequence, boolean endOfBatch) {
            sum += event.value;
        }
    }

    /** Sums and counts what arrives, and wakes the producer when it has taken the sequence it waits for. */
    static final class Sink implements EventHandler<Item> {
        /** The thread to wake; written before {@link #waitingFor}, so read after it. */
        Thread producer;
        private long sum;
        private long received;
        /** The sequence the producer waits for; written by the producer before it publishes it. */
        volatile long waitingFor = -1;
        /** The last sequence the producer waited for that the sink has taken. */
        volatile long done = -1;

        @Override
        public void onEvent(Item event, long sequence, boolean endOfBatch) {
            sum += event.value;
            received++;
            if (sequence == waitingFor) {
                done = sequence;
                LockSupport.unpark(producer);
            }
        }
    }
}
