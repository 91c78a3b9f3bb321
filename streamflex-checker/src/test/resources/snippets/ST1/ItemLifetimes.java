import java.util.ArrayList;
import java.util.List;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.spacetime.SpaceTimeFilter;
import org.streamflex.runtime.spacetime.SpaceTimeInput;
import org.streamflex.runtime.spacetime.SpaceTimeItem;
import org.streamflex.runtime.spacetime.Wildcard;

/** A space-time item is a shared value: S1-S3 keep it within the work() that got it. */
class Keeper extends SpaceTimeFilter {
    private TimeChannel timer;
    private SpaceTimeInput frames;
    // BUG: Diagnostic contains: [StreamFlex:S1] stable class Keeper keeps a shared value in field 'last' of type SpaceTimeItem
    private SpaceTimeItem last;
    // BUG: Diagnostic contains: [StreamFlex:S1] stable class Keeper keeps shared values in field 'seen' of type List<SpaceTimeItem>
    private final List<SpaceTimeItem> seen = new ArrayList<>();

    @Override
    protected void process() {
        SpaceTimeItem frame = frames.get(Wildcard.LATEST_UNSEEN);
        // BUG: Diagnostic contains: [StreamFlex:S2]
        seen.add(frame);
        // BUG: Diagnostic contains: [StreamFlex:S2]
        Runnable later = () -> frame.getLong(0);
        // BUG: Diagnostic contains: [StreamFlex:S3]
        frame.release();
    }
}
