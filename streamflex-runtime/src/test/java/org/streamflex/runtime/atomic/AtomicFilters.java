package org.streamflex.runtime.atomic;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.streamflex.Atomic;
import org.streamflex.Borrow;
import org.streamflex.Filter;
import org.streamflex.Stable;
import org.streamflex.TimeChannel;

/** Filters with {@code @Atomic} methods for the tests of calls from plain Java. */
public final class AtomicFilters {
    private AtomicFilters() {
    }

    /** A ring of ints in a stable object: head, tail, count, a running sum, and the contents. */
    static final class IntRing implements Stable {
        static final int CAPACITY = 64;
        private final int[] slots = new int[CAPACITY];
        private int head;
        private int tail;
        private int count;
        private long sum;

        int offer(int value) {
            if (count == CAPACITY) {
                return 0;
            }
            slots[tail] = value;
            tail = (tail + 1) % CAPACITY;
            count++;
            sum += value;
            return 1;
        }

        int poll() {
            int value = slots[head];
            slots[head] = -1;
            head = (head + 1) % CAPACITY;
            count--;
            sum -= value;
            return value;
        }

        int count() {
            return count;
        }

        /** Whether head, tail, count, sum and the contents agree. */
        boolean consistent() {
            if (count < 0 || count > CAPACITY || (head + count) % CAPACITY != tail) {
                return false;
            }
            long s = 0;
            for (int i = 0; i < count; i++) {
                int v = slots[(head + i) % CAPACITY];
                if (v < 0) {
                    return false;
                }
                s += v;
            }
            return s == sum;
        }
    }

    /**
     * Java threads push values through {@code push}; every release checks the ring and takes up to
     * {@code perRelease} values.
     */
    public static final class RingFilter extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private final IntRing ring = new IntRing();
        public long works;
        public long violations;
        /** Volatile: the test thread waits on it while the clock runs. Only the filter's thread writes it. */
        public volatile long taken;
        public long takenSum;
        public int perRelease = 8;

        /** Pushes as many of {@code values} as fit; returns how many. */
        @Atomic
        public int push(@Borrow int[] values) {
            int n = 0;
            while (n < values.length && ring.offer(values[n]) == 1) {
                n++;
            }
            return n;
        }

        @Atomic
        public int size() {
            return ring.count();
        }

        @Override
        @SuppressWarnings("NonAtomicVolatileUpdate") // one writer: the filter's thread
        public void work() {
            works++;
            if (!ring.consistent()) {
                violations++;
            }
            for (int i = 0; i < perRelease && ring.count() > 0; i++) {
                takenSum += ring.poll();
                taken++;
            }
        }
    }

    /** Where a test holds a Java thread inside an atomic call. */
    @SuppressWarnings("StreamFlex") // a test hook: it waits on a latch, outside what atomic code may call
    public static final class Hook {
        static final AtomicBoolean ARMED = new AtomicBoolean();
        static final CountDownLatch REACHED = new CountDownLatch(1);
        static final CountDownLatch RELEASE = new CountDownLatch(1);

        static void pause() {
            if (ARMED.compareAndSet(true, false)) {
                REACHED.countDown();
                try {
                    RELEASE.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** Two fields an atomic call sets together, and what each release saw. */
    public static final class PairFilter extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private int x;
        private int y;
        private int calls;
        public long works;
        public long torn;
        public int seenX;
        public int seenY;
        public int seenCalls;

        @Atomic
        public void setBoth(int value) {
            calls++;
            x = value;
            Hook.pause();
            y = value;
        }

        @Atomic
        public void setThenFail(int value) {
            x = value;
            y = value;
            calls++;
            if (value < 0) {
                throw new IllegalArgumentException("negative value " + value);
            }
        }

        @Atomic
        public int x() {
            return x;
        }

        /** Writes x and y into the caller's array, and reads a factor from it. */
        @Atomic
        public void readInto(@Borrow int[] out) {
            int factor = out[2];
            out[0] = x * factor;
            out[1] = y * factor;
        }

        @Override
        public void work() {
            works++;
            if (x != y) {
                torn++;
            }
            seenX = x;
            seenY = y;
            seenCalls = calls;
        }
    }

    /** Released by two clocks: its @Atomic calls would have no single thread to apply them. */
    @SuppressWarnings("UnusedVariable") // only validate() looks at it, to reject its graph
    public static final class TwoClocks extends Filter {
        private TimeChannel fast;
        private TimeChannel slow;
        private int value;

        @Atomic
        public void set(int v) {
            value = v;
        }

        @Override
        public void work() {
            value++;
        }
    }

    /** Copies borrowed arrays into its stable buffer in blocks, around single writes. */
    public static final class BlockFilter extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it; work() does not read the time
        private TimeChannel timer;
        private final int[] buffer = new int[4096];
        public long works;

        /** buffer[at + 1] = 99, then the block src at {@code at}, then buffer[at] = -1. */
        @Atomic
        public void copyIn(@Borrow int[] src, int at) {
            buffer[at + 1] = 99;
            System.arraycopy(src, 0, buffer, at, src.length);
            buffer[at] = -1;
        }

        /** Two blocks in one call, {@code b} right after {@code a}, each from its own borrowed array. */
        @Atomic
        public void copyBoth(@Borrow int[] a, @Borrow int[] b, int at) {
            System.arraycopy(a, 0, buffer, at, a.length);
            System.arraycopy(b, 0, buffer, at + a.length, b.length);
        }

        /** Reads back, inside one call, what the block wrote: the call sees its own writes. */
        @Atomic
        public int copyAndSum(@Borrow int[] src, int at) {
            System.arraycopy(src, 0, buffer, at, src.length);
            int sum = 0;
            for (int i = 0; i < src.length; i++) {
                sum += buffer[at + i];
            }
            return sum;
        }

        @Atomic
        public int at(int i) {
            return buffer[i];
        }

        @Override
        public void work() {
            works++;
        }
    }
}
