import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.Stateless;
import org.streamflex.checker.snippetlib.LibraryStage;

// BUG: Diagnostic is: [StreamFlex:F1] @Stateless on Settings, which is not a filter; @Stateless declares that a filter's work() keeps no state between runs, so that the runtime may run replicas of it in parallel. Remove it (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
@Stateless
final class Settings {
    int gain;
}

// BUG: Diagnostic contains: @Stateless on Limits, which is not a filter;
@Stateless
record Limits(int low, int high) {
}

// BUG: Diagnostic is: [StreamFlex:F1] @Stateless on abstract filter Stage: the runtime replicates the filters it makes, and @Stateless is not inherited. Put it on each concrete subclass whose work() keeps no state, and remove it here (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
@Stateless
abstract class Stage extends Filter {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        out.put(step(in.take()));
    }

    protected abstract int step(int v);
}

/** A call on the filter runs the filter's own method: Doubling's, not Counting's. */
@Stateless
final class Doubling extends Stage {
    @Override
    protected int step(int v) {
        return 2 * v;
    }
}

final class Counting extends Stage {
    static int total;

    @Override
    protected int step(int v) {
        total++;
        return v;
    }
}

@Stateless
final class Offsetting extends Stage {
    private int last;

    @Override
    protected int step(int v) {
        int d = v - last;
        // BUG: Diagnostic contains: Offsetting.step(), run by Stage.work(), writes field Offsetting.last, but @Stateless filter Offsetting must
        last = v;
        return d;
    }
}

/** Code compiled elsewhere cannot be shown to keep no state. */
// BUG: Diagnostic is: [StreamFlex:F1] @Stateless filter Inherits runs LibraryStage.work(), which it inherits from LibraryStage, a class compiled elsewhere: the checker proves a filter stateless from the code its runs run, and it cannot see that code. Override work() in Inherits, or remove @Stateless (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
@Stateless
final class Inherits extends LibraryStage {
}

@Stateless
final class CallsInherited extends LibraryStage {
    @Override
    public void work() {
        // BUG: Diagnostic is: [StreamFlex:F1] CallsInherited.work() calls next(), which @Stateless filter CallsInherited inherits from LibraryStage, a class compiled elsewhere: the checker cannot see its code, so it cannot prove that it keeps no state. Override next() in CallsInherited, or remove @Stateless (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
        next(1);
    }
}

@Stateless
final class OverridesBoth extends LibraryStage {
    @Override
    public void work() {
        next(getClass().getName().length());
    }

    @Override
    protected int next(int v) {
        return v + 1;
    }
}

/** The rule keys on @SuppressWarnings like every other. */
@Stateless
final class KnowinglyCounts extends Filter {
    @Rate(1) private IntChannel in;
    private int count;

    @SuppressWarnings("StreamFlex:F1")
    public void work() {
        count += in.take();
    }
}
