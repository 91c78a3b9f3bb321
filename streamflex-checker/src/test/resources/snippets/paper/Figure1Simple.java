import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.StreamFlexGraph;
import org.streamflex.TimeChannel;

// Figures 1 and 2 of the paper: a valid program, printing from the sink included.
class Gen extends Filter {
    private TimeChannel timer;
    private IntChannel out;
    private int counter;

    public void work() {
        out.put(counter++);
    }
}

class Mid extends Filter {
    private IntChannel in, out;

    public void work() {
        out.put(in.take());
    }
}

class Sink extends Filter {
    private IntChannel in;

    public void work() {
        System.out.println("got " + in.take());
    }
}

class Simple extends StreamFlexGraph {
    Simple(int period) {
        Clock clk = makeClock(period);
        Filter gen = makeFilter(Gen.class);
        Filter mid = makeFilter(Mid.class);
        Filter sink = makeFilter(Sink.class);
        connect(clk, gen, "timer");
        connect(gen, "out", mid, "in", 1);
        connect(mid, "out", sink, "in", 1);
        validate();
    }
}
