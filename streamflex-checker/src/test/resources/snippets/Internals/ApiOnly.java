import org.streamflex.Atomic;
import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Stable;
import org.streamflex.TimeChannel;

class Pulse extends Capsule {
    int strength;

    private Pulse() {
    }
}

final class Tally implements Stable {
    private final int[] counts = new int[4];

    void add(int strength) {
        counts[strength & 3]++;
    }
}

// Near miss: filter code using only the org.streamflex classes, the way the plugin and the runtime mean it.
class Monitor extends Filter {
    private TimeChannel timer;
    private Channel<Pulse> in;
    private IntChannel out;
    private final Tally tally = new Tally();
    private int limit;

    public void work() {
        Pulse p = in.take();
        tally.add(p.strength);
        Pulse copy = makeCapsule(Pulse.class);
        copy.strength = Math.min(p.strength, limit);
        out.put(copy.strength);
    }

    @Atomic
    public void setLimit(int limit) {
        this.limit = limit;
    }
}
