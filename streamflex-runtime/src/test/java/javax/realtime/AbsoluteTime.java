package javax.realtime;

/** Test stand-in: a point on {@link Clock#getRealtimeClock()}'s time line. */
public class AbsoluteTime extends HighResolutionTime {
    public AbsoluteTime(long millis, int nanos) {
        super(millis, nanos);
    }

    public AbsoluteTime add(long millis, int nanos) {
        long total = totalNanos() + millis * 1_000_000L + nanos;
        return new AbsoluteTime(Math.floorDiv(total, 1_000_000L), (int) Math.floorMod(total, 1_000_000L));
    }
}
