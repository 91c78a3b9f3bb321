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
    // BUG: Diagnostic contains: stable class Err keeps a reference to capsule class Complex in field 'retain'
    private Complex retain;

    public void work() {
        out.put(retain = in.take());
    }
}
