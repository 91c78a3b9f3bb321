package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.StreamFlexError;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.map.FloatMap;
import org.streamflex.dsp.rewrite.Lowered;
import org.streamflex.dsp.rewrite.Rewrite;
import org.streamflex.dsp.spectrum.BinScore;
import org.streamflex.runtime.GraphDriver;

/**
 * Every rewrite of a SignalGraph leaves its output as it was: each graph below runs twice on the
 * same input, rewritten and as written, and the two outputs are compared: exactly for the window
 * laws, nested rewindows and map over merge, to floating-point rounding for fft/ifft cancellation.
 * Each test also checks that the rule it is about fired.
 */
class SignalGraphRewriteTest {
    private static final Timebase TB = Timebase.of("test", 8000, 0);
    private static final int RELEASES = 40;
    /** Floats the scalar source puts per release: fewer than the channels hold (64), so none is dropped. */
    private static final int PER_RELEASE = 48;

    /** Puts {@code perRelease} floats per release, sample i being a fixed function of i. */
    public static final class Scalars extends Filter {
        @SuppressWarnings("UnusedVariable") // the clock releases the filter through it
        private TimeChannel timer;
        private FloatChannel out;
        private int perRelease = PER_RELEASE;
        private long next;

        @Override
        public void work() {
            for (int i = 0; i < perRelease; i++, next++) {
                out.put((float) Math.sin(next * 0.37) + (next % 7));
            }
        }
    }

    /** Takes every float that arrives. */
    public static final class ScalarRecorder extends Filter {
        private FloatChannel in;
        private final float[] values = new float[1 << 16];
        private int count;

        @Override
        public void work() {
            while (in.size() > 0) {
                values[count++] = in.take();
            }
        }

        float[] values() {
            return java.util.Arrays.copyOf(values, count);
        }
    }

    /** Forwards floats: a filter of the user's in the middle of a chain. */
    public static final class ScalarPass extends Filter {
        private FloatChannel in;
        private FloatChannel out;

        @Override
        public void work() {
            while (in.size() > 0) {
                out.put(in.take());
            }
        }
    }

    /** Doubles each sample: a map with no state, which may be duplicated. */
    public static final class Twice extends FloatMap {
        @Override
        protected float apply(float x) {
            return 2 * x;
        }
    }

    /** A graph built by a function of itself, rewritten or not. */
    static final class Built extends SignalGraph {
        /** The sinks, each made by the first signal that goes into it. */
        FloatSink sink;
        ScalarRecorder scalars;
        TimedValueSink values;

        final Object result;

        Built(Boolean rewrite, Function<Built, Object> body) {
            if (rewrite != null) {
                setRewrites(rewrite);
            }
            setSignalCapacity(64);
            result = body.apply(this);
            validate();
        }

        <F extends Filter> F source(Class<F> type) {
            F f = makeFilter(type, OpGraph.RECORDER_BYTES, DEFAULT_TRANSIENT_BYTES);
            connect(makeClock(0), f);
            return f;
        }

        Signal<Float> scalarSource() {
            return scalars(source(Scalars.class), "out", TB, 1000);
        }

        Signal<FloatSeg> floatSource(int[] lengths, long[] gaps) {
            FloatSource s = source(FloatSource.class);
            s.timebase(TB);
            s.signal(Signals.noise(1 << 12, 5));
            s.script(lengths, gaps, true);
            return signal(s, "out", FloatSeg.class);
        }

        void toSink(Signal<FloatSeg> s) {
            sink = makeFilter(FloatSink.class, OpGraph.RECORDER_BYTES, DEFAULT_TRANSIENT_BYTES);
            into(s, sink, "in");
        }

        void toScalars(Signal<Float> s) {
            scalars = makeFilter(ScalarRecorder.class, 1 << 20, DEFAULT_TRANSIENT_BYTES);
            into(s, scalars, "in");
        }

        Signal<TimedValue> score(Signal<ComplexSeg> spectra) {
            return operator("score", maker -> new Lowered(maker.make("score", BinScore.class), "out",
                    List.of("in")), TimedValue.class, spectra);
        }

        void toValues(Signal<TimedValue> s) {
            values = makeFilter(TimedValueSink.class, 4 << 20, DEFAULT_TRANSIENT_BYTES);
            into(s, values, "in");
        }

        // the protected building calls, for the bodies below
        Signal<FloatSeg> w(Signal<Float> s, int n) {
            return window(s, n);
        }

        Signal<Float> dw(Signal<FloatSeg> s) {
            return dewindow(s);
        }

        Signal<FloatSeg> rw(Signal<FloatSeg> s, int size, int overlap) {
            return rewindow(s, size, overlap);
        }

        Signal<FloatSeg> bp(Signal<FloatSeg> s, int n, double lo, double hi) {
            return bandpass(s, n, lo, hi);
        }

        Signal<ComplexSeg> f(Signal<FloatSeg> s, int n) {
            return fft(s, n);
        }

        Signal<ComplexSeg> mk(Signal<ComplexSeg> s, double lo, double hi) {
            return bandMask(s, lo, hi);
        }

        Signal<TimedValue> bs(Signal<ComplexSeg> spectra) {
            return binScore(spectra, null);
        }

        Signal<Float> passScalars(Signal<Float> s) {
            return through(s, makeFilter(ScalarPass.class), "in", "out", Float.class);
        }

        Signal<FloatSeg> m(Signal<FloatSeg> s) {
            return map(s, Twice.class);
        }

        Signal<FloatSeg> mg(Signal<FloatSeg> a, Signal<FloatSeg> b) {
            return merge(a, b);
        }

        Built run() {
            GraphDriver.of(this).run(RELEASES);
            return this;
        }
    }

    private static void assertSameSegments(Built a, Built b) {
        assertEquals(a.sink.recorded(), b.sink.recorded(), "segments");
        assertTrue(a.sink.recorded() > 0, "something arrived");
        for (int i = 0; i < a.sink.recorded(); i++) {
            assertEquals(a.sink.start(i), b.sink.start(i), "start of segment " + i);
            assertEquals(a.sink.length(i), b.sink.length(i), "length of segment " + i);
        }
        float[] x = new float[a.sink.sampleCount()];
        float[] y = new float[b.sink.sampleCount()];
        a.sink.copySamples(x);
        b.sink.copySamples(y);
        assertArrayEquals(x, y);
    }

    private static List<String> laws(Built g) {
        return g.rewrites().stream().map(Rewrite::law).toList();
    }

    @Test
    void windowLawsLeaveTheSegmentsAsTheyWere() {
        // window(64, dewindow(window(32, scalars))): R2 then R4 make it window(64, scalars)
        Function<Built, Object> body = g -> {
            g.toSink(g.w(g.dw(g.w(g.scalarSource(), 32)), 64));
            return null;
        };
        Built rewritten = new Built(true, body).run();
        Built asWritten = new Built(false, body).run();
        assertEquals(List.of("window(n, dewindow(s)) = rewindow(n, 0, s)",
                "rewindow(n, 0, window(m, s)) = window(n, s)"), laws(rewritten));
        assertEquals(List.of("window(64)(scalars out)"), rewritten.expressions());
        assertTrue(asWritten.rewrites().isEmpty());
        assertEquals(RELEASES * PER_RELEASE / 64, rewritten.sink.recorded());
        assertEquals(1000, rewritten.sink.start(0));
        assertSameSegments(rewritten, asWritten);
    }

    @Test
    void dewindowOfWindowLeavesTheScalarsAsTheyWere() {
        Function<Built, Object> body = g -> {
            g.toScalars(g.dw(g.w(g.scalarSource(), 16)));
            return null;
        };
        Built rewritten = new Built(true, body).run();
        Built asWritten = new Built(false, body).run();
        assertEquals(List.of("dewindow(window(n, s)) = s"), laws(rewritten));
        assertEquals(RELEASES * PER_RELEASE, rewritten.scalars.values().length);
        assertArrayEquals(rewritten.scalars.values(), asWritten.scalars.values());
    }

    @Test
    void nestedRewindowsOverGapsLeaveTheWindowsAsTheyWere() {
        Function<Built, Object> body = g -> {
            Signal<FloatSeg> s = g.floatSource(new int[] {25, 40, 13, 60}, new long[] {0, 0, 7, 0});
            g.toSink(g.rw(g.rw(s, 30, 10), 40, 0));
            return null;
        };
        Built rewritten = new Built(true, body).run();
        Built asWritten = new Built(false, body).run();
        assertEquals(List.of("rewindow(x, y, rewindow(a, b, s)) = rewindow(x, y, s)"), laws(rewritten));
        assertSameSegments(rewritten, asWritten);
    }

    @Test
    void aStatelessMapAboveAMergeLeavesTheSegmentsAsTheyWere() {
        Function<Built, Object> body = g -> {
            Signal<FloatSeg> a = g.floatSource(new int[] {32}, new long[] {0});
            Signal<FloatSeg> b = g.floatSource(new int[] {16}, new long[] {0});
            g.toSink(g.m(g.mg(a, b)));
            return null;
        };
        Built rewritten = new Built(true, body).run();
        Built asWritten = new Built(false, body).run();
        assertEquals(List.of("map(f, merge(x, y)) = merge(map(f, x), map(f, y))"), laws(rewritten));
        assertSameSegments(rewritten, asWritten);
    }

    @Test
    void anFftAfterABandpassCancelsItsIfftAndTheScoresStayToRounding() {
        Function<Built, Object> body = g -> {
            Signal<FloatSeg> s = g.floatSource(new int[] {32}, new long[] {0});
            g.toValues(g.score(g.f(g.bp(s, 32, 500, 2500), 32)));
            return null;
        };
        Built rewritten = new Built(true, body).run();
        Built asWritten = new Built(false, body).run();
        assertEquals(List.of("fft(n, ifft(S)) = S"), laws(rewritten));
        assertTrue(rewritten.expressions().getFirst().startsWith("score(mask(500.0, 2500.0)(fft(32)(source out)))"),
                rewritten.expressions().toString());
        assertEquals(RELEASES, rewritten.values.count);
        assertEquals(asWritten.values.count, rewritten.values.count);
        for (int i = 0; i < rewritten.values.count; i++) {
            assertEquals(asWritten.values.start(i), rewritten.values.start(i));
            assertEquals(asWritten.values.value(i), rewritten.values.value(i),
                    1e-5 * Math.max(1, Math.abs(asWritten.values.value(i))), "score " + i);
        }
    }

    private static void assertSameScoresBitForBit(Built rewritten, Built asWritten, int atLeast) {
        assertTrue(rewritten.values.count >= atLeast, rewritten.values.count + " scores");
        assertEquals(asWritten.values.count, rewritten.values.count, "scores");
        for (int i = 0; i < rewritten.values.count; i++) {
            assertEquals(asWritten.values.start(i), rewritten.values.start(i), "start of score " + i);
            assertEquals(asWritten.values.end(i), rewritten.values.end(i), "end of score " + i);
            assertEquals(asWritten.values.value(i), rewritten.values.value(i), "score " + i);
        }
    }

    @Test
    void aScoreOfMaskedSpectraOfWindowsBecomesOneBandScoreWithTheSameScoresBitForBit() {
        // gaps (9 and 3 samples) cut short windows, which both sides score zero-padded
        Function<Built, Object> body = g -> {
            Signal<FloatSeg> s = g.floatSource(new int[] {100, 37, 13, 64, 27}, new long[] {0, 0, 9, 0, 3});
            g.toValues(g.bs(g.mk(g.f(g.rw(s, 32, 0), 32), 500, 2500)));
            return null;
        };
        Built rewritten = new Built(true, body).run();
        Built asWritten = new Built(false, body).run();
        assertEquals(List.of("score(mask(lo, hi)(fft(n)(rewindow(n, v)(s)))) = bandScore(n, v, lo, hi)(s)"),
                laws(rewritten));
        assertEquals(List.of("bandScore(32, 0, 500.0, 2500.0)(source out)"), rewritten.expressions());
        assertSameScoresBitForBit(rewritten, asWritten, 40);
    }

    @Test
    void overlappingWindowsWithoutAMaskAreFusedWithTheSameScoresBitForBit() {
        Function<Built, Object> body = g -> {
            Signal<FloatSeg> s = g.floatSource(new int[] {50, 21, 40}, new long[] {0, 0, 5});
            g.toValues(g.bs(g.f(g.rw(s, 32, 12), 32)));
            return null;
        };
        Built rewritten = new Built(true, body).run();
        Built asWritten = new Built(false, body).run();
        assertEquals(List.of("bandScore(32, 12, 0.0, Infinity)(source out)"), rewritten.expressions());
        assertSameScoresBitForBit(rewritten, asWritten, 40);
    }

    @Test
    void aBandpassBeforeAnFftAndAScoreCancelsThenFusesAndTheScoresStayToRounding() {
        Function<Built, Object> body = g -> {
            Signal<FloatSeg> s = g.floatSource(new int[] {64, 40}, new long[] {0, 0});
            g.toValues(g.bs(g.f(g.bp(g.rw(s, 32, 0), 32, 500, 2500), 32)));
            return null;
        };
        Built rewritten = new Built(true, body).run();
        Built asWritten = new Built(false, body).run();
        assertEquals(List.of("fft(n, ifft(S)) = S",
                "score(mask(lo, hi)(fft(n)(rewindow(n, v)(s)))) = bandScore(n, v, lo, hi)(s)"), laws(rewritten));
        assertEquals(asWritten.values.count, rewritten.values.count);
        assertTrue(rewritten.values.count >= 40, rewritten.values.count + " scores");
        for (int i = 0; i < rewritten.values.count; i++) {
            assertEquals(asWritten.values.start(i), rewritten.values.start(i));
            assertEquals(asWritten.values.value(i), rewritten.values.value(i),
                    1e-5 * Math.max(1, Math.abs(asWritten.values.value(i))), "score " + i);
        }
    }

    @Test
    void thePropertyTurnsRewritesOffForGraphsThatDoNotSay() {
        Function<Built, Object> body = g -> {
            g.toScalars(g.dw(g.w(g.scalarSource(), 16)));
            return null;
        };
        String name = org.streamflex.StreamFlexProperties.DSP_REWRITES.name();
        System.setProperty(name, "false");
        try {
            assertTrue(new Built(null, body).rewrites().isEmpty());
            assertEquals(1, new Built(true, body).rewrites().size(), "what the graph says wins");
        } finally {
            System.clearProperty(name);
        }
        assertEquals(1, new Built(null, body).rewrites().size(), "on by default");
    }

    @Test
    void aWindowOfScalarsWithoutTimingIsRefusedNamingTheFix() {
        StreamFlexError e = assertThrows(StreamFlexError.class, () -> new Built(true, g -> {
            Signal<FloatSeg> s = g.floatSource(new int[] {32}, new long[] {0});
            g.toSink(g.w(g.passScalars(g.dw(s)), 8)); // a filter of the user's between: no timing
            return null;
        }));
        assertEquals("window(8) over ScalarPass(dewindow(source out)) cannot tell when its samples were taken:"
                + " window scalars(filter, field, timebase, firstSample) or a dewindow's output", e.getMessage());
    }

    @Test
    void signalsOfAnotherGraphAreRefused() {
        Built one = new Built(false, g -> {
            Signal<FloatSeg> s = g.floatSource(new int[] {8}, new long[] {0});
            g.toSink(s);
            return s;
        });
        @SuppressWarnings("unchecked")
        Signal<FloatSeg> foreign = (Signal<FloatSeg>) one.result;
        StreamFlexError e = assertThrows(StreamFlexError.class, () -> new Built(false, g -> {
            g.toSink(g.rw(foreign, 4, 0));
            return null;
        }));
        assertTrue(e.getMessage().contains("belongs to another graph"), e.getMessage());
    }
}
