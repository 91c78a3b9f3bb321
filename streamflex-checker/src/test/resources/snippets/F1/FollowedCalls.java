import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.Stateless;

final class Totals {
    static int items;
    static int made;

    private Totals() {
    }

    static void count() {
        // BUG: Diagnostic is: [StreamFlex:F1] Totals.count(), run by Tracker.work(), writes static field Totals.items, but @Stateless filter Tracker must keep no state between runs, because the runtime may run replicas of it in parallel: its replicas would all write it at once. Use a local variable if no later run needs the value, or remove @Stateless (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
        items++;
    }

    /** Nothing a @Stateless filter runs calls it. */
    static void reset() {
        items = 0;
    }
}

/** An object work() makes is its own: its fields are not the filter's, but static fields are everyone's. */
final class Probe {
    private int hits;

    Probe() {
        // BUG: Diagnostic contains: the constructor of Probe, run by Tracker.work(), writes static field Totals.made, but
        Totals.made++;
    }

    void hit() {
        hits++;
    }

    int hits() {
        return hits;
    }

    /** Nothing calls it, but a Probe made in work() could be handed to code that does. */
    void clear() {
        // BUG: Diagnostic contains: Probe.clear(), run by Tracker.work(), writes static field Totals.items, but
        Totals.items = hits;
    }
}

/** A capsule's methods run on the capsule's class: any override of the one called may. */
abstract class Frame extends Capsule {
    int length;

    protected Frame() {
    }

    int size() {
        return length;
    }
}

final class Jumbo extends Frame {
    private Jumbo() {
    }

    @Override
    int size() {
        // BUG: Diagnostic contains: Jumbo.size(), run by Tracker.work(), writes static field Totals.items, but
        Totals.items += length;
        return length;
    }
}

@Stateless
final class Tracker extends Filter {
    @Rate(1) private Channel<Frame> in;
    @Rate(1) private IntChannel out;

    public void work() {
        Totals.count();
        Probe probe = new Probe();
        probe.hit();
        Frame f = in.take();
        out.put(f.size() + probe.hits());
    }
}

/** The same code, in a filter that does not claim to be stateless, is not this rule's business. */
final class Untracked extends Filter {
    @Rate(1) private IntChannel in;

    public void work() {
        in.take();
        Totals.reset();
    }
}
