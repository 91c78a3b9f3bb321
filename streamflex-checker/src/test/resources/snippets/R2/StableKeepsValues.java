import org.streamflex.Filter;
import org.streamflex.Stable;

/** A stable object may keep immutable records and enums: they live on the heap and cannot change. */
record Span(long from, long to, String label) {
}

enum Policy {
    DROP, KEEP
}

final class Box {
    private final int value;

    Box(int value) {
        this.value = value;
    }

    int value() {
        return value;
    }
}

record Boxed(Box box) {
}

class Keeper implements Stable {
    private Span span;
    private Policy policy = Policy.DROP;
    private Long limit;

    void keep(Span s) {
        span = s;
    }
}

class Windowing extends Filter {
    private Span current;
    private final Keeper keeper = new Keeper();
    // BUG: Diagnostic contains: stable class Windowing keeps a reference to transient class Boxed in field 'boxed'
    private Boxed boxed;
    // BUG: Diagnostic contains: stable class Windowing keeps a reference to transient class String in field 'name'
    private String name;

    public void work() {
    }
}
