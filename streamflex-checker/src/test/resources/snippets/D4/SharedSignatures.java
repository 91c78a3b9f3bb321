import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.SharedChannel;
import org.streamflex.checker.snippetlib.SampleClock;
import org.streamflex.checker.snippetlib.Segment;
import org.streamflex.checker.snippetlib.SegmentStats;

/**
 * A shared value in a class-path signature carries none of the filter's objects: the factory's
 * result is adopted by work(), a parameter is S2's question.
 */
class Framer extends Filter {
    private SharedChannel<Segment> out;
    private IntChannel total;
    private long next;

    public void work() {
        Segment a = Segment.make(new SampleClock("mic", 48_000, 0), next, 64);
        Segment b = Segment.make(new SampleClock("mic", 48_000, 0), next + 64, 32);
        next += 96;
        Segment longer = SegmentStats.longer(a, b);
        out.put(longer);
        total.put((int) SegmentStats.mean(a));
        // BUG: Diagnostic is: [StreamFlex:D4] code in Framer.work() calls SegmentStats.total(Segment[]), whose code the checker cannot see (it is on the class path), with parameter or result types that can carry references; it could keep the filter's objects. Call static methods over primitives, primitive arrays, reference-immutable types and shared values, or the JDK helpers Math, StrictMath, Arrays, Objects, the boxed types and System.arraycopy/nanoTime/currentTimeMillis/identityHashCode (StreamFlex rule D4 ClosedWorldCalls, paper section 4.1, definition D4: see streamflex-checker/README.md#d4-closedworldcalls)
        total.put(SegmentStats.total(new Segment[] {a, b}));
    }
}
