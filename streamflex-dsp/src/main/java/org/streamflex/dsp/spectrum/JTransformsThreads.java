package org.streamflex.dsp.spectrum;

import org.jtransforms.utils.CommonUtils;

/**
 * Keeps JTransforms' one-dimensional transforms on the calling thread.
 *
 * <p>In JTransforms 3.1 every threaded branch of a 1D float transform (split-radix {@code cftfsub}
 * and {@code cftbsub}, {@code scale}, the Bluestein paths, {@code realForwardFull}) is taken only when
 * {@code ConcurrencyUtils.getNumberOfThreads() > 1} and the size reaches
 * {@code CommonUtils.getThreadsBeginN_1D_FFT_2Threads()} (8192 by default; the 4-thread threshold,
 * 65536, is consulted only inside those branches). The mixed-radix paths never start threads.
 * Raising both 1D thresholds to {@code Long.MAX_VALUE} therefore turns every threaded branch off,
 * while leaving JLargeArrays' own thread count, and JTransforms' 2D and 3D thresholds, to the rest of
 * the JVM. The setting is global to the JVM; a filter's kernels re-apply it before each transform so
 * that a later {@code CommonUtils.resetThreadsBeginN_FFT()} elsewhere cannot bring threads back, and
 * so that the filter's own thread reads the value it wrote.
 */
final class JTransformsThreads {
    private JTransformsThreads() {
    }

    /** Raises JTransforms' 1D thread thresholds out of reach, if something lowered them. */
    static void keepOnCallingThread() {
        if (CommonUtils.getThreadsBeginN_1D_FFT_2Threads() != Long.MAX_VALUE) {
            CommonUtils.setThreadsBeginN_1D_FFT_2Threads(Long.MAX_VALUE);
        }
        if (CommonUtils.getThreadsBeginN_1D_FFT_4Threads() != Long.MAX_VALUE) {
            CommonUtils.setThreadsBeginN_1D_FFT_4Threads(Long.MAX_VALUE);
        }
    }
}
