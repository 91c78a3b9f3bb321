package org.streamflex.dsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.streamflex.SharedQueue;
import org.streamflex.dsp.memory.BufferPool;

/**
 * What a segment is, outside any graph: its time and extent, cuts and joins that copy no sample,
 * the errors that name both segments, and memory that goes back to its pools exactly when the
 * last holder lets go. Outside a {@code work()} the code that makes a segment owns it.
 */
class SegTest {
    private static final Timebase MIC = Timebase.of("mic", 48_000, 0);

    private static FloatSeg ramp(Timebase tb, long start, int length) {
        FloatSeg s = FloatSeg.make(tb, start, length);
        for (int i = 0; i < length; i++) {
            s.set(i, (float) (start + i));
        }
        return s;
    }

    @Test
    void aNewSegmentHasItsTimeExtentAndOneHolder() {
        FloatSeg s = ramp(MIC, 48_000, 32);
        assertEquals(MIC, s.timebase());
        assertEquals(48_000, s.start());
        assertEquals(48_032, s.end());
        assertEquals(32, s.length());
        assertEquals(1_000_000_000L, s.startNanos());
        assertEquals(1, s.references());
        assertEquals(1, s.pieceCount());
        assertEquals(48_031f, s.get(31));
        assertEquals(48_005f, s.at(48_005));
        s.release();
        assertEquals(0, s.references());
    }

    @Test
    void subsegSharesTheBufferAndCopiesNoSample() {
        FloatSeg s = ramp(MIC, 100, 64);
        FloatSeg mid = s.subseg(10, 20);
        assertEquals(110, mid.start());
        assertEquals(20, mid.length());
        assertSame(s.pieceMemory(0), mid.pieceMemory(0), "the same buffer");
        assertEquals(s.pieceOffset(0) + 10 * Float.BYTES, mid.pieceOffset(0));
        assertEquals(115f, mid.get(5));
        FloatSeg byTime = s.between(150, 160);
        assertEquals(150f, byTime.get(0));
        assertEquals(10, byTime.length());
        s.release();
        assertEquals(119f, mid.get(9), "the cut keeps the buffer alive after its parent is gone");
        mid.release();
        byTime.release();
    }

    @Test
    void appendJoinsAdjacentSegmentsWithoutCopying() {
        FloatSeg a = ramp(MIC, 0, 16);
        FloatSeg b = ramp(MIC, 16, 8);
        FloatSeg ab = a.append(b);
        assertEquals(0, ab.start());
        assertEquals(24, ab.length());
        assertEquals(2, ab.pieceCount());
        assertSame(a.pieceMemory(0), ab.pieceMemory(0));
        assertSame(b.pieceMemory(0), ab.pieceMemory(1));
        for (int i = 0; i < 24; i++) {
            assertEquals(i, ab.get(i));
        }
        release(a, b, ab);
    }

    @Test
    void cutsOfOneBufferJoinedAgainAreOnePiece() {
        FloatSeg s = ramp(MIC, 0, 100);
        FloatSeg left = s.subseg(0, 40);
        FloatSeg right = s.subseg(40, 60);
        FloatSeg whole = left.append(right);
        assertEquals(1, whole.pieceCount());
        assertArrayEquals(s.toArray(), whole.toArray());
        release(s, left, right, whole);
    }

    @Test
    void appendAcrossAGapNamesBothSegments() {
        FloatSeg a = ramp(MIC, 0, 16);
        FloatSeg b = ramp(MIC, 20, 8);
        SegAppendException e = assertThrows(SegAppendException.class, () -> a.append(b));
        assertEquals(SegAppendException.Reason.GAP, e.reason());
        assertEquals("cannot append FloatSeg[mic@48000Hz samples 20..28 (8), 1 piece] to FloatSeg[mic@48000Hz samples"
                + " 0..16 (16), 1 piece]: there is a gap of 4 samples between them; for a source with drop-outs, cut"
                + " runs at gaps with Segs.appendOrSplit", e.getMessage());
        release(a, b);
    }

    @Test
    void appendOfOverlappingSegmentsIsRefused() {
        FloatSeg a = ramp(MIC, 0, 16);
        FloatSeg b = ramp(MIC, 10, 8);
        SegAppendException e = assertThrows(SegAppendException.class, () -> a.append(b));
        assertEquals(SegAppendException.Reason.OVERLAP, e.reason());
        assertTrue(e.getMessage().contains("overlap by 6 samples"), e.getMessage());
        release(a, b);
    }

    @Test
    void appendAcrossTimebasesIsRefused() {
        FloatSeg a = ramp(MIC, 0, 16);
        FloatSeg b = ramp(Timebase.of("mic", 44_100, 0), 16, 8);
        SegAppendException e = assertThrows(SegAppendException.class, () -> a.append(b));
        assertEquals(SegAppendException.Reason.TIMEBASE, e.reason());
        assertTrue(e.getMessage().contains("mic@48000Hz and mic@44100Hz"), e.getMessage());
        assertTrue(e.first().contains("0..16") && e.second().contains("16..24"));
        release(a, b);
    }

    @Test
    void theLastReleaseReturnsBuffersAndHeadersToTheirPools() {
        BufferPool pool = BufferPool.shared();
        // Warm the pools: the segments of one round are made again from what the round before freed.
        for (int round = 0; round < 3; round++) {
            cutAndJoin();
        }
        long buffersMade = pool.created();
        long headersMade = FloatSeg.headersMade();
        long idle = pool.idle();
        for (int round = 0; round < 100; round++) {
            cutAndJoin();
        }
        assertEquals(buffersMade, pool.created(), "no new buffer once the pool is warm");
        assertEquals(headersMade, FloatSeg.headersMade(), "no new header once the pool is warm");
        assertEquals(idle, pool.idle(), "every buffer is idle again");
    }

    private static void cutAndJoin() {
        FloatSeg a = ramp(MIC, 0, 256);
        FloatSeg b = ramp(MIC, 256, 256);
        FloatSeg ab = a.append(b);
        FloatSeg middle = ab.subseg(100, 300);
        a.release();
        b.release();
        ab.release();
        assertEquals(2, middle.pieceCount());
        assertEquals(1, middle.pieceMemory(0).byteSize() > 0 ? 1 : 0);
        middle.release();
    }

    @Test
    void aBufferIsFreedOnlyWhenItsLastSegmentIs() {
        FloatSeg s = ramp(MIC, 0, 64);
        FloatSeg cut = s.subseg(1, 2);
        long idle = BufferPool.shared().idle();
        s.release();
        assertEquals(idle, BufferPool.shared().idle(), "the cut still holds the buffer");
        cut.release();
        assertEquals(idle + 1, BufferPool.shared().idle(), "idle again once the cut is gone");
    }

    @Test
    void aRenumberedSegmentIsTheSameMemoryAtAnotherTime() {
        FloatSeg recording = ramp(MIC, 0, 100);
        Timebase replay = Timebase.of("replay", 48_000, 0);
        FloatSeg second = recording.renumbered(90, 10, replay, 1000);
        FloatSeg third = recording.renumbered(0, 20, replay, 1010);
        FloatSeg both = second.append(third);
        assertEquals(replay, both.timebase());
        assertEquals(1000, both.start());
        assertEquals(30, both.length());
        assertEquals(recording.get(95), both.at(1005));
        assertEquals(recording.get(5), both.at(1015));
        assertEquals(2, both.pieceCount(), "the two ends of one buffer, not joined: they are not in order");
        assertSame(recording.pieceMemory(0), both.pieceMemory(1));
        assertThrows(IndexOutOfBoundsException.class, () -> recording.renumbered(95, 10, replay, 0));
        release(recording, second, third, both);
    }

    @Test
    void bytesInUseCountTheBuffersSegmentsHoldUntilTheLastLetsGo() {
        BufferPool pool = BufferPool.shared();
        long before = pool.bytesInUse();
        FloatSeg s = ramp(MIC, 0, 1000); // 4000 bytes: a buffer of the 4096-byte class
        FloatSeg cut = s.subseg(10, 20);
        assertEquals(before + 4096, pool.bytesInUse());
        s.release();
        assertEquals(before + 4096, pool.bytesInUse(), "the cut still holds the buffer");
        cut.release();
        assertEquals(before, pool.bytesInUse());
    }

    @Test
    void aSharedSegmentIsReadOnly() {
        FloatSeg s = ramp(MIC, 0, 8);
        FloatSeg cut = s.subseg(0, 4);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.set(0, 1f));
        assertTrue(e.getMessage().startsWith("FloatSeg[mic@48000Hz samples 0..8 (8), 1 piece] is read-only"),
                e.getMessage());
        cut.release();
        s.set(0, 7f); // its holder's alone again: XStream's in-place write
        assertEquals(7f, s.get(0));
        s.retain();
        assertThrows(IllegalStateException.class, () -> s.set(1, 1f));
        s.release();
        s.release();
    }

    @Test
    void readsOutsideTheSegmentNameIt() {
        FloatSeg s = ramp(MIC, 1000, 8);
        IndexOutOfBoundsException get = assertThrows(IndexOutOfBoundsException.class, () -> s.get(8));
        assertEquals("index 8 is outside FloatSeg[mic@48000Hz samples 1000..1008 (8), 1 piece] (0..7)",
                get.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> s.get(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> s.subseg(4, 5));
        IndexOutOfBoundsException between = assertThrows(IndexOutOfBoundsException.class,
                () -> s.between(999, 1002));
        assertTrue(between.getMessage().startsWith("samples 999..1001 are not all in FloatSeg"), between.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> s.at(1008));
        s.release();
    }

    @Test
    void anyCutOfAnyJoinReadsLikeTheArrayItStandsFor() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 200; trial++) {
            List<FloatSeg> made = new ArrayList<>();
            int total = 0;
            FloatSeg joined = null;
            int parts = 1 + random.nextInt(6);
            for (int p = 0; p < parts; p++) {
                int n = 1 + random.nextInt(50);
                FloatSeg part = ramp(MIC, total, n);
                made.add(part);
                total += n;
                FloatSeg next = joined == null ? part.subseg(0, n) : joined.append(part);
                if (joined != null) {
                    joined.release();
                }
                joined = next;
            }
            int offset = random.nextInt(total);
            int length = random.nextInt(total - offset + 1);
            FloatSeg cut = joined.subseg(offset, length);
            float[] expected = new float[length];
            for (int i = 0; i < length; i++) {
                expected[i] = offset + i;
            }
            assertArrayEquals(expected, cut.toArray(), "copyTo");
            for (int i = length - 1; i >= 0; i -= 3) {
                assertEquals(expected[i], cut.get(i), "get, backwards");
            }
            float[] walked = new float[length];
            FloatCursor c = new FloatCursor(cut);
            while (c.hasNext()) {
                int i = c.index();
                walked[i] = c.next();
            }
            assertArrayEquals(expected, walked, "cursor");
            FloatSeg flat = cut.contiguous();
            assertTrue(flat.pieceCount() <= 1);
            assertArrayEquals(expected, flat.toArray(), "contiguous");
            made.forEach(FloatSeg::release);
            release(joined, cut, flat);
        }
    }

    @Test
    void aCursorStopsAfterTheLastSample() {
        FloatSeg s = ramp(MIC, 0, 2);
        FloatCursor c = new FloatCursor(s);
        c.next();
        c.next();
        assertFalse(c.hasNext());
        assertThrows(NoSuchElementException.class, c::next);
        s.release();
    }

    @Test
    void contiguousCopiesOnlyWhenThereAreSeveralPieces() {
        FloatSeg a = ramp(MIC, 0, 4);
        FloatSeg one = a.contiguous();
        assertSame(a, one);
        assertEquals(2, a.references(), "handed out as another reference");
        FloatSeg b = ramp(MIC, 4, 4);
        FloatSeg ab = a.append(b);
        FloatSeg flat = ab.contiguous();
        assertEquals(1, flat.pieceCount());
        assertArrayEquals(new float[] {0, 1, 2, 3, 4, 5, 6, 7}, flat.toArray());
        release(one, a, b, ab, flat);
    }

    @Test
    void appendOrSplitJoinsRunsAndStartsANewOneAtAGap() {
        SharedQueue<FloatSeg> runs = new SharedQueue<>(4);
        FloatSeg a = ramp(MIC, 0, 10);
        FloatSeg b = ramp(MIC, 10, 10);
        FloatSeg c = ramp(MIC, 25, 5);
        assertEquals(0, Segs.appendOrSplit(runs, a));
        assertEquals(0, Segs.appendOrSplit(runs, b));
        assertEquals(5, Segs.appendOrSplit(runs, c));
        assertEquals(2, runs.size());
        assertEquals(20, runs.get(0).length());
        assertEquals(0, runs.get(0).start());
        assertEquals(25, runs.get(1).start());
        FloatSeg overlapping = ramp(MIC, 28, 4);
        assertThrows(SegAppendException.class, () -> Segs.appendOrSplit(runs, overlapping));
        release(a, b, c, overlapping);
        assertEquals(1, runs.get(0).references(), "the queue alone holds the joined run");
        runs.clear();
    }

    @Test
    void betweenAnyCutsByTimeAndEmptyAtKeepsClassAndTimebase() {
        FloatSeg s = ramp(MIC, 100, 50);
        Seg mid = Segs.betweenAny(s, 110, 120);
        assertEquals(FloatSeg.class, mid.getClass());
        assertEquals(110, mid.start());
        assertEquals(110f, ((FloatSeg) mid).get(0));
        assertSame(s.pieceMemory(0), mid.pieceMemory(0), "a cut, not a copy");
        Seg all = Segs.betweenAny(s, 100, 150);
        assertSame(s, all, "all of it is the segment itself");
        Seg empty = Segs.emptyAt(s, 7);
        assertEquals(FloatSeg.class, empty.getClass());
        assertEquals(MIC, empty.timebase());
        assertEquals(7, empty.start());
        assertEquals(0, empty.length());
        ComplexSeg z = ComplexSeg.make(MIC, 0, 2, 4);
        Seg emptyZ = Segs.emptyAt(z, 3);
        assertEquals(4, ((ComplexSeg) emptyZ).fftSize());
        assertThrows(IndexOutOfBoundsException.class, () -> Segs.betweenAny(s, 99, 101));
        release(s, mid, all, empty, z, emptyZ);
    }

    @Test
    void everySampleTypeCutsAndJoinsAlike() {
        ShortSeg s = ShortSeg.make(MIC, 0, 4);
        s.set(0, new short[] {1, 2, 3, 4}, 0, 4);
        ShortSeg t = ShortSeg.copyOf(MIC, 4, new short[] {5, 6}, 0, 2);
        ShortSeg st = s.append(t);
        assertArrayEquals(new short[] {3, 4, 5}, st.subseg(2, 3).toArray());
        IntSeg i = IntSeg.copyOf(MIC, 0, new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE}, 0, 2);
        assertEquals(Integer.MAX_VALUE, i.get(1));
        LongSeg l = LongSeg.copyOf(MIC, 0, new long[] {Long.MIN_VALUE}, 0, 1);
        assertEquals(Long.MIN_VALUE, l.get(0));
        DoubleSeg d = DoubleSeg.copyOf(MIC, 9, new double[] {Math.PI, -0.0}, 0, 2);
        assertEquals(Math.PI, d.at(9));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(d.get(1)));
        ComplexSeg z = ComplexSeg.make(MIC, 0, 2, 4);
        z.set(0, 3f, 4f);
        z.set(1, new float[] {1f, -1f}, 0, 1);
        assertEquals(5.0, z.abs(0), 1e-12);
        assertEquals(-1f, z.im(1));
        assertEquals(4, z.fftSize());
        assertArrayEquals(new float[] {3f, 4f, 1f, -1f}, z.toArray());
        release(s, t, i, l, d, z);
    }

    private static void release(Seg... segs) {
        for (Seg s : segs) {
            s.release();
        }
    }
}
