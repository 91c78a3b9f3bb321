import java.util.Arrays;
import java.util.Iterator;
import java.util.function.Supplier;
import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.Rate;
import org.streamflex.SharedQueue;
import org.streamflex.Stable;
import org.streamflex.Stateless;
import org.streamflex.checker.snippetlib.Segment;

final class Audit {
    private Audit() {
    }

    static int id(Filter f) {
        return System.identityHashCode(f);
    }
}

/**
 * What a field holds may change through any method called on it, and through any code it is handed
 * to: only channels and immutable values may be called or handed on.
 */
@Stateless
final class Calls extends Filter {
    @Rate(1) private FloatChannel in;
    @Rate(1) private FloatChannel out;
    private final Stats stats = new Stats();
    private final float[] taps = new float[4];
    private final Stats[] perChannel = new Stats[2];
    private final Ring ring = new Ring();
    private final SharedQueue<Segment> kept = new SharedQueue<>(4);

    static final class Stats implements Stable {
        private float max;

        void see(float v) {
            max = Math.max(max, v);
        }

        float max() {
            return max;
        }
    }

    static final class Ring implements Stable, Iterable<Integer> {
        private int next;

        @Override
        public Iterator<Integer> iterator() {
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return next < 3;
                }

                @Override
                public Integer next() {
                    return next++;
                }
            };
        }
    }

    public void work() {
        float v = in.take();
        // BUG: Diagnostic is: [StreamFlex:F1] Calls.work() calls see() on field Calls.stats, but @Stateless filter Calls must keep no state between runs, because the runtime may run replicas of it in parallel: Calls.Stats.see() may change the object, and a later run on another replica would not see the change. Call methods only on channels and on immutable values (String, boxed primitives, records and enums whose fields are final and immutable): make the Calls.Stats in work(), or remove @Stateless (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
        stats.see(v);
        // BUG: Diagnostic contains: Calls.work() calls max() on field Calls.stats, but
        float m = stats.max();
        // BUG: Diagnostic contains: Calls.work() calls size() on field Calls.kept, but
        m += kept.size();
        // BUG: Diagnostic is: [StreamFlex:F1] Calls.work() passes field Calls.taps to Arrays.fill(float[], float), but @Stateless filter Calls must keep no state between runs, because the runtime may run replicas of it in parallel: code that gets it may change it, and a later run on another replica would not see the change. Read it in place (taps[i], taps.length) or hand over a copy (taps.clone()), or remove @Stateless (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
        Arrays.fill(taps, 0);
        // BUG: Diagnostic contains: Calls.work() passes field Calls.taps to Calls.dot(float[], float), but
        m += dot(taps, v);
        // BUG: Diagnostic contains: Calls.work() stores field Calls.taps in variable alias, but
        float[] alias = taps;
        // BUG: Diagnostic contains: Calls.work() stores field Calls.taps in alias, but
        alias = (taps);
        // BUG: Diagnostic contains: Calls.work() lets field Calls.taps escape, but
        Supplier<float[]> later = () -> taps;
        // BUG: Diagnostic contains: Calls.work() iterates over field Calls.perChannel, whose elements (Calls.Stats) the loop variable could change, but
        for (Stats s : perChannel) {
            m += s.max();
        }
        // BUG: Diagnostic contains: Calls.work() iterates over field Calls.ring through its iterator(), but
        for (int i : ring) {
            m += i;
        }
        // BUG: Diagnostic is: [StreamFlex:F1] Calls.work() passes the filter itself (this) to Audit.id(Filter), but @Stateless filter Calls must keep no state between runs, because the runtime may run replicas of it in parallel: code that gets it may change it, and a later run on another replica would not see the change. Pass the values that code needs instead, or remove @Stateless (StreamFlex rule F1 StatelessWork, not in the paper, for StreamIt's fission: see streamflex-checker/README.md#f1-statelesswork)
        m += Audit.id(this);
        out.put(m + alias[0] + later.get()[0] + coefficients()[0]);
    }

    private static float dot(float[] w, float x) {
        float sum = 0;
        for (float c : w) {
            sum += c * x;
        }
        return sum;
    }

    private float[] coefficients() {
        // BUG: Diagnostic contains: Calls.coefficients(), run by Calls.work(), returns field Calls.taps, but
        return taps;
    }
}
