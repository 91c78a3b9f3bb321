import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.FloatChannel;
import org.streamflex.IntChannel;
import org.streamflex.Rate;

/** The example of Rate's javadoc: two takes and one put on every run, as declared. */
class Decimate extends Filter {
    @Rate(2) private FloatChannel in;
    @Rate(1) private FloatChannel out;

    public void work() {
        float a = in.take();
        float b = in.take();
        out.put((a + b) / 2);
    }
}

class HalfDecimate extends Filter {
    @Rate(2) private FloatChannel in;
    @Rate(1) private FloatChannel out;

    // BUG: Diagnostic is: [StreamFlex:W1] HalfDecimate.in declares @Rate(2) but work() takes 1 item on every run; declare @Rate(1) or take 2 (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    public void work() {
        out.put(in.take());
    }
}

class Doubler extends Filter {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;

    // BUG: Diagnostic is: [StreamFlex:W1] Doubler.out declares @Rate(1) but work() puts 2 items on every run; declare @Rate(2) or put 1 (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    public void work() {
        int v = this.in.take();
        out.put(v);
        this.out.put(v);
    }
}

/** A take in a condition runs on every run, as does a put whose value depends on one. */
class Sign extends Filter {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        int v;
        if ((v = in.take()) < 0) {
            v = -v;
        }
        out.put(v > 0 ? 1 : 0);
    }
}

/** Two takes and an untake: one item per run. */
class LookBack extends Filter {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        int a = in.take();
        int b = in.take();
        in.untake(b);
        out.put(a - b);
    }
}

class GivesBackTooMuch extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;

    // BUG: Diagnostic contains: GivesBackTooMuch.in declares @Rate(2) but work() takes 1 item on every run; declare @Rate(1) or take 2
    public void work() {
        int a = in.take();
        int b = in.take();
        in.untake(b);
        out.put(a);
    }
}

/** skip(n) with a constant n takes n items. */
class KeepThird extends Filter {
    private static final int HOP = 3;
    @Rate(HOP) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        in.skip(2);
        out.put(in.take());
    }
}

class SkipsTooFew extends Filter {
    private static final int HOP = 4;
    @Rate(HOP) private IntChannel in;
    @Rate(1) private IntChannel out;

    // BUG: Diagnostic is: [StreamFlex:W1] SkipsTooFew.in declares @Rate(4) but work() takes 3 items on every run; declare @Rate(3) or take 4 (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    public void work() {
        in.skip(HOP - 2);
        out.put(in.take());
    }
}

/** transferTo(target, max) moves what is there, up to max: 0 to 2 items here, so 2 may be right. */
class Mover extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(2) private IntChannel out;

    public void work() {
        in.transferTo(out, 2);
    }
}

class ShortMover extends Filter {
    @Rate(3) private IntChannel in;
    @Rate(3) private IntChannel out;

    // BUG: Diagnostic is: [StreamFlex:W1] ShortMover.in declares @Rate(3) but work() takes at most 2 items on every run; declare @Rate(2) or take 3 (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    // BUG: Diagnostic is: [StreamFlex:W1] ShortMover.out declares @Rate(3) but work() puts at most 2 items on every run; declare @Rate(2) or put 3 (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    public void work() {
        in.transferTo(out, 2);
    }
}

/** copyTo puts count items on its target and takes none from its source. */
class Tee extends Filter {
    @Rate(value = 2, peek = 2) private IntChannel in;
    @Rate(2) private IntChannel copy;
    @Rate(2) private IntChannel out;

    public void work() {
        in.copyTo(copy, 2);
        in.transferTo(out, 2);
    }
}

class OverCopies extends Filter {
    @Rate(value = 1, peek = 3) private IntChannel in;
    @Rate(1) private IntChannel copy;

    // BUG: Diagnostic contains: OverCopies.in declares @Rate(value = 1, peek = 3) but work() takes 0 items on every run; declare @Rate(value = 0, peek = 3) or take 1
    // BUG: Diagnostic contains: OverCopies.copy declares @Rate(1) but work() puts 3 items on every run; declare @Rate(3) or put 1
    public void work() {
        in.copyTo(copy, 3);
    }
}

class Silent extends Filter {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;

    // BUG: Diagnostic is: [StreamFlex:W1] Silent.out declares @Rate(1) but work() neither takes from it nor puts on it; take or put 1 in work(), or remove @Rate if its rate is dynamic (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    public void work() {
        in.take();
    }
}

/** Each channel of an array has the array's rate; constant indices name them. */
class Adder extends Filter {
    @Rate(1) private IntChannel[] in;
    @Rate(1) private IntChannel out;

    public void work() {
        int n = in.length;
        out.put(in[0].take() + in[1].take() + n);
    }
}

class LopsidedAdder extends Filter {
    @Rate(1) private IntChannel[] in;
    @Rate(1) private IntChannel out;

    // BUG: Diagnostic is: [StreamFlex:W1] LopsidedAdder.in declares @Rate(1) for each of its channels but work() takes 2 items from in[0] on every run; declare @Rate(2) or take 1 (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    public void work() {
        out.put(in[0].take() + in[0].take() + in[1].take());
    }
}

class IgnoresOneChannel extends Filter {
    @Rate(1) private IntChannel[] in;
    @Rate(1) private IntChannel out;

    // BUG: Diagnostic is: [StreamFlex:W1] IgnoresOneChannel.in declares @Rate(1) for each of its channels but work() neither takes from in[1] nor puts on in[1]; take or put 1 in work(), or remove @Rate if its rate is dynamic (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    public void work() {
        int waiting = in[1].size();
        out.put(in[0].take() + waiting);
    }
}

final class Pair extends Capsule {
    int left;
    int right;

    private Pair() {
    }
}

/** raise() and makeCapsule() are the filter's services, not helpers: they move no items. */
class Pairer extends Filter {
    private static final FilterEvent NEGATIVE = FilterEvent.named("negative");
    @Rate(2) private IntChannel in;
    @Rate(2) private Channel<Pair> out;

    // BUG: Diagnostic is: [StreamFlex:W1] Pairer.out declares @Rate(2) but work() puts 1 item on every run; declare @Rate(1) or put 2 (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    public void work() {
        Pair p = makeCapsule(Pair.class);
        p.left = in.take();
        p.right = in.take();
        if (p.left < 0) {
            raise(NEGATIVE);
        }
        out.put(p);
    }
}

/** The rule keys on @SuppressWarnings like every other. */
class KnowinglyShort extends Filter {
    @Rate(2) private IntChannel in;

    @SuppressWarnings("StreamFlex:W1")
    public void work() {
        in.take();
    }
}

/** take(into, at, n) and put(values, from, n) with a constant n move n items. */
class BlockCopy extends Filter {
    private static final int BLOCK = 8;
    @Rate(BLOCK) private FloatChannel in;
    @Rate(BLOCK) private FloatChannel out;
    private final float[] block = new float[BLOCK];

    public void work() {
        in.take(block, 0, BLOCK);
        out.put(block, 0, BLOCK);
    }
}

class BlockTooShort extends Filter {
    private static final int BLOCK = 8;
    @Rate(BLOCK) private FloatChannel in;
    @Rate(BLOCK) private FloatChannel out;
    private final float[] block = new float[BLOCK];

    // BUG: Diagnostic is: [StreamFlex:W1] BlockTooShort.in declares @Rate(8) but work() takes 7 items on every run; declare @Rate(7) or take 8 (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    // BUG: Diagnostic is: [StreamFlex:W1] BlockTooShort.out declares @Rate(8) but work() puts 9 items on every run; declare @Rate(9) or put 8 (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    public void work() {
        in.take(block, 1, BLOCK - 1);
        out.put(block, 0, BLOCK);
        out.put(block[0]);
    }
}
