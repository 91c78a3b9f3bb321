package org.streamflex.dsp.testing;

import org.streamflex.Stable;
import org.streamflex.dsp.DoubleSeg;
import org.streamflex.dsp.Seg;
import org.streamflex.dsp.TimebaseIds;

/**
 * What a test sink saw of each segment, in primitives, for the test to read once the graph ran:
 * its timebase id, start and length, the identity of its header and of the memory of each of its
 * pieces with their offsets, and how many of its samples were not the value their time gives.
 */
public final class SegLog implements Stable {
    private final int[] timebase;
    private final long[] start;
    private final int[] length;
    private final int[] header;
    private final int[] firstPiece;
    private final int[] pieceMemory;
    private final long[] pieceOffset;
    private final int[] pieceLength;
    private int count;
    private int pieces;
    private long mismatches;

    /** A log of at most {@code segments} segments and {@code pieces} pieces. */
    public SegLog(int segments, int pieces) {
        timebase = new int[segments];
        start = new long[segments];
        length = new int[segments];
        header = new int[segments];
        firstPiece = new int[segments + 1];
        pieceMemory = new int[pieces];
        pieceOffset = new long[pieces];
        pieceLength = new int[pieces];
    }

    /** Notes {@code s}, checking the samples of a {@code DoubleSeg}. */
    public void record(Seg s) {
        int i = count++;
        int tb = TimebaseIds.id(s.timebase());
        timebase[i] = tb;
        start[i] = s.start();
        length[i] = s.length();
        header[i] = System.identityHashCode(s);
        firstPiece[i] = pieces;
        for (int k = 0; k < s.pieceCount(); k++) {
            pieceMemory[pieces] = System.identityHashCode(s.pieceMemory(k));
            pieceOffset[pieces] = s.pieceOffset(k);
            pieceLength[pieces] = s.pieceLength(k);
            pieces++;
        }
        firstPiece[i + 1] = pieces;
        if (s instanceof DoubleSeg d) {
            long first = d.start();
            for (int j = 0; j < d.length(); j++) {
                if (d.get(j) != Samples.value(tb, first + j)) {
                    mismatches++;
                }
            }
        }
    }

    int count() {
        return count;
    }

    int timebase(int i) {
        return timebase[i];
    }

    long start(int i) {
        return start[i];
    }

    int length(int i) {
        return length[i];
    }

    int header(int i) {
        return header[i];
    }

    int pieces(int i) {
        return firstPiece[i + 1] - firstPiece[i];
    }

    int pieceMemory(int i, int k) {
        return pieceMemory[firstPiece[i] + k];
    }

    long pieceOffset(int i, int k) {
        return pieceOffset[firstPiece[i] + k];
    }

    int pieceLength(int i, int k) {
        return pieceLength[firstPiece[i] + k];
    }

    long mismatches() {
        return mismatches;
    }
}
