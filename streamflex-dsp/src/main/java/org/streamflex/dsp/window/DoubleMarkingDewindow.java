package org.streamflex.dsp.window;

import org.streamflex.Channel;
import org.streamflex.DoubleChannel;
import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.dsp.DoubleSeg;
import org.streamflex.dsp.TimebaseIds;

/**
 * A dewindow that keeps time: emits every sample of every segment as a {@code double} stream, as
 * {@link DoubleDewindow} does, and before the samples of each segment a {@link SegMark} on
 * {@code marks} saying where they sit in time (timebase id, first sample number, length). A
 * {@link DoubleMarkedWindow} reading both streams rebuilds segments with their true timing.
 *
 * <pre>{@code
 * DoubleMarkingDewindow flat = makeFilter(DoubleMarkingDewindow.class);
 * connect(frames, "out", flat, "in", 4);
 * connect(flat, "out", perSample, "in", 1024);
 * connect(flat, "marks", window, "marks", 64);
 * }</pre>
 *
 * <p>Decisions (the module README): one mark per input segment, empty ones included (a mark
 * of length 0 has no samples after it). Back-pressure is lossless on both outputs: the mark is
 * put first, and if the marks channel refuses it the segment waits, untouched, for the next
 * release (event {@code marks-full}); samples are put until the output refuses one, and the rest
 * waits with its position (event {@code output-full}). Each refusal also counts as dropped on its
 * channel, although nothing is lost: {@code dropped} minus the event's count is 0 on each.
 * <!-- template: the build drops these lines from the classes it generates -->
 *
 * <p>This class is the template of the marking dewindow operators of the other sample types: the
 * build generates {@code FloatMarkingDewindow}, {@code IntMarkingDewindow},
 * {@code ShortMarkingDewindow} and {@code LongMarkingDewindow} from it
 * ({@code build-tools/Specialize.java}).
 * <!-- :template -->
 */
public final class DoubleMarkingDewindow extends Filter {
    private static final FilterEvent OUTPUT_FULL = FilterEvent.named("output-full");
    private static final FilterEvent MARKS_FULL = FilterEvent.named("marks-full");

    private SharedChannel<DoubleSeg> in;
    private DoubleChannel out;
    private Channel<SegMark> marks;
    /** The segment being emitted, while an output channel is full. */
    private final SharedQueue<DoubleSeg> pending = new SharedQueue<>(1);
    /** The index in it of the next sample to put. */
    private int position;
    /** Whether its mark was put. */
    private boolean marked;

    private DoubleMarkingDewindow() {
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
                marked = false;
            } else {
                return;
            }
            if (!marked) {
                SegMark mark = makeCapsule(SegMark.class);
                mark.timebase = TimebaseIds.id(s.timebase());
                mark.start = s.start();
                mark.length = s.length();
                if (!marks.put(mark)) {
                    raise(MARKS_FULL);
                    keep(s, kept);
                    return;
                }
                marked = true;
            }
            int length = s.length();
            while (position < length) {
                if (!out.put(s.get(position))) {
                    raise(OUTPUT_FULL);
                    keep(s, kept);
                    return;
                }
                position++;
            }
            if (kept) {
                pending.dropFirst();
            }
        }
    }

    private void keep(DoubleSeg s, boolean kept) {
        if (!kept) {
            pending.add(s);
        }
    }
}
