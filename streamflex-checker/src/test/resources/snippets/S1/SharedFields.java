import java.util.List;
import java.util.Map;
import org.streamflex.Capsule;
import org.streamflex.Filter;
import org.streamflex.Shared;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.Stable;

final class Seg extends Shared {
    private float[] samples;

    static Seg make(int n) {
        Seg s = new Seg();
        s.samples = new float[n];
        s.revive();
        return s;
    }

    float at(int i) {
        return samples[i];
    }

    @Override
    protected void freed() {
    }
}

class Recorder extends Filter {
    private SharedChannel<Seg> in;
    private final SharedQueue<Seg> held = new SharedQueue<>(4);
    private final Window<Seg> window = new Window<>();
    private final Tail tail = new Tail();
    // BUG: Diagnostic is: [StreamFlex:S1] stable class Recorder keeps a shared value in field 'last' of type Seg; a shared value is valid only until the work() that took it returns, and then its memory may go back to its pool for another value. Keep shared values across releases in a SharedQueue instead: private final SharedQueue<Seg> last = new SharedQueue<>(capacity) (StreamFlex rule S1 SharedFields, not in the paper, for signal segments (XStream/WaveScript SigSegs) on a stock JVM: see streamflex-checker/README.md#s1-sharedfields)
    private Seg last;
    // BUG: Diagnostic is: [StreamFlex:S1] stable class Recorder keeps shared values in field 'recent' of type Seg[]; a shared value is valid only until the work() that took it returns, and then its memory may go back to its pool for another value. Keep shared values across releases in a SharedQueue instead: private final SharedQueue<Seg> recent = new SharedQueue<>(capacity) (StreamFlex rule S1 SharedFields, not in the paper, for signal segments (XStream/WaveScript SigSegs) on a stock JVM: see streamflex-checker/README.md#s1-sharedfields)
    private final Seg[] recent = new Seg[4];
    // BUG: Diagnostic contains: stable class Recorder keeps shared values in field 'history' of type List<Seg>; a shared value is valid only until the work() that took it returns
    private List<Seg> history;
    // BUG: Diagnostic contains: keeps shared values in field 'byName' of type Map<String, ? extends Shared>;
    private Map<String, ? extends Shared> byName;
    private float peak;

    public void work() {
        Seg s = in.take();
        Transient t = new Transient();
        t.seg = s;
        held.add(t.seg);
        peak = Math.max(peak, s.at(0));
    }
}

class Window<S extends Shared> implements Stable {
    // BUG: Diagnostic contains: stable class Window keeps a shared value in field 'first' of type S; a shared value is valid only until the work() that took it returns, and then its memory may go back to its pool for another value. Keep shared values across releases in a SharedQueue instead: private final SharedQueue<S> first = new SharedQueue<>(capacity)
    private S first;
    private final SharedQueue<S> rest = new SharedQueue<>(2);
}

class Base {
    // BUG: Diagnostic contains: class Base, a parent of stable class Tail, keeps a shared value in field 'seg' of type Seg;
    Seg seg;
}

class Tail extends Base implements Stable {
}

class Frame extends Capsule {
    int length;
    // BUG: Diagnostic is: [StreamFlex:S1] capsule class Frame keeps a shared value in field 'seg' of type Seg; a shared value is valid only until the work() that took it returns, and then its memory may go back to its pool for another value, while the capsule travels on. Put the value on a SharedChannel of its own beside the capsule's channel; a filter keeps shared values across releases in a SharedQueue (StreamFlex rule S1 SharedFields, not in the paper, for signal segments (XStream/WaveScript SigSegs) on a stock JVM: see streamflex-checker/README.md#s1-sharedfields)
    Seg seg;
    // BUG: Diagnostic contains: capsule class Frame keeps shared values in field 'parts' of type Seg[];
    final Seg[] parts = new Seg[2];

    private Frame() {
    }
}

/** A transient object holds a shared value for the work() it lives in, which holds the value too. */
class Transient {
    Seg seg;
}

/** Not reachable from a filter: its fields are not checked. */
class Unreached implements Stable {
    Seg seg;
}
