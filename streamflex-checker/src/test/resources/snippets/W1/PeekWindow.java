import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.IntChannel;
import org.streamflex.Rate;

/** The second example of Rate's javadoc: looks at 3, takes 1. */
class Fir3 extends Filter {
    @Rate(value = 1, peek = 3) private FloatChannel in;
    @Rate(1) private FloatChannel out;

    public void work() {
        out.put(in.peek(0) + in.peek(1) + in.peek(2));
        in.take();
    }
}

class Fir3TooFar extends Filter {
    @Rate(value = 1, peek = 3) private FloatChannel in;
    @Rate(1) private FloatChannel out;

    public void work() {
        float sum = in.peek(0) + in.peek(1) + in.peek(2);
        if (sum > 0) {
            // BUG: Diagnostic is: [StreamFlex:W1] Fir3TooFar.in declares @Rate(value = 1, peek = 3) but work() peeks at item 3, outside its window of items 0 to 2; declare @Rate(value = 1, peek = 4), or peek below 3 (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
            sum += in.peek(3);
        }
        out.put(sum);
        in.take();
    }
}

/** Without peek, the window is the items taken. */
class PeeksPastItsTakes extends Filter {
    private static final int TAPS = 2;
    @Rate(TAPS) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        int ahead = 0;
        for (int i = 0; i < TAPS; i++) {
            ahead += in.peek(i);
        }
        // BUG: Diagnostic contains: PeeksPastItsTakes.in declares @Rate(2) but work() peeks at item 2, outside its window of items 0 to 1; declare @Rate(value = 2, peek = 3), or peek below 2
        ahead += in.peek(TAPS);
        in.skip(TAPS);
        out.put(ahead);
    }
}

class PeeksAtNothing extends Filter {
    @Rate(0) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        // BUG: Diagnostic contains: PeeksAtNothing.in declares @Rate(0) but work() peeks at item 0, outside its window, which is empty; declare @Rate(value = 0, peek = 1), or do not peek
        out.put(in.peek(0));
    }
}

class PeeksAtEachChannel extends Filter {
    @Rate(1) private IntChannel[] in;
    @Rate(1) private IntChannel out;

    public void work() {
        // BUG: Diagnostic contains: PeeksAtEachChannel.in declares @Rate(1) for each of its channels but work() peeks at item 1, outside its window of item 0;
        out.put(in[0].peek(0) + in[1].peek(1));
        in[0].take();
        in[1].take();
    }
}
