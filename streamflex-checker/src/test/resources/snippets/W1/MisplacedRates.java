import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.Stable;
import org.streamflex.TimeChannel;

final class Counter implements Stable {
    int n;
}

class Gen extends Filter {
    // BUG: Diagnostic is: [StreamFlex:W1] @Rate on Gen.timer: a TimeChannel has no item rate, it releases work() on a clock; @Rate is for data channels. Remove it (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    @Rate(1) private TimeChannel timer;
    // BUG: Diagnostic is: [StreamFlex:W1] @Rate on Gen.count: int is not a data channel; @Rate declares how many items every work() takes from or puts on a data channel (IntChannel, Channel<T>, SharedChannel<T>...), or on each channel of an array of them. Remove it, or move it to a channel field (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    @Rate(1) private int count;
    // BUG: Diagnostic contains: @Rate on Gen.counter: Counter is not a data channel;
    @Rate(1) private final Counter counter = new Counter();
    @Rate(1) private IntChannel out;

    public void work() {
        counter.n++;
        out.put(count++);
    }
}

class Negative extends Filter {
    // BUG: Diagnostic is: [StreamFlex:W1] Negative.in declares @Rate(-1): a rate counts items, so it cannot be negative; declare 0 or more (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    @Rate(-1) private IntChannel in;
    // BUG: Diagnostic contains: Negative.ahead declares @Rate(value = 1, peek = -2): a rate counts items, so it cannot be negative;
    @Rate(value = 1, peek = -2) private IntChannel ahead;
    @Rate(1) private IntChannel out;

    public void work() {
        out.put(in.take() + ahead.take());
    }
}

class NarrowWindow extends Filter {
    // BUG: Diagnostic is: [StreamFlex:W1] NarrowWindow.in declares @Rate(value = 3, peek = 2): the peek window includes the items work() takes, so it cannot be smaller than value; declare peek = 3 or more, or leave peek out (0 means the same as value) (StreamFlex rule W1 WorkRates, not in the paper, for StreamIt's static rates: see streamflex-checker/README.md#w1-workrates)
    @Rate(value = 3, peek = 2) private IntChannel in;
    @Rate(value = 2, peek = 2) private IntChannel exact;
    @Rate(0) private IntChannel idle;

    public void work() {
        in.skip(3);
        exact.skip(2);
    }
}
