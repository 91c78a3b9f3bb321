import java.util.function.IntUnaryOperator;
import org.streamflex.Atomic;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.Stable;
import org.streamflex.Stateless;

/** Every way a @Stateless filter's runs can write a field: each is state a later run would read. */
@Stateless
class Counter extends Filter {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;
    private int count;
    private int last;
    private long total;
    private boolean seen;

    public void work() {
        int v = in.take();
        // BUG: Diagnostic is: [StreamFlex:F1] Counter.work() writes field Counter.count, but @Stateless filter Counter must keep no state between runs, because the runtime may run replicas of it in parallel: a later run on another replica would not see what this run wrote. Use a local variable if no later run needs the value, or remove @Stateless (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
        count++;
        // BUG: Diagnostic contains: Counter.work() writes field Counter.count, but
        --count;
        // BUG: Diagnostic contains: Counter.work() writes field Counter.last, but
        last = v;
        // BUG: Diagnostic contains: Counter.work() writes field Counter.total, but
        this.total += v;
        // BUG: Diagnostic contains: Counter.work() writes field Counter.seen, but
        (this).seen = true;
        out.put(v);
    }
}

final class Tally {
    static int calls;
    static final int[] HISTOGRAM = new int[16];
}

@Stateless
class Histogram extends Filter {
    private static int runs;
    @Rate(1) private IntChannel in;

    public void work() {
        int v = in.take();
        // BUG: Diagnostic is: [StreamFlex:F1] Histogram.work() writes static field Histogram.runs, but @Stateless filter Histogram must keep no state between runs, because the runtime may run replicas of it in parallel: its replicas would all write it at once. Use a local variable if no later run needs the value, or remove @Stateless (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
        runs++;
        // BUG: Diagnostic contains: Histogram.work() writes static field Tally.calls, but
        Tally.calls = v;
        // BUG: Diagnostic contains: Histogram.work() writes Tally.HISTOGRAM[v & 15], held by static field Tally.HISTOGRAM, but
        Tally.HISTOGRAM[v & 15]++;
    }
}

@Stateless
class Smoother extends Filter {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;
    private final int[] history = new int[4];
    private final Running running = new Running();

    static final class Running implements Stable {
        int sum;
        private final int[] window = new int[4];
    }

    public void work() {
        int v = in.take();
        // BUG: Diagnostic is: [StreamFlex:F1] Smoother.work() writes history[v & 3], held by field Smoother.history, but @Stateless filter Smoother must keep no state between runs, because the runtime may run replicas of it in parallel: a later run on another replica would not see what this run wrote. Use a local variable if no later run needs the value, or remove @Stateless (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
        history[v & 3] = v;
        // BUG: Diagnostic contains: Smoother.work() writes this.history[0], held by field Smoother.history, but
        this.history[0] += v;
        // BUG: Diagnostic contains: Smoother.work() writes running.sum, held by field Smoother.running, but
        running.sum += v;
        // BUG: Diagnostic contains: Smoother.work() writes running.window[0], held by field Smoother.running, but
        running.window[0] = v;
        out.put(v);
    }
}

/** Code that work() runs is work()'s: helpers, lambdas, anonymous classes, the base class's methods. */
abstract class Base extends Filter {
    protected int calls;

    protected void count() {
        // BUG: Diagnostic is: [StreamFlex:F1] Base.count(), run by Helpers.work(), writes field Base.calls, but @Stateless filter Helpers must keep no state between runs, because the runtime may run replicas of it in parallel: a later run on another replica would not see what this run wrote. Use a local variable if no later run needs the value, or remove @Stateless (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
        calls++;
    }
}

@Stateless
class Helpers extends Base {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;
    private int scaled;
    private int fromLambda;
    private int fromAnonymous;
    private int fromInner;
    private int fromReference;

    final class Memo {
        void keep(int v) {
            // BUG: Diagnostic contains: Helpers.Memo.keep(), run by Helpers.work(), writes field Helpers.fromInner, but
            Helpers.this.fromInner = v;
        }
    }

    public void work() {
        count();
        int v = scale(in.take());
        new Memo().keep(v);
        IntUnaryOperator referenced = this::remember;
        v = referenced.applyAsInt(v);
        // BUG: Diagnostic contains: a lambda in Helpers.work() writes field Helpers.fromLambda, but
        IntUnaryOperator keep = x -> fromLambda = x;
        IntUnaryOperator remember = new IntUnaryOperator() {
            @Override
            public int applyAsInt(int x) {
                // BUG: Diagnostic contains: an anonymous class in Helpers.applyAsInt(), run by Helpers.work(), writes field Helpers.fromAnonymous, but
                fromAnonymous = x;
                return x;
            }
        };
        out.put(keep.applyAsInt(remember.applyAsInt(v)));
    }

    private int remember(int v) {
        // BUG: Diagnostic contains: Helpers.remember(), run by Helpers.work(), writes field Helpers.fromReference, but
        fromReference = v;
        return v;
    }

    private int scale(int v) {
        // BUG: Diagnostic contains: Helpers.scale(), run by Helpers.work(), writes field Helpers.scaled, but
        scaled = 2 * v;
        return scaled;
    }
}

/** trigger() runs between runs, and @Atomic methods exist to change fields between runs. */
@Stateless
class Gated extends Filter {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;
    private int looks;
    private int gain = 1;

    @Override
    protected boolean trigger() {
        // BUG: Diagnostic contains: Gated.trigger() writes field Gated.looks, but
        looks++;
        return in.size() > 0;
    }

    @Atomic
    public void gain(int g) {
        // BUG: Diagnostic contains: Gated.gain() writes field Gated.gain, but
        gain = g;
    }

    public void work() {
        out.put(in.take() * gain);
    }
}
