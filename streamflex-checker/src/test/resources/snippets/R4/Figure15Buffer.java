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

class Owner extends Filter {
    private Buffer buffer = new Buffer(1024);
    private final long[] history = new long[32];

    public void work() {
    }
}
