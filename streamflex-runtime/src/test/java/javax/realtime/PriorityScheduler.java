package javax.realtime;

/** Test stand-in: a real-time scheduler whose top priority is 97. */
public class PriorityScheduler {
    public static final int MAX_PRIORITY = 97;
    private static final PriorityScheduler INSTANCE = new PriorityScheduler();

    public static PriorityScheduler instance() {
        return INSTANCE;
    }

    public int getMaxPriority() {
        return MAX_PRIORITY;
    }
}
