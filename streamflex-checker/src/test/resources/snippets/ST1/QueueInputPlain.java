import org.streamflex.TimeChannel;
import org.streamflex.runtime.spacetime.QueueInput;
import org.streamflex.runtime.spacetime.SpaceTimeFilter;

class BlockingJobRunner extends SpaceTimeFilter {
    private TimeChannel timer;
    // BUG: Diagnostic is: [StreamFlex:ST1] filter code names org.streamflex.runtime.spacetime.QueueInput, space-time memory's plain-thread API: a queue connection whose gets wait and give ItemViews released by hand, outside the release's transaction. Declare a SpaceTimeQueueInput field instead: its get() never waits, gives a SpaceTimeItem, and goes back to the head of the queue if work() throws; in a filter, extend SpaceTimeFilter, declare SpaceTimeInput and SpaceTimeOutput (channels), SpaceTimeQueueInput and SpaceTimeQueueOutput (queues) or SpaceTimeRegisterHandle (registers) fields and bind them with SpaceTimeFilters when the graph is built (StreamFlex rule ST1 SpaceTimeHandles, not in the paper, for Stampede's space-time memory (Ramachandran et al.) in filters: see streamflex-checker/README.md#st1-spacetimehandles)
    private QueueInput jobs;

    @Override
    protected void process() {
        jobs.consume(0);
    }
}
