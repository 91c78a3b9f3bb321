package org.streamflex.dsp;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;

/**
 * Takes every {@link DoubleSeg} and records, for the first {@link #MAX_SEGMENTS}, its start, length,
 * timebase and identity, and its samples, one after the other, while they fit.
 * <!-- template: the build drops these lines from the classes it generates -->
 * The build generates FloatSink and ShortSink from it (the dsp pom's specialize-tests).
 * <!-- :template -->
 */
public final class DoubleSink extends Filter {
    /** Segments recorded at most. */
    public static final int MAX_SEGMENTS = 4096;
    /** Samples recorded at most. */
    public static final int MAX_SAMPLES = 1 << 18;

    private SharedChannel<DoubleSeg> in;
    private final double[] samples = new double[MAX_SAMPLES];
    private final long[] starts = new long[MAX_SEGMENTS];
    private final int[] lengths = new int[MAX_SEGMENTS];
    private final int[] offsets = new int[MAX_SEGMENTS];
    private final int[] identities = new int[MAX_SEGMENTS];
    private final int[] timebases = new int[MAX_SEGMENTS];
    private int recorded;
    private int sampleCount;

    /** Segments taken. */
    public int segments;

    @Override
    public void work() {
        DoubleSeg s = in.take();
        if (segments < MAX_SEGMENTS && sampleCount + s.length() <= MAX_SAMPLES) {
            starts[recorded] = s.start();
            lengths[recorded] = s.length();
            offsets[recorded] = sampleCount;
            identities[recorded] = System.identityHashCode(s);
            timebases[recorded] = TimebaseIds.id(s.timebase());
            s.copyTo(0, samples, sampleCount, s.length());
            sampleCount += s.length();
            recorded++;
        }
        segments++;
    }

    /** Segments recorded. */
    public int recorded() {
        return recorded;
    }

    /** The start of the i-th segment. */
    public long start(int i) {
        return starts[i];
    }

    /** The length of the i-th segment. */
    public int length(int i) {
        return lengths[i];
    }

    /** The identity hash of the i-th segment. */
    public int identity(int i) {
        return identities[i];
    }

    /** The timebase of the i-th segment recorded. */
    public Timebase timebase(int i) {
        return TimebaseIds.timebase(timebases[i]);
    }

    /** Sample {@code j} of the i-th segment. */
    public double sample(int i, int j) {
        return samples[offsets[i] + j];
    }

    /** The samples recorded, every segment's one after the other, into {@code target} from 0. */
    public int copySamples(double[] target) {
        System.arraycopy(samples, 0, target, 0, Math.min(sampleCount, target.length));
        return sampleCount;
    }

    /** The samples recorded, in all. */
    public int sampleCount() {
        return sampleCount;
    }
}
