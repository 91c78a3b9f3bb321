package javax.realtime;

/** Test stand-in for the RTSJ class of this name: just what the runtime's RTSJ backend calls. */
public abstract class HighResolutionTime {
    final long millis;
    final int nanos;

    HighResolutionTime(long millis, int nanos) {
        this.millis = millis;
        this.nanos = nanos;
    }

    public long getMilliseconds() {
        return millis;
    }

    public int getNanoseconds() {
        return nanos;
    }

    long totalNanos() {
        return millis * 1_000_000L + nanos;
    }
}
