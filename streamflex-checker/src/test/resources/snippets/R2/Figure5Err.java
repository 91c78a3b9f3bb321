import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Filter;

class Complex extends Capsule {
    double re, im;

    private Complex() {
    }
}

class Err extends Filter {
    private Channel<Complex> in, out;
    // BUG: Diagnostic is: [StreamFlex:R2] stable class Err keeps a reference to capsule class Complex in field 'retain'; a capsule belongs to the channel or the work() that holds it and goes back to its pool when work() returns. Copy the values you need into primitive fields (StreamFlex rule R2 StableFields, paper section 4.2: see streamflex-checker/README.md#r2-stablefields)
    private Complex retain;

    public void work() {
        out.put(retain = in.take());
    }
}
