package org.streamflex.dsp.rewrite;

import org.streamflex.Filter;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.detect.CfarSettings;

/**
 * What one node of a plan does: the vocabulary of the rewrites. Library operators carry their
 * parameters; anything else (a user's filter in the middle of a chain) is {@link Opaque}, which no
 * rule looks through.
 */
public sealed interface Op {
    /** How the operator is written in a rewrite's log line, as in WaveScript's rules. */
    String describe();

    /** A segment stream a user's filter produces on {@code field}. */
    record Source(Filter filter, String field, Class<?> element) implements Op {
        @Override
        public String describe() {
            return "source " + field;
        }
    }

    /** A scalar stream a user's filter produces on {@code field}, with the timing of its samples. */
    record ScalarSource(Filter filter, String field, Timebase timebase, long firstSample) implements Op {
        @Override
        public String describe() {
            return "scalars " + field;
        }
    }

    /** {@code rewindow(size, overlap, s)}; {@code emitShort}: windows a gap cuts are emitted short (no sample lost). */
    record Rewindow(int size, int overlap, boolean emitShort) implements Op {
        @Override
        public String describe() {
            return "rewindow(" + size + ", " + overlap + ")";
        }
    }

    /** {@code window(n, s)}: scalars into segments of n samples. */
    record Window(int n) implements Op {
        @Override
        public String describe() {
            return "window(" + n + ")";
        }
    }

    /** {@code dewindow(s)}: segments into scalars, keeping their timing for a window downstream. */
    record Dewindow() implements Op {
        @Override
        public String describe() {
            return "dewindow";
        }
    }

    /** {@code merge(x, y, ...)}: items of every input in the order they arrive. */
    record Merge() implements Op {
        @Override
        public String describe() {
            return "merge";
        }
    }

    /** {@code map(f, s)} with a user's map class. */
    record Map(Class<? extends Filter> function) implements Op {
        @Override
        public String describe() {
            return "map(" + function.getSimpleName() + ")";
        }
    }

    /** {@code fft(n, s)}: windows to spectra of n/2+1 bins. */
    record Fft(int n) implements Op {
        @Override
        public String describe() {
            return "fft(" + n + ")";
        }
    }

    /** {@code ifft(S)}: spectra back to windows of their FFT size; {@code n} 0 for the size the plan shows. */
    record Ifft(int n) implements Op {
        @Override
        public String describe() {
            return "ifft";
        }
    }

    /** The frequency-domain middle of a bandpass or lowpass: bins outside [lowHz, highHz] zeroed. */
    record BandMask(double lowHz, double highHz) implements Op {
        @Override
        public String describe() {
            return "mask(" + lowHz + ", " + highHz + ")";
        }
    }

    /**
     * {@code binScore(S)}: the weighted sum of each spectrum's bin magnitudes, made by {@code make};
     * {@code unweighted}: every weight 1, the sum of magnitudes.
     */
    record BinScore(boolean unweighted, Lowering make) implements Op {
        @Override
        public String describe() {
            return unweighted ? "score" : "score(weighted)";
        }
    }

    /**
     * {@code bandScore(n, overlap, lowHz, highHz, s)}: the sum of the in-band bin magnitudes of every
     * window of {@code rewindow(n, overlap, s)}, a block at a time ({@code spectrum.BandScore}).
     */
    record BandScore(int n, int overlap, boolean emitShort, double lowHz, double highHz) implements Op {
        @Override
        public String describe() {
            return "bandScore(" + n + ", " + overlap + ", " + lowHz + ", " + highHz + ")";
        }
    }

    /**
     * {@code cfar(scores)}: CFAR detection over timed scores, a padded range per event and release
     * ranges between ({@code detect.CfarDetector} with these parameters).
     */
    record Cfar(double beta, int timeConstant, int warmup, int hold, double minStd, long padBefore, long padAfter,
            int releaseEvery) implements Op {
        @Override
        public String describe() {
            return "cfar(" + beta + ")";
        }

        /** The detector's parameters, as its filters take them. */
        public CfarSettings settings() {
            return new CfarSettings(beta, timeConstant, warmup, hold, minStd, padBefore, padAfter, releaseEvery);
        }
    }

    /**
     * {@code bandCfar(s)}: {@code cfar(bandScore(s))} in one operator, each window's score fed to the
     * detector where it is computed ({@code detect.BandCfar}).
     */
    record BandCfar(BandScore score, Cfar cfar) implements Op {
        @Override
        public String describe() {
            return "bandCfar(" + score.n() + ", " + score.overlap() + ", " + score.lowHz() + ", " + score.highHz()
                    + "; " + cfar.beta() + ")";
        }
    }

    /**
     * Any other operator, library or user: made by {@code make} at lowering, never looked through
     * by a rule. {@code name} is what logs call it.
     */
    record Opaque(String name, Lowering make) implements Op {
        @Override
        public String describe() {
            return name;
        }
    }
}
