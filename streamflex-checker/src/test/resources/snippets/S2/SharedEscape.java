import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Shared;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;

final class Seg extends Shared {
    private float[] samples = new float[4];

    static Seg make(int n) {
        Seg s = new Seg();
        s.samples = new float[n];
        s.revive();
        return s;
    }

    float at(int i) {
        return samples[i];
    }

    double mean() {
        return samples.length == 0 ? 0 : samples[0];
    }

    @Override
    protected void freed() {
    }
}

final class Last {
    static Seg seg;
    static Object any;
}

/** Code of the compilation: checked by these rules, so filter code may hand it shared values. */
final class Helper {
    static float first(Seg s) {
        return s.at(0);
    }
}

class Captures extends Filter {
    private SharedChannel<Seg> in;
    private IntChannel out;

    public void work() {
        Seg s = in.take();
        int n = 3;
        // BUG: Diagnostic is: [StreamFlex:S2] a lambda in Captures.work() captures shared value 's' of type Seg, and may run after work() returns; a shared value is valid only until the work() that took it returns, and then its memory may go back to its pool for another value. Use the value within work() itself, and keep shared values across releases in a SharedQueue field (StreamFlex rule S2 SharedEscape, not in the paper, for signal segments (XStream/WaveScript SigSegs) on a stock JVM: see streamflex-checker/README.md#s2-sharedescape)
        IntSupplier later = () -> (int) s.at(0) + (int) s.at(1);
        // BUG: Diagnostic contains: code in Captures.work() binds method reference s::mean to a shared value of type Seg, and may run after work() returns
        DoubleSupplier mean = s::mean;
        Seg[] pair = {s, s};
        // BUG: Diagnostic contains: a lambda in Captures.work() captures variable 'pair' of type Seg[], which holds shared values, and may run
        IntSupplier size = () -> pair.length;
        Runnable task = new Runnable() {
            @Override
            public void run() {
                // BUG: Diagnostic contains: an anonymous class in Captures captures shared value 's' of type Seg, and may run after work() returns
                s.at(0);
            }
        };
        class Later {
            float get() {
                // BUG: Diagnostic contains: local class Later captures shared value 's' of type Seg
                return s.at(0);
            }
        }
        IntSupplier own = () -> {
            Seg mine = in.peek(0);
            return (int) mine.at(0) + n;
        };
        out.put(later.getAsInt() + size.getAsInt() + own.getAsInt() + (int) mean.getAsDouble() + (int) new Later().get());
        task.run();
    }
}

class Calls extends Filter {
    private SharedChannel<Seg> in;
    private SharedChannel<Seg> out;
    private final SharedQueue<Seg> held = new SharedQueue<>(2);

    public void work() {
        Seg s = in.take();
        List<Seg> list = new ArrayList<>();
        // BUG: Diagnostic is: [StreamFlex:S2] code in Calls.work() passes a shared value of type Seg to List.add(E), code outside this compilation and outside org.streamflex that may keep it after work() returns; a shared value is valid only until the work() that took it returns, and then its memory may go back to its pool for another value. Pass shared values only to your own code and to org.streamflex libraries, and keep them across releases in a SharedQueue field (StreamFlex rule S2 SharedEscape, not in the paper, for signal segments (XStream/WaveScript SigSegs) on a stock JVM: see streamflex-checker/README.md#s2-sharedescape)
        list.add(s);
        Map<String, Seg> byName = new HashMap<>();
        // BUG: Diagnostic contains: passes a shared value of type Seg to Map.put(K, V), code outside this compilation
        byName.put("last", s);
        // BUG: Diagnostic contains: passes a shared value of type Seg to new AtomicReference(V)
        AtomicReference<Seg> ref = new AtomicReference<>(s);
        // BUG: Diagnostic contains: passes a List<Seg> holding shared values to new ArrayList(Collection<? extends E>)
        List<Seg> copy = new ArrayList<>(list);
        System.out.println(s);
        System.out.printf("%s %d%n", s, System.identityHashCode(s));
        StringBuilder text = new StringBuilder().append(s);
        int hash = Objects.hash(s, text) + Objects.hashCode(Objects.requireNonNull(s));
        boolean same = s.equals(held.isEmpty() ? s : held.get(0));
        float first = Helper.first(s) + pick(s, s).at(0);
        Seg[] local = new Seg[] {s};
        held.add(local[0]);
        out.put(s);
        in.untake(in.take());
        copy.clear();
        ref.set(null);
        text.setLength(hash + (same ? 1 : 0) + (int) first);
    }

    private Seg pick(Seg a, Seg b) {
        return a.at(0) > b.at(0) ? a : b;
    }
}

class Statics extends Filter {
    // BUG: Diagnostic contains: code in an initializer of Statics stores a shared value of type Seg in static field Statics.ZERO, which outlives work()
    private static final Seg ZERO = Seg.make(1);
    private SharedChannel<Seg> in;

    public void work() {
        Seg s = in.take();
        // BUG: Diagnostic is: [StreamFlex:S2] code in Statics.work() stores a shared value of type Seg in static field Last.seg, which outlives work(); a shared value is valid only until the work() that took it returns, and then its memory may go back to its pool for another value. Keep shared values across releases in a SharedQueue field of the filter (StreamFlex rule S2 SharedEscape, not in the paper, for signal segments (XStream/WaveScript SigSegs) on a stock JVM: see streamflex-checker/README.md#s2-sharedescape)
        Last.seg = s;
        // BUG: Diagnostic contains: code in Statics.work() stores a shared value of type Seg in static field Last.any
        Last.any = s;
        // BUG: Diagnostic contains: [StreamFlex:R3] code in Statics.work() writes static field Last.seg; an object stored in a static field outlives work()
        Last.seg = null;
    }
}

/** Plain Java outside any graph: not in the reachable class set, so not checked. */
class Driver {
    private final List<Seg> made = new ArrayList<>();

    void run(Seg s) {
        made.add(s);
        Last.seg = s;
        Runnable r = () -> s.at(0);
        r.run();
    }
}
