import org.streamflex.TimeChannel;
import org.streamflex.runtime.spacetime.InputConnection;
import org.streamflex.runtime.spacetime.ItemNotAvailableException;
import org.streamflex.runtime.spacetime.ItemView;
import org.streamflex.runtime.spacetime.SpaceTimeFilter;
import org.streamflex.runtime.spacetime.SpaceTimePacer;
import org.streamflex.runtime.spacetime.SpaceTimeThread;
import org.streamflex.runtime.spacetime.Wildcard;

class Hoarder extends SpaceTimeFilter {
    private TimeChannel timer;
    // BUG: Diagnostic is: [StreamFlex:ST1] filter code names org.streamflex.runtime.spacetime.InputConnection, space-time memory's plain-thread API: its gets wait, which a filter's thread must not, and its views are released by hand; in a filter, extend SpaceTimeFilter, declare SpaceTimeInput and SpaceTimeOutput (channels), SpaceTimeQueueInput and SpaceTimeQueueOutput (queues) or SpaceTimeRegisterHandle (registers) fields and bind them with SpaceTimeFilters when the graph is built (StreamFlex rule ST1 SpaceTimeHandles, not in the paper, for Stampede's space-time memory (Ramachandran et al.) in filters: see streamflex-checker/README.md#st1-spacetimehandles)
    private InputConnection frames;
    // BUG: Diagnostic contains: filter code names org.streamflex.runtime.spacetime.SpaceTimeThread, space-time memory's plain-thread API
    private SpaceTimeThread me;
    private long sum;

    @Override
    protected void process() {
        // BUG: Diagnostic contains: filter code names org.streamflex.runtime.spacetime.ItemView, space-time memory's plain-thread API: a view released by hand
        try (ItemView frame = frames.get(Wildcard.LATEST_UNSEEN)) {
            sum += frame.getLong(0);
        } catch (ItemNotAvailableException none) {
            sum = -1;
        }
        // BUG: Diagnostic contains: filter code names org.streamflex.runtime.spacetime.ItemView, space-time memory's
        for (var again = get(); again != null; again = null) { // javac writes the inferred type's name
            sum += again.getLong(0);
        }
        // BUG: Diagnostic contains: filter code names org.streamflex.runtime.spacetime.ItemView
        // BUG: Diagnostic contains: filter code names org.streamflex.runtime.spacetime.ItemView
        java.util.function.ToLongFunction<ItemView> read = view -> view.getLong(0); // and the parameter's type
        // BUG: Diagnostic contains: filter code names org.streamflex.runtime.spacetime.SpaceTimePacer, space-time memory's plain-thread API: it parks the thread that calls it, here the clock's
        sum += SpaceTimePacer.start(me).advance();
        // BUG: Diagnostic contains: filter code names org.streamflex.runtime.spacetime.ItemView
        Object o = (org.streamflex.runtime.spacetime.ItemView) null;
    }

    // BUG: Diagnostic contains: filter code names org.streamflex.runtime.spacetime.ItemView
    private ItemView get() {
        return null;
    }
}
