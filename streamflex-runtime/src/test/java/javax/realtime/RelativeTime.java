package javax.realtime;

/** Test stand-in: a duration. */
public class RelativeTime extends HighResolutionTime {
    public RelativeTime(long millis, int nanos) {
        super(millis, nanos);
    }
}
