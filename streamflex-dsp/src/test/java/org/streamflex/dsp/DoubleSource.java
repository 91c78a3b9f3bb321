package org.streamflex.dsp;

import org.streamflex.SharedChannel;

/**
 * A scripted source of {@link DoubleSeg}s: sample {@code t} is {@code signal[t mod signal length]}.
 * <!-- template: the build drops these lines from the classes it generates -->
 * The build generates FloatSource and ShortSource from it (the dsp pom's specialize-tests).
 * <!-- :template -->
 */
public final class DoubleSource extends ScriptedSource {
    /** The longest signal. */
    public static final int MAX_SIGNAL = 1 << 18;
    private static final int CHUNK = 1024;

    private SharedChannel<DoubleSeg> out;
    private final double[] signal = new double[MAX_SIGNAL];
    private final double[] chunk = new double[CHUNK];
    private int signalLength = 1;

    /** The signal, repeated if the script runs past its end. */
    public void signal(double[] values) {
        System.arraycopy(values, 0, signal, 0, values.length);
        signalLength = values.length;
    }

    @Override
    protected int emit(Timebase tb, long start, int length) {
        DoubleSeg s = DoubleSeg.make(tb, start, length);
        for (int at = 0; at < length; at += CHUNK) {
            int count = Math.min(CHUNK, length - at);
            for (int i = 0; i < count; i++) {
                chunk[i] = signal[(int) Math.floorMod(start + at + i, (long) signalLength)];
            }
            s.set(at, chunk, 0, count);
        }
        out.put(s);
        return System.identityHashCode(s);
    }
}
