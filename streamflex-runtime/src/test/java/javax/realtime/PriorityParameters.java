package javax.realtime;

/** Test stand-in. */
public class PriorityParameters extends SchedulingParameters {
    private final int priority;

    public PriorityParameters(int priority) {
        this.priority = priority;
    }

    public int getPriority() {
        return priority;
    }
}
