import org.streamflex.runtime.spacetime.SpaceTimeFilter;
import org.streamflex.runtime.spacetime.SpaceTimeItem;
import org.streamflex.runtime.spacetime.SpaceTimeQueueInput;

/** A queue consumer as the rules want it: the bound handle, its item a shared value within work(). */
class JobRunner extends SpaceTimeFilter {
    private SpaceTimeQueueInput jobs;
    private long sum;

    @Override
    protected boolean trigger() {
        return jobs.hasWaiting();
    }

    @Override
    protected void process() {
        SpaceTimeItem job = jobs.get();
        if (job != null) {
            sum += job.getLong(0);
            jobs.consume(job.ticket());
        }
    }
}
