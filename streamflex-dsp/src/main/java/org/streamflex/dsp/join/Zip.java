package org.streamflex.dsp.join;

import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.dsp.Seg;
import org.streamflex.dsp.SegTuple;

/**
 * WaveScript's {@code zip}: pairs its inputs' segments by arrival order, one from each input, into
 * a {@link SegTuple} whose place i holds input i's segment (the same segment, not a copy) and whose
 * {@link SegTuple#tag()} counts the tuples made, from 0.
 *
 * <pre>{@code
 * Zip zip = makeFilter(Zip.class);
 * connect(lowBand, "out", zip, "in", 8);      // in[0]
 * connect(highBand, "out", zip, "in", 8);     // in[1]
 * connect(zip, "out", compare, "in", 8);
 * }</pre>
 *
 * <p>Decisions (the module README): time plays no part ({@link Sync} joins by time). It fires
 * when every input holds a segment, and then makes as many tuples as every input allows. The input
 * channels are its FIFOs, where WaveScript's zip has unbounded ones: they are bounded, and when
 * one input runs ahead its producer's puts overflow that channel, dropped and counted there (its
 * {@code dropped} counter). A full output channel drops the tuple and counts it, as every channel
 * does.
 */
public final class Zip extends Filter {
    private SharedChannel<Seg>[] in;
    private SharedChannel<SegTuple> out;
    private long tuples;

    private Zip() {
    }

    @Override
    protected boolean trigger() {
        return everyInputHasOne();
    }

    @Override
    public void work() {
        while (everyInputHasOne()) {
            SegTuple t = SegTuple.make(in.length);
            for (int i = 0; i < in.length; i++) {
                t.set(i, in[i].take());
            }
            t.tag(tuples++);
            out.put(t);
        }
    }

    private boolean everyInputHasOne() {
        for (SharedChannel<Seg> c : in) {
            if (c.size() == 0) {
                return false;
            }
        }
        return in.length > 0;
    }
}
