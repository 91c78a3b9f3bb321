package javax.realtime;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Test stand-in for RTSJ's periodic real-time thread: {@link #waitForNextPeriod()} parks until
 * the next release of its {@link PeriodicParameters}, whose start is on {@link Clock}'s time line.
 */
public class RealtimeThread extends Thread {
    /** Calls of {@link #waitForNextPeriod()}, by every stand-in thread. */
    public static final AtomicLong WAITS = new AtomicLong();

    private final SchedulingParameters scheduling;
    private volatile ReleaseParameters release;
    private long nextRelease = -1;

    public RealtimeThread(SchedulingParameters scheduling, ReleaseParameters release, MemoryParameters memory,
            MemoryArea area, ProcessingGroupParameters group, Runnable logic) {
        super(logic);
        this.scheduling = scheduling;
        this.release = release;
    }

    public SchedulingParameters getSchedulingParameters() {
        return scheduling;
    }

    public ReleaseParameters getReleaseParameters() {
        return release;
    }

    public void setReleaseParameters(ReleaseParameters release) {
        this.release = release;
        this.nextRelease = -1;
    }

    public static RealtimeThread currentRealtimeThread() {
        return (RealtimeThread) Thread.currentThread();
    }

    /** Waits for the next release; returns at once for releases already due, as RTSJ does. */
    public static boolean waitForNextPeriod() {
        WAITS.incrementAndGet();
        RealtimeThread self = currentRealtimeThread();
        if (!(self.release instanceof PeriodicParameters periodic)) {
            throw new IllegalThreadStateException("waitForNextPeriod on a thread that is not periodic");
        }
        long period = periodic.getPeriod().totalNanos();
        long start = periodic.getStart().totalNanos() - Clock.OFFSET_NANOS;
        if (self.nextRelease < 0) {
            self.nextRelease = start;
        } else {
            self.nextRelease += period;
        }
        long left;
        while ((left = self.nextRelease - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
        return true;
    }
}
