package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.streamflex.DataChannel;
import org.streamflex.FloatChannel;
import org.streamflex.bench.streamit.FilterBankFilters.DelayedFir;

/**
 * {@link DelayedFir} sums a whole release's outputs tap by tap; each output must still be StreamIt's
 * {@code FirFilter} sum over {@code Delay_N}'s window, oldest first from 0, to the bit. The reference
 * trace has FilterBankNew's inputs only (0 to 1001); these are random, of both signs and many
 * magnitudes, where a sum added in another order is rounded differently.
 */
class DelayedFirTest {
    static final List<Integer> BATCHES = FilterBankTest.BATCHES;
    /** Enough work() calls at batch 64 for C2 to compile and vectorize fire(), so that its code is checked too. */
    private static final int OUTPUTS = 400_000;

    @ParameterizedTest
    @FieldSource("BATCHES")
    void everyOutputIsOneFiringsSumOldestFirstToTheBit(int batch) throws Exception {
        DelayedFir fir = DelayedFir.ofBatch(batch).getConstructor().newInstance();
        int block = fir.block();
        assertEquals(DelayedFir.PER_ITERATION * batch, block);
        Random random = new Random(15L * batch);
        float[] coeff = new float[DelayedFir.TAPS];
        for (int i = 0; i < coeff.length; i++) {
            coeff[i] = value(random);
        }
        fir.coefficients(coeff);
        // Delay_N's prework: TAPS - 1 zeros before the first item.
        float[] stream = new float[DelayedFir.TAPS - 1 + OUTPUTS];
        for (int i = DelayedFir.TAPS - 1; i < stream.length; i++) {
            stream[i] = value(random);
        }
        ArrayChannel in = new ArrayChannel(block);
        ArrayChannel out = new ArrayChannel(block);
        for (int first = 0; first + block <= OUTPUTS; first += block) {
            in.fill(stream, DelayedFir.TAPS - 1 + first, block);
            out.clear();
            fir.fire(in, out);
            assertEquals(0, in.size(), "the block's items are taken");
            assertEquals(block, out.size(), "one output per item");
            for (int o = 0; o < block; o++) {
                float expected = firing(stream, first + o, coeff);
                int at = first + o;
                assertEquals(Float.floatToIntBits(expected), Float.floatToIntBits(out.at(o)),
                        () -> "output " + at + " at batch " + batch + ": expected " + expected);
            }
        }
    }

    @Test
    void aBatchWithoutAClassIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DelayedFir.ofBatch(3));
        assertEquals(IterationBatch.unsupported(3), e.getMessage());
    }

    /** StreamIt's FirFilter firing: {@code sum += peek(i) * COEFF[N - 1 - i]} for i from 0, window oldest first. */
    private static float firing(float[] stream, int from, float[] coeff) {
        float sum = 0;
        for (int i = 0; i < DelayedFir.TAPS; i++) {
            sum += stream[from + i] * coeff[DelayedFir.TAPS - 1 - i];
        }
        return sum;
    }

    /** A float of either sign, magnitudes from about 1e-3 to 1e3, a zero now and then. */
    private static float value(Random random) {
        if (random.nextInt(50) == 0) {
            return random.nextBoolean() ? 0f : -0f;
        }
        float magnitude = (float) Math.pow(10, random.nextDouble() * 6 - 3);
        return random.nextBoolean() ? magnitude : -magnitude;
    }

    /** A FloatChannel over an array, for calling a work() outside a graph: takes and puts only. */
    private static final class ArrayChannel extends FloatChannel {
        private final float[] items;
        private int head;
        private int tail;

        ArrayChannel(int capacity) {
            items = new float[capacity];
        }

        void fill(float[] from, int offset, int count) {
            System.arraycopy(from, offset, items, 0, count);
            head = 0;
            tail = count;
        }

        void clear() {
            head = 0;
            tail = 0;
        }

        float at(int i) {
            return items[head + i];
        }

        @Override
        public boolean put(float value) {
            items[tail++] = value;
            return true;
        }

        @Override
        public float take() {
            return items[head++];
        }

        @Override
        public void untake(float value) {
            throw new UnsupportedOperationException();
        }

        @Override
        public float peek(int i) {
            return items[head + i];
        }

        @Override
        public int size() {
            return tail - head;
        }

        @Override
        public int capacity() {
            return items.length;
        }

        @Override
        public long published() {
            throw new UnsupportedOperationException();
        }

        @Override
        public long dropped() {
            return 0;
        }

        @Override
        public int transferTo(DataChannel target) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int transferTo(DataChannel target, int max) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void copyTo(DataChannel target, int count) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void skip(int count) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String name() {
            return "test channel";
        }
    }
}
