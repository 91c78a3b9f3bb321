package snippet;

import org.jtransforms.fft.FloatFFT_1D;
import org.streamflex.Stable;

/** A kernel that breaks the rules the library's kernels keep: the checker must say so. */
public final class BareFft implements Stable {
    private final FloatFFT_1D plan = new FloatFFT_1D(8);
    private float[] work = new float[8];

    public void forward(float[] x) {
        System.arraycopy(x, 0, work, 0, 8);
        plan.realForward(work);
    }
}
