import org.streamflex.TimeChannel;
import org.streamflex.runtime.spacetime.RegisterConnection;
import org.streamflex.runtime.spacetime.SpaceTimeFilter;

class EagerThresholder extends SpaceTimeFilter {
    private TimeChannel timer;
    private final byte[] value = new byte[8];
    // BUG: Diagnostic is: [StreamFlex:ST1] filter code names org.streamflex.runtime.spacetime.RegisterConnection, space-time memory's plain-thread API: a register connection whose reads wait and whose writes are made at once, outside the release's transaction. Declare a SpaceTimeRegisterHandle field instead: its readNew never waits, and its writes and reads take effect when work() returns; in a filter, extend SpaceTimeFilter, declare SpaceTimeInput and SpaceTimeOutput (channels), SpaceTimeQueueInput and SpaceTimeQueueOutput (queues) or SpaceTimeRegisterHandle (registers) fields and bind them with SpaceTimeFilters when the graph is built (StreamFlex rule ST1 SpaceTimeHandles, not in the paper, for Stampede's space-time memory (Ramachandran et al.) in filters: see streamflex-checker/README.md#st1-spacetimehandles)
    private RegisterConnection threshold;

    @Override
    protected void process() {
        threshold.write(value);
    }
}
