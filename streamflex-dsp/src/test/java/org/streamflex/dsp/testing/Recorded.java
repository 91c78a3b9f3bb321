package org.streamflex.dsp.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;

/**
 * What the test sinks saw and the test sources made, read once the graph ran, and the check that a
 * segment was cut from the sources' memory rather than copied.
 */
public final class Recorded {
    /** A piece of a segment: the identity of the memory it lies in, its byte offset there, its samples. */
    public record Piece(int memory, long offset, int length) {
    }

    /** A segment a sink took. */
    public record Window(int timebase, long start, int length, int header, List<Piece> pieces) {
        /** Its place in time. */
        public Extent extent() {
            return new Extent(timebase, start, length);
        }

        /** One past its last sample. */
        public long end() {
            return start + length;
        }
    }

    /** Where a segment is in time: timebase id, first sample, length. */
    public record Extent(int timebase, long start, int length) {
    }

    private Recorded() {
    }

    /** The segments {@code sink} took, in order. */
    public static List<Window> of(SegSink sink) {
        return windows(sink.log());
    }

    /** The segments of the tuples {@code sink} took, place after place, tuple after tuple. */
    public static List<Window> of(TupleSink sink) {
        return windows(sink.log());
    }

    /** The segments of the tagged values {@code sink} took, in order. */
    public static List<Window> of(TaggedSink sink) {
        return windows(sink.log());
    }

    /** The tuples {@code sink} took, each as its segments by place. */
    public static List<List<Window>> tuples(TupleSink sink) {
        List<Window> all = of(sink);
        List<List<Window>> tuples = new ArrayList<>();
        int at = 0;
        for (int t = 0; t < sink.count(); t++) {
            tuples.add(all.subList(at, at + sink.size(t)));
            at += sink.size(t);
        }
        return tuples;
    }

    /** The tags of the tuples {@code sink} took. */
    public static List<Long> tags(TupleSink sink) {
        List<Long> tags = new ArrayList<>();
        for (int t = 0; t < sink.count(); t++) {
            tags.add(sink.tag(t));
        }
        return tags;
    }

    /** The tags of the values {@code sink} took. */
    public static List<Integer> tags(TaggedSink sink) {
        List<Integer> tags = new ArrayList<>();
        for (int t = 0; t < sink.log().count(); t++) {
            tags.add(sink.tag(t));
        }
        return tags;
    }

    /** Samples {@code sink} took that were not the value their time gives. */
    public static long mismatches(SegSink sink) {
        return sink.log().mismatches();
    }

    /** As {@link #mismatches(SegSink)}. */
    public static long mismatches(TupleSink sink) {
        return sink.log().mismatches();
    }

    /** As {@link #mismatches(SegSink)}. */
    public static long mismatches(TaggedSink sink) {
        return sink.log().mismatches();
    }

    /** The places in time of {@code windows}. */
    public static List<Extent> extents(List<Window> windows) {
        return windows.stream().map(Window::extent).toList();
    }

    /** The identity of the header of the segment made for script entry {@code e}. */
    public static int madeHeader(SegSource source, int e) {
        return source.player().madeHeader(e);
    }

    /** As {@link #madeHeader(SegSource, int)}. */
    public static int madeHeader(SyncSource source, int e) {
        return source.player().madeHeader(e);
    }

    /** Fails unless every piece of every window lies in the memory of a segment the source made for those samples. */
    public static void assertCutFrom(List<Window> windows, SegScript script, SegSource source) {
        assertCutFrom(windows, script, source.player());
    }

    /** As {@link #assertCutFrom(List, SegScript, SegSource)}. */
    public static void assertCutFrom(List<Window> windows, SegScript script, SyncSource source) {
        assertCutFrom(windows, script, source.player());
    }

    private static void assertCutFrom(List<Window> windows, SegScript script, SegPlayer player) {
        List<SegScript.Entry> entries = script.entries();
        for (Window w : windows) {
            long sample = w.start();
            int total = 0;
            for (Piece p : w.pieces()) {
                boolean found = false;
                for (int e = 0; e < entries.size() && !found; e++) {
                    SegScript.Entry entry = entries.get(e);
                    found = entry.timebaseId() == w.timebase() && entry.start() <= sample
                            && sample + p.length() <= entry.end() && player.madeMemory(e) == p.memory()
                            && p.offset() == player.madeOffset(e) + (sample - entry.start()) * Double.BYTES;
                }
                if (!found) {
                    fail("piece " + p + " of " + w + " is not in the memory of a segment the source made: a copy");
                }
                sample += p.length();
                total += p.length();
            }
            assertTrue(total == w.length(), () -> "pieces of " + w + " hold its samples");
        }
    }

    private static List<Window> windows(SegLog log) {
        List<Window> windows = new ArrayList<>();
        for (int i = 0; i < log.count(); i++) {
            List<Piece> pieces = new ArrayList<>();
            for (int k = 0; k < log.pieces(i); k++) {
                pieces.add(new Piece(log.pieceMemory(i, k), log.pieceOffset(i, k), log.pieceLength(i, k)));
            }
            windows.add(new Window(log.timebase(i), log.start(i), log.length(i), log.header(i), pieces));
        }
        return windows;
    }
}
