package org.streamflex.dsp.window;

import org.streamflex.DoubleChannel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.dsp.DoubleSeg;

/**
 * WaveScript's {@code dewindow(s)}: emits every sample of every segment, in order, as a
 * {@code double} stream, losing none when the output channel is full.
 *
 * <pre>{@code
 * DoubleDewindow flat = makeFilter(DoubleDewindow.class);
 * connect(frames, "out", flat, "in", 4);
 * connect(flat, "out", perSample, "in", 1024);
 * }</pre>
 *
 * <p>Decisions (the module README): the samples' time is dropped (use
 * {@link DoubleMarkingDewindow} to keep it). <b>Back-pressure is lossless</b>: it puts samples
 * until the output channel refuses one, keeps the rest of the segment (in a {@link SharedQueue},
 * with its position) and goes on from there at its next release; it takes the next segment only
 * once the current one is done, so a slow consumer fills this filter's input channel, where the
 * producer's overflow is counted. A refused put counts on the output channel as dropped (that is
 * how a channel says it was full), although its sample is kept and put again later: each refusal
 * is also counted in this filter's event {@code output-full}, so that {@code dropped} minus
 * {@code output-full} is the samples really lost, always 0.
 * <!-- template: the build drops these lines from the classes it generates -->
 *
 * <p>This class is the template of the dewindow operators of the other sample types: the build
 * generates {@code FloatDewindow}, {@code IntDewindow}, {@code ShortDewindow} and
 * {@code LongDewindow} from it ({@code build-tools/Specialize.java}).
 * <!-- :template -->
 */
public final class DoubleDewindow extends Filter {
    private static final FilterEvent OUTPUT_FULL = FilterEvent.named("output-full");

    private SharedChannel<DoubleSeg> in;
    private DoubleChannel out;
    /** The segment being emitted, while the output channel is full. */
    private final SharedQueue<DoubleSeg> pending = new SharedQueue<>(1);
    /** The index in it of the next sample to put. */
    private int position;

    private DoubleDewindow() {
    }

    @Override
    protected boolean trigger() {
        return in.size() > 0 || !pending.isEmpty();
    }

    @Override
    public void work() {
        while (true) {
            boolean kept = !pending.isEmpty();
            DoubleSeg s;
            if (kept) {
                s = pending.get(0);
            } else if (in.size() > 0) {
                s = in.take();
                position = 0;
            } else {
                return;
            }
            int length = s.length();
            while (position < length) {
                if (!out.put(s.get(position))) {
                    raise(OUTPUT_FULL);
                    if (!kept) {
                        pending.add(s);
                    }
                    return;
                }
                position++;
            }
            if (kept) {
                pending.dropFirst();
            }
        }
    }
}
