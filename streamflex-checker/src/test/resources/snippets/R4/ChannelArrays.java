import org.streamflex.Filter;
import org.streamflex.IntChannel;

/** A filter's array of channels is filled by the runtime, one channel per connect: its code only reads it. */
class Gather extends Filter {
    private IntChannel[] in;
    private IntChannel out;

    public void work() {
        int sum = 0;
        for (IntChannel c : in) {
            sum += c.take();
        }
        out.put(sum);
    }
}

class Reassigns extends Filter {
    private IntChannel[] in;

    public void work() {
        // BUG: Diagnostic contains: stable class Reassigns has array field 'in' of channels that its code assigns: the runtime fills it, one channel per connect
        in = new IntChannel[2];
    }
}

class Visible extends Filter {
    // BUG: Diagnostic contains: stable class Visible has array field 'in' of channels that is not private
    IntChannel[] in;

    public void work() {
    }
}
