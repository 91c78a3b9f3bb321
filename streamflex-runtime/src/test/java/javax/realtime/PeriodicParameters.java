package javax.realtime;

/** Test stand-in. */
public class PeriodicParameters extends ReleaseParameters {
    private final HighResolutionTime start;
    private final RelativeTime period;

    public PeriodicParameters(HighResolutionTime start, RelativeTime period) {
        this.start = start;
        this.period = period;
    }

    public HighResolutionTime getStart() {
        return start;
    }

    public RelativeTime getPeriod() {
        return period;
    }
}
