package javax.realtime;

/** Test stand-in: the real-time clock, here offset from {@link System#nanoTime()} as a real VM's may be. */
public abstract class Clock {
    /** A deliberate offset, so that a backend that confuses the two time bases fails its test. */
    static final long OFFSET_NANOS = 1_000_000_000_000L;
    private static final Clock REALTIME = new Clock() {
        @Override
        public AbsoluteTime getTime() {
            long now = System.nanoTime() + OFFSET_NANOS;
            return new AbsoluteTime(now / 1_000_000L, (int) (now % 1_000_000L));
        }
    };

    public static Clock getRealtimeClock() {
        return REALTIME;
    }

    public abstract AbsoluteTime getTime();
}
