package org.streamflex.dsp.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.streamflex.dsp.Timebase;
import org.streamflex.dsp.TimebaseIds;

/**
 * A test's input: segments (timebase, first sample, length), each put at a release on one output
 * of a {@link SegSource} or {@link SyncSource}.
 *
 * <pre>{@code
 * SegScript script = new SegScript().add(0, MIC, 0, 32).add(1, MIC, 32, 32);
 * script.load(graph.source);
 * }</pre>
 */
public final class SegScript {
    /** One segment of the script. */
    public record Entry(int release, int output, Timebase timebase, long start, int length) {
        /** Its timebase's id. */
        public int timebaseId() {
            return TimebaseIds.id(timebase);
        }

        /** One past its last sample. */
        public long end() {
            return start + length;
        }
    }

    private final List<Entry> entries = new ArrayList<>();

    /** Adds a segment put on output 0 at {@code release}. */
    public SegScript add(int release, Timebase timebase, long start, int length) {
        return add(release, 0, timebase, start, length);
    }

    /** Adds a segment put on output {@code output} at {@code release}. */
    public SegScript add(int release, int output, Timebase timebase, long start, int length) {
        if (!entries.isEmpty() && release < entries.getLast().release()) {
            throw new IllegalArgumentException("releases must not decrease: " + release + " after "
                    + entries.getLast().release());
        }
        entries.add(new Entry(release, output, timebase, start, length));
        return this;
    }

    /** The segments, in the order they are put. */
    public List<Entry> entries() {
        return entries;
    }

    /** The release of the last segment, or -1 for none. */
    public int lastRelease() {
        return entries.isEmpty() ? -1 : entries.getLast().release();
    }

    /** Gives the script to a source. */
    public void load(SegSource source) {
        source.load(releases(), outputs(), timebases(), starts(), lengths());
    }

    /** Gives the script to a sync's source. */
    public void load(SyncSource source) {
        source.load(releases(), outputs(), timebases(), starts(), lengths());
    }

    /**
     * A random signal on the given timebases, on output 0: mostly contiguous segments, with gaps,
     * overlaps with what came before, segments entirely in the past, empty segments, and switches
     * between timebases (each keeps its own sample numbers), one or a few segments per release.
     */
    public static SegScript random(SplittableRandom random, int count, Timebase... timebases) {
        SegScript script = new SegScript();
        long[] next = new long[timebases.length];
        for (int i = 0; i < next.length; i++) {
            next[i] = random.nextLong(0, 1_000);
        }
        int tb = 0;
        int release = 0;
        for (int i = 0; i < count; i++) {
            if (timebases.length > 1 && random.nextInt(20) == 0) {
                tb = random.nextInt(timebases.length);
            }
            int length = random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(40);
            int kind = random.nextInt(20);
            long start;
            if (kind < 13) {
                start = next[tb];
            } else if (kind < 16) {
                start = next[tb] + 1 + random.nextInt(30);
            } else if (kind < 19) {
                start = next[tb] - 1 - random.nextInt(30);
            } else {
                start = next[tb] - length - random.nextInt(10);
            }
            script.add(release, timebases[tb], start, length);
            next[tb] = Math.max(next[tb], start + length);
            if (random.nextInt(3) != 0) {
                release++;
            }
        }
        return script;
    }

    /**
     * A signal that repeats one pattern, {@code periods} times, one segment per release, on
     * output 0: contiguous segments large and of one sample, an overlap, a segment in the past, an
     * empty one, a gap, and a detour to the second timebase. For steady-state measurements: after a
     * few periods every shape has been met.
     */
    public static SegScript periodic(int periods, Timebase main, Timebase detour) {
        SegScript script = new SegScript();
        long p = 0;
        long q = 0;
        int release = 0;
        for (int i = 0; i < periods; i++) {
            script.add(release++, main, p, 20);
            script.add(release++, main, p + 20, 1);
            script.add(release++, main, p + 21, 1);
            script.add(release++, main, p + 22, 18);
            script.add(release++, main, p + 35, 15);
            script.add(release++, main, p + 10, 10);
            script.add(release++, main, p + 50, 0);
            script.add(release++, main, p + 60, 30);
            script.add(release++, detour, q, 25);
            script.add(release++, main, p + 90, 10);
            p += 100;
            q += 25;
        }
        return script;
    }

    private int[] releases() {
        return entries.stream().mapToInt(Entry::release).toArray();
    }

    private int[] outputs() {
        return entries.stream().mapToInt(Entry::output).toArray();
    }

    private int[] timebases() {
        return entries.stream().mapToInt(Entry::timebaseId).toArray();
    }

    private long[] starts() {
        return entries.stream().mapToLong(Entry::start).toArray();
    }

    private int[] lengths() {
        return entries.stream().mapToInt(Entry::length).toArray();
    }
}
