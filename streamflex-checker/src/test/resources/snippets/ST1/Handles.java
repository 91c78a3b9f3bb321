import org.streamflex.SharedQueue;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.spacetime.ItemNotAvailableException;
import org.streamflex.runtime.spacetime.SpaceTimeException;
import org.streamflex.runtime.spacetime.SpaceTimeFilter;
import org.streamflex.runtime.spacetime.SpaceTimeInput;
import org.streamflex.runtime.spacetime.SpaceTimeItem;
import org.streamflex.runtime.spacetime.SpaceTimeOutput;
import org.streamflex.runtime.spacetime.Wildcard;

/** A tracker as the rules want it: handles bound by the graph, items held in a SharedQueue. */
class Tracker extends SpaceTimeFilter {
    private TimeChannel timer;
    private SpaceTimeInput frames;
    private SpaceTimeOutput tracks;
    private final SharedQueue<SpaceTimeItem> held = new SharedQueue<>(2);
    private final byte[] track = new byte[8];
    private long failures;

    @Override
    protected void process() {
        try {
            SpaceTimeItem frame = frames.get(Wildcard.LATEST_UNSEEN);
            if (frame != null) {
                var same = frame;
                track[0] = (byte) same.getLong(0);
                tracks.put(frame.timestamp(), track);
                frames.consumeUntil(frame.timestamp());
                held.add(frame);
            }
        } catch (SpaceTimeException e) {
            failures++;
        }
    }
}

/** Code no filter reaches may use the plain-thread API: it runs on threads of its own. */
class Recorder {
    private org.streamflex.runtime.spacetime.InputConnection in;

    long last() throws ItemNotAvailableException {
        try (org.streamflex.runtime.spacetime.ItemView v = in.get(Wildcard.NEWEST)) {
            return v.getLong(0);
        }
    }
}
