import org.streamflex.TimeChannel;
import org.streamflex.runtime.spacetime.QueueOutput;
import org.streamflex.runtime.spacetime.SpaceTimeFilter;

class EagerTiler extends SpaceTimeFilter {
    private TimeChannel timer;
    private final byte[] tile = new byte[64];
    // BUG: Diagnostic is: [StreamFlex:ST1] filter code names org.streamflex.runtime.spacetime.QueueOutput, space-time memory's plain-thread API: a queue connection whose puts are made at once, outside the release's transaction. Declare a SpaceTimeQueueOutput field instead: its puts join the queue when work() returns, and never if it throws; in a filter, extend SpaceTimeFilter, declare SpaceTimeInput and SpaceTimeOutput (channels), SpaceTimeQueueInput and SpaceTimeQueueOutput (queues) or SpaceTimeRegisterHandle (registers) fields and bind them with SpaceTimeFilters when the graph is built (StreamFlex rule ST1 SpaceTimeHandles, not in the paper, for Stampede's space-time memory (Ramachandran et al.) in filters: see streamflex-checker/README.md#st1-spacetimehandles)
    private QueueOutput tiles;

    @Override
    protected void process() {
        tiles.put(timer.getTime() / 1000, tile);
    }
}
