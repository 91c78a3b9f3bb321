import org.streamflex.Filter;
import org.streamflex.Stable;

class Buffer implements Stable {
    private final byte[] data;
    private final int[] marks = new int[4];
    private final Buffer[] children;
    private int pos;

    Buffer(int capacity) {
        data = new byte[capacity];
        this.children = new Buffer[0];
    }

    Buffer() {
        this(16);
    }
}

// Near miss: an instance initializer allocates the array, so no constructor assigns it.
class Counters implements Stable {
    private final long[] counts;

    {
        counts = new long[8];
    }

    Counters() {
    }

    Counters(int ignored) {
    }
}

class Owner extends Filter {
    private Buffer buffer = new Buffer(1024);
    private Counters counters = new Counters(1);
    private final long[] history = new long[32];

    public void work() {
    }
}
