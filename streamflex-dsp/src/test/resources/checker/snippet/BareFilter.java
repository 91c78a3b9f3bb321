package snippet;

import org.streamflex.Filter;
import org.streamflex.TimeChannel;

/** Holds a BareFft, which makes it filter code. */
public final class BareFilter extends Filter {
    private TimeChannel timer;
    private final BareFft fft = new BareFft();
    private final float[] x = new float[8];

    @Override
    public void work() {
        x[0] = timer.getTime();
        fft.forward(x);
    }
}
