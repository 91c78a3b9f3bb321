import java.util.Arrays;
import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.FloatChannel;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.Stateless;
import org.streamflex.TimeChannel;

/** The example of Stateless's javadoc: configuration set before the graph starts, read by work(). */
@Stateless
final class Scale extends Filter {
    @Rate(1) private FloatChannel in;
    @Rate(1) private FloatChannel out;
    private float gain = 1;

    void gain(float g) {
        gain = g;
    }

    @Override
    public void work() {
        out.put(in.take() * gain);
    }
}

/** Reads of fields in place, locals, and the channels' own operations are what a stateless work() does. */
@Stateless
final class Fir extends Filter {
    private static final int TAPS = 4;
    private static final FilterEvent CLIPPED = FilterEvent.named("clipped");
    @Rate(value = 1, peek = TAPS) private FloatChannel in;
    @Rate(1) private FloatChannel out;
    private final float[] taps = new float[TAPS];
    private float limit = 100;

    /** Configuration: writes fields, but no run calls it. */
    void taps(float[] t) {
        System.arraycopy(t, 0, taps, 0, TAPS);
        limit = t[0] * 100;
    }

    @Override
    public void work() {
        float sum = 0;
        float[] window = new float[taps.length];
        for (int i = 0; i < taps.length; i++) {
            window[i] = in.peek(i);
            sum += window[i] * taps[i] + this.taps[i] * ((Fir) this).taps[i];
        }
        for (float t : taps) {
            sum += t * 0;
        }
        float[] copy = taps.clone();
        copy[0] = 0;
        float[] more = Arrays.copyOf(taps, TAPS + 1);
        System.arraycopy(taps, 0, more, 1, TAPS);
        if (sum > limit && taps != null && Arrays.equals(taps, copy)) {
            raise(CLIPPED);
            sum = limit;
        }
        in.take();
        out.put(sum + more[0] + copy[0]);
    }
}

record Window(int length, float scale) {
    float apply(float v) {
        return v * scale;
    }
}

enum Mode { SUM, MAX }

final class Accumulator {
    private float total;

    void add(float v) {
        total += v;
    }

    float total() {
        return total;
    }
}

final class Pair extends Capsule {
    int left;
    int right;
    final int[] more = new int[2];

    private Pair() {
    }
}

/** Immutable values, transient objects work() makes, capsules, arrays of channels and the clock's channel. */
@Stateless
final class Combine extends Filter {
    private TimeChannel timer;
    @Rate(1) private IntChannel[] in;
    @Rate(1) private Channel<Pair> out;
    private final Window window = new Window(2, 0.5f);
    private final Mode mode = Mode.SUM;

    @Override
    public void work() {
        Accumulator acc = new Accumulator();
        for (IntChannel channel : in) {
            acc.add(window.apply(channel.peek(0)));
        }
        int first = in[0].take();
        for (int i = 1; i < in.length; i++) {
            in[i].take();
        }
        Pair p = makeCapsule(Pair.class);
        p.left = first;
        p.right = mode == Mode.SUM ? (int) acc.total() : window.length() + window.toString().length();
        p.more[0] = (int) timer.getTime();
        System.out.println(mode.name());
        out.put(p);
    }
}

/** Without @Stateless a filter keeps what it likes, and so does a subclass of a @Stateless filter without it. */
class Stateful extends Filter {
    private IntChannel in;
    private int count;

    public void work() {
        count += in.take();
    }
}

class Plain extends Filter {
    @Rate(1) private IntChannel in;

    public void work() {
        in.take();
    }
}

@Stateless
class StatelessPlain extends Plain {
}

class CountingPlain extends StatelessPlain {
    private int count;

    @Override
    public void work() {
        count++;
        super.work();
    }
}
