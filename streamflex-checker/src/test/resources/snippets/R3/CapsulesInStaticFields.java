import java.util.List;
import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Filter;

class Reading extends Capsule {
    double value;

    private Reading() {
    }
}

final class LastSeen {
    static Reading last;
    static final Reading[] RING = new Reading[4];
    static List<Reading> history;
}

class Averager extends Filter {
    private Channel<Reading> in;

    public void work() {
        Reading r = in.take();
        // BUG: Diagnostic is: [StreamFlex:R3] code in Averager.work() writes static field LastSeen.last; an object stored in a static field outlives work() and is shared by every filter. Reading is a capsule class, and a capsule cannot be kept in a static field or in a stable object at all: it goes back to its pool when work() returns. Copy the values you need into primitive fields or primitive arrays of a stable object, such as the filter (StreamFlex rule R3 StaticReferences, paper section 4.2: see streamflex-checker/README.md#r3-staticreferences)
        LastSeen.last = r;
        // BUG: Diagnostic is: [StreamFlex:R3] code in Averager.work() reads static field LastSeen.RING of type Reading[], which is not reference-immutable (an array of references: code can store any object in it); a filter could store its transient objects in it. Its type Reading[] holds capsule class Reading, and a capsule cannot be kept in a static field or in a stable object at all: it goes back to its pool when work() returns. Copy the values you need into primitive fields or primitive arrays of a stable object, such as the filter (StreamFlex rule R3 StaticReferences, paper section 4.2: see streamflex-checker/README.md#r3-staticreferences)
        LastSeen.RING[0] = r;
        // BUG: Diagnostic is: [StreamFlex:R3] code in Averager.work() reads static field LastSeen.history, which is not final; objects reachable from it are shared with code outside the filter. Its type List<Reading> holds capsule class Reading, and a capsule cannot be kept in a static field or in a stable object at all: it goes back to its pool when work() returns. Copy the values you need into primitive fields or primitive arrays of a stable object, such as the filter (StreamFlex rule R3 StaticReferences, paper section 4.2: see streamflex-checker/README.md#r3-staticreferences)
        LastSeen.history.add(r);
    }
}
