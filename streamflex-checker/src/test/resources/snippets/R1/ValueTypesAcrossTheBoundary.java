import java.util.List;
import org.streamflex.Filter;
import org.streamflex.IntChannel;

/** Immutable records and enums of primitives, Strings and boxes are values: they may cross R1. */
record Rate(String name, double hertz, long origin) {
}

enum Mode {
    FAST, EXACT
}

record Settings(Rate rate, Mode mode, Integer limit) {
}

record Listing(List<String> names) {
}

class Holder {
    int count;
}

record Wrapper(Holder holder) {
}

class Configured extends Filter {
    public static final Rate DEFAULT_RATE = new Rate("default", 8000, 0);
    public Mode shown = Mode.FAST;
    private IntChannel out;
    private Rate rate;
    private Settings settings;

    public void work() {
        out.put((int) rate.hertz());
    }

    public void configure(Settings s) {
        settings = s;
        rate = s.rate();
    }

    public Rate rate() {
        return rate;
    }

    public Mode mode() {
        return settings.mode();
    }

    // BUG: Diagnostic contains: public method Configured.list(Listing) takes parameter 'l' of reference type Listing
    public void list(Listing l) {
    }

    // BUG: Diagnostic contains: public method Configured.wrap() returns reference type Wrapper
    public Wrapper wrap() {
        return null;
    }
}

/** A shared value may be borrowed by a filter method, never handed out by one. */
abstract class Gate extends Filter {
    protected abstract boolean keep(org.streamflex.checker.snippetlib.Segment window);

    // BUG: Diagnostic contains: public method Gate.last() returns reference type Segment
    public org.streamflex.checker.snippetlib.Segment last() {
        return null;
    }
}
