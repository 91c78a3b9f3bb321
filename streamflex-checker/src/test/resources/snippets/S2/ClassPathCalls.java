import com.example.thirdparty.Stash;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.SharedChannel;
import org.streamflex.checker.snippetlib.SampleClock;
import org.streamflex.checker.snippetlib.Segment;
import org.streamflex.checker.snippetlib.SegmentStats;

/**
 * Static methods on the class path whose signatures carry shared values: D4 accepts them (a shared
 * value is never one of the filter's objects), S2 decides where the value may go.
 */
class Meter extends Filter {
    private static final SampleClock CLOCK = new SampleClock("mic", 48_000, 0);
    private SharedChannel<Segment> out;
    private IntChannel level;

    public void work() {
        Segment s = Segment.make(CLOCK, 0, 64);
        level.put((int) SegmentStats.mean(s));
        // BUG: Diagnostic is: [StreamFlex:S2] code in Meter.work() passes a shared value of type Segment to Stash.keep(Segment), code outside this compilation and outside org.streamflex that may keep it after work() returns; a shared value is valid only until the work() that took it returns, and then its memory may go back to its pool for another value. Pass shared values only to your own code and to org.streamflex libraries, and keep them across releases in a SharedQueue field (StreamFlex rule S2 SharedEscape, not in the paper, for signal segments (XStream/WaveScript SigSegs) on a stock JVM: see streamflex-checker/README.md#s2-sharedescape)
        Stash.keep(s);
        out.put(s);
    }
}
