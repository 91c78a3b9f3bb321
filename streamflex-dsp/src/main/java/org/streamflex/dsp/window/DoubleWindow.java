package org.streamflex.dsp.window;

import java.util.Objects;
import org.streamflex.DoubleChannel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.dsp.DoubleSeg;
import org.streamflex.dsp.Timebase;

/**
 * WaveScript's {@code window(n, s)}: every {@code n} scalars of a {@code double} stream become one
 * segment of {@code n} samples, numbered on from a first sample number against a timebase.
 *
 * <pre>{@code
 * DoubleWindow batch = makeFilter(DoubleWindow.class);
 * batch.configure(64, Timebase.of("score", 1378.125, 0), 0);
 * connect(scores, "out", batch, "in", 256);
 * connect(batch, "out", detector, "in", 4);
 * }</pre>
 *
 * <p>Decisions (the module README): a scalar stream has no time of its own and no gaps, so the
 * k-th scalar is sample {@code firstSample + k} of the configured timebase, and every segment
 * continues the one before. Streams are unbounded: a partial segment waits for its last sample
 * (it is never emitted short). The samples are copied once, into a segment made from the pool;
 * the partial one is kept in a {@link SharedQueue} between releases. A full output channel drops
 * the segment and counts it, as every channel does.
 * <!-- template: the build drops these lines from the classes it generates -->
 *
 * <p>This class is the template of the window operators of the other sample types: the build
 * generates {@code FloatWindow}, {@code IntWindow}, {@code ShortWindow} and {@code LongWindow} from
 * it ({@code build-tools/Specialize.java}).
 * <!-- :template -->
 */
public final class DoubleWindow extends Filter {
    private DoubleChannel in;
    private SharedChannel<DoubleSeg> out;
    /** The segment being filled, between releases; written only while nothing else holds it. */
    private final SharedQueue<DoubleSeg> filling = new SharedQueue<>(1);
    private int n;
    private Timebase timebase;
    /** The sample number of the next scalar. */
    private long next;
    /** Samples already in the segment being filled. */
    private int filled;

    private DoubleWindow() {
    }

    /**
     * Sets the segment length, the timebase of the samples and the number of the first; call it
     * before the graph runs.
     *
     * @throws IllegalArgumentException if {@code n} is not positive
     */
    public void configure(int n, Timebase timebase, long firstSample) {
        if (n <= 0) {
            throw new IllegalArgumentException(getClass().getSimpleName() + ".configure(n " + n + ", " + timebase
                    + ", first sample " + firstSample + "): a segment has at least one sample");
        }
        this.n = n;
        this.timebase = Objects.requireNonNull(timebase, "timebase");
        this.next = firstSample;
    }

    @Override
    public void work() {
        if (n == 0) {
            throw new IllegalStateException(getClass().getSimpleName()
                    + " was not configured: call configure(n, timebase, firstSample) before the graph runs");
        }
        // Taken back from the queue, the segment is held by this work() alone, so it is writable.
        DoubleSeg current = filling.isEmpty() ? null : filling.removeFirst();
        while (in.size() > 0) {
            if (current == null) {
                current = DoubleSeg.make(timebase, next, n);
                filled = 0;
            }
            current.set(filled++, in.take());
            next++;
            if (filled == n) {
                out.put(current);
                current = null;
            }
        }
        if (current != null) {
            filling.add(current);
        }
    }
}
