import org.streamflex.Atomic;
import org.streamflex.Borrow;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.IntChannel;
import org.streamflex.Stable;

final class Cell implements Stable {
    int value;
}

// A stable helper, as the paper's PacketBuffer: atomic code may call into it.
class Counter implements Stable {
    private int total;

    int add(int n) {
        total += n;
        return total;
    }

    int leak(int n) {
        // BUG: Diagnostic contains: code run by @Atomic calls (Ring.bad()) calls StringBuilder.append(int), whose code is not compiled with it
        new StringBuilder().append(n);
        return n;
    }
}

interface Sink {
    void take(int n);
}

class Ring extends Filter {
    private static final FilterEvent OVERFLOW = FilterEvent.named("overflow");
    private IntChannel out;
    private final int[] slots = new int[64];
    private final Cell[] cells = new Cell[4];
    private final Counter counter = new Counter();
    private int head;
    private int count;

    // Near miss: own private, static and final methods, Math and System.arraycopy are fine.
    @Atomic
    public int add(@Borrow int[] values) {
        int n = Math.min(values.length, slots.length - count);
        System.arraycopy(values, 0, slots, (head + count) % slots.length, 0);
        for (int i = 0; i < n; i++) {
            store(values[i]);
        }
        return n + twice(n) + Integer.bitCount(n) + last() + counter.add(n) + cells[0].value;
    }

    private void store(int value) {
        slots[(head + count++) % slots.length] = value;
    }

    private static int twice(int n) {
        return 2 * n;
    }

    final int last() {
        return slots[(head + count) % slots.length];
    }

    int overridable() {
        return count;
    }

    // Near miss: a call on an array (its class is synthetic) in code no @Atomic call runs.
    int[] snapshot() {
        return slots.clone();
    }

    @Atomic
    public int bad(int n) {
        int c = overridable() + counter.leak(n);
        // BUG: Diagnostic contains: code run by @Atomic calls (Ring.bad()) calls the @Atomic method Ring.add(int[]); one call cannot contain another
        c += add(new int[0]);
        // BUG: Diagnostic contains: code run by @Atomic calls (Ring.bad()) calls StringBuilder.append(int), whose code is not compiled with it
        new StringBuilder().append(c);
        // BUG: Diagnostic contains: code run by @Atomic calls (Ring.bad()) stores into an array of Cell; atomic code may store into primitive arrays and fields only
        cells[0] = cells[1];
        Sink sink = null;
        // BUG: Diagnostic contains: code run by @Atomic calls (Ring.bad()) calls Sink.take(int) through an interface or abstract class
        sink.take(c);
        // BUG: Diagnostic contains: code run by @Atomic calls (Ring.bad()) calls Filter.raise(FilterEvent)
        raise(OVERFLOW);
        return c;
    }

    @Atomic
    // BUG: Diagnostic contains: @Atomic method Ring.hidden() must be public, not static, not abstract and not synchronized
    synchronized int hidden() {
        return count;
    }

    public void work() {
        // BUG: Diagnostic contains: Ring.work() calls its own @Atomic method add(); @Atomic methods are for plain Java threads
        add(new int[] {1});
        while (count > 0) {
            out.put(slots[head]);
            head = (head + 1) % slots.length;
            count--;
        }
    }
}

class NotAFilter {
    @Atomic
    // BUG: Diagnostic is: [StreamFlex:Atomic] @Atomic method NotAFilter.call() is not in a filter; @Atomic makes a filter's method callable from plain Java threads. Remove it, or move the method into the filter (StreamFlex rule Atomic AtomicMethods, not in the paper, for @Atomic on a stock JVM: see streamflex-checker/README.md#atomic-atomicmethods)
    public void call() {
    }
}
