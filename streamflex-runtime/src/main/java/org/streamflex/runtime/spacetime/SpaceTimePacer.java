package org.streamflex.runtime.spacetime;

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.streamflex.runtime.counter.SingleWriterCounter;

/**
 * Stampede's loose temporal synchrony (section IV-F, from Beehive; {@code spd_tg_init} and
 * {@code spd_tg_sync_vt_with_rt} in Fig. 6): ties a source thread's virtual time to real time, one
 * tick per period, so that a digitizer puts frame {@code n} during the n-th period and its
 * timestamps are absolute frame numbers. Real time only paces the thread; timestamps stay virtual
 * and are never compared with real time (section IV-H).
 *
 * <p><b>Ticks.</b> The pacer starts at the thread's virtual time {@code v0}, at real time
 * {@code t0} (the time source's now): tick {@code k} starts at {@code t0 + (k - v0) * period}.
 * {@link #advance()} is the paper's {@code frame_count++; spd_set_virtual_time(frame_count);
 * spd_tg_sync_vt_with_rt()}: it moves the virtual time to the next tick and then
 * <ul>
 *   <li>if the tick has not started, waits until it starts (early: the thread waits);
 *   <li>if it started at most the tolerance ago, returns at once (the following ticks, if on time,
 *       wait again: a small slip is absorbed by the next wait);
 *   <li>if it started more than the tolerance ago, calls the {@link LateTickHandler} on this thread,
 *       and recovers as it says: {@link PacerRecovery#SKIP} moves the virtual time on to the first
 *       tick that starts at or after now and waits for it; {@link PacerRecovery#CATCH_UP} keeps the
 *       late tick and returns at once. The handler is called for every tick that is that late.
 * </ul>
 * The virtual time is set before the wait, so the collector may free the previous tick's items
 * while the thread sleeps.
 *
 * <p><b>Why SKIP is the recommended recovery</b> (the paper leaves recovery to the handler): the
 * paper's digitizer uses absolute frame numbers as timestamps, so a timestamp names a period of
 * real time, and two sources paced to the same period correlate by timestamp only if each keeps
 * that naming; catching up would put frame {@code n} in period {@code n + k}. SKIP is also what a
 * StreamFlex clock does after an overrun (the next release is the first boundary after the
 * completion, {@code ReleaseRule}), so a paced thread and a clocked filter lose the same periods.
 * And CATCH_UP under a sustained overload builds a lag that grows without bound, into channels that
 * are unbounded. CATCH_UP is there for a producer that must not lose a tick.
 *
 * <p><b>On a StreamFlex clock.</b> A filter released by a {@link org.streamflex.Clock} is already
 * paced: the clock waits for each boundary and skips the boundaries a late release overran. Its
 * virtual time follows the clock with {@link #advancePast(long)}, and the tick is the release's
 * boundary number, {@code timer.getTime() / periodMicros}: boundaries the clock skipped are
 * skipped in virtual time too.
 *
 * <pre>{@code
 * SpaceTimeThread digitizer = space.join("digitizer", 0);
 * OutputConnection out = digitizer.attachOutput(frames);
 * SpaceTimePacer pacer = SpaceTimePacer.start(digitizer, 33, 5, TimeUnit.MILLISECONDS,
 *         LateTickHandler.SKIP, PacerTime.SYSTEM);
 * for (long frame = pacer.tick(); running; frame = pacer.advance()) {
 *     out.put(frame, grab());                  // during the frame's 33 ms
 * }
 *
 * // or, released by a clock of period p microseconds:
 * long frame = timer.getTime() / p;
 * out.put(frame, grab());
 * pacer.advancePast(frame);                    // virtual time frame + 1
 * }</pre>
 *
 * <p>Not thread-safe: one pacer per space-time thread, used by the Java thread that uses that
 * space-time thread, which should not set its virtual time by other means. The counters are
 * {@link SingleWriterCounter}s that any thread may read.
 */
public final class SpaceTimePacer {
    private final SpaceTimeThread thread;
    private final long periodNanos;
    private final long toleranceNanos;
    private final LateTickHandler handler;
    private final PacerTime time;
    /** The tick the pacer started at, and the real time it started. */
    private final long firstTick;
    private final long origin;
    private long tick;
    private final SingleWriterCounter lateTicks = new SingleWriterCounter();
    private final SingleWriterCounter skippedTicks = new SingleWriterCounter();

    private SpaceTimePacer(SpaceTimeThread thread, long periodNanos, long toleranceNanos, LateTickHandler handler,
            PacerTime time) {
        this.thread = thread;
        this.periodNanos = periodNanos;
        this.toleranceNanos = toleranceNanos;
        this.handler = handler;
        this.time = time;
        this.firstTick = thread.virtualTime();
        this.origin = time.nanoTime();
        this.tick = firstTick;
    }

    /**
     * A pacer for {@code thread} whose current virtual time is the tick starting now.
     *
     * @param period the real time per tick (the paper's {@code spd_tg_init(TG_DIGITIZE, 33)} is 33 ms)
     * @param tolerance how late a tick may start before {@code handler} is called
     * @throws IllegalArgumentException unless the period is positive and the tolerance not negative, or
     *     if the thread is at {@link SpaceTime#INFINITY} (a paced thread is a source, at a finite tick)
     */
    public static SpaceTimePacer start(SpaceTimeThread thread, long period, long tolerance, TimeUnit unit,
            LateTickHandler handler, PacerTime time) {
        Objects.requireNonNull(thread, "thread");
        Objects.requireNonNull(handler, "handler: LateTickHandler.SKIP is what StreamFlex clocks do");
        Objects.requireNonNull(time, "time: PacerTime.SYSTEM for real time");
        long periodNanos = unit.toNanos(period);
        long toleranceNanos = unit.toNanos(tolerance);
        if (periodNanos <= 0 || toleranceNanos < 0) {
            throw new IllegalArgumentException("a pacer for thread " + thread.name() + " needs a positive period and"
                    + " a tolerance of at least 0: period " + period + ", tolerance " + tolerance + " " + unit);
        }
        if (thread.virtualTime() == SpaceTime.INFINITY) {
            throw new IllegalArgumentException("thread " + thread.name() + " is at virtual time INFINITY, which"
                    + " no tick follows: a paced thread is a source; set its virtual time to its first tick first");
        }
        return new SpaceTimePacer(thread, periodNanos, toleranceNanos, handler, time);
    }

    /** The current tick: the thread's virtual time as the pacer last set it, the timestamp to put next. */
    public long tick() {
        return tick;
    }

    /**
     * Moves the virtual time to the next tick (or further, after a late tick the handler skips) and
     * waits until that tick starts.
     *
     * @return the new tick, the timestamp to put next
     * @throws InterruptedException if interrupted while waiting; the virtual time is already the new tick
     */
    public long advance() throws InterruptedException {
        long next = tick + 1;
        long now = time.nanoTime();
        long lateness = now - startOf(next);
        if (lateness > toleranceNanos) {
            lateTicks.increment();
            // The first tick starting at or after now: the clocks' rule for the next release after an overrun.
            long firstNotStarted = firstTick + Math.ceilDiv(now - origin, periodNanos);
            PacerRecovery recovery = handler.onLate(new LateTick(thread.name(), next, lateness, toleranceNanos,
                    firstNotStarted - next));
            if (recovery == null) {
                throw new NullPointerException("the LateTickHandler of thread " + thread.name()
                        + " returned null for tick " + next + ": return PacerRecovery.SKIP or CATCH_UP");
            }
            if (recovery == PacerRecovery.SKIP) { // firstNotStarted > next: the late tick has started
                skippedTicks.add(firstNotStarted - next);
                next = firstNotStarted;
            }
        }
        setTick(next);
        long start = startOf(next);
        if (start - now > 0) {
            time.sleepUntil(start);
        }
        return next;
    }

    /**
     * For a thread paced by a StreamFlex clock: the release put its items at {@code timestamp}, the
     * release's boundary number; the virtual time moves to {@code timestamp + 1}, and the ticks
     * between the previous one and {@code timestamp} (the boundaries the clock skipped) count as
     * skipped. No wait and no handler: the clock waits, and counts its missed deadlines itself.
     *
     * @return the new tick, {@code timestamp + 1}
     * @throws IllegalArgumentException if {@code timestamp} is below the current tick: a clock
     *     releases each boundary once, in order
     */
    public long advancePast(long timestamp) {
        if (timestamp == SpaceTime.INFINITY) {
            throw new IllegalArgumentException("pacer of thread " + thread.name() + " cannot advance past INFINITY,"
                    + " which is a virtual time, not a timestamp");
        }
        if (timestamp < tick) {
            throw new IllegalArgumentException("pacer of thread " + thread.name() + " cannot advance past "
                    + timestamp + ": its tick is already " + tick + "; pass each release's boundary number, "
                    + "timer.getTime() / periodMicros, once per release");
        }
        skippedTicks.add(timestamp - tick);
        setTick(timestamp + 1);
        return tick;
    }

    /** Ticks that started later than the tolerance allows (each one the handler was called for). */
    public long lateTicks() {
        return lateTicks.get();
    }

    /** Ticks never produced: skipped by {@link PacerRecovery#SKIP}, or boundaries a clock skipped. */
    public long skippedTicks() {
        return skippedTicks.get();
    }

    /** The period in nanoseconds. */
    public long periodNanos() {
        return periodNanos;
    }

    private long startOf(long k) {
        return origin + Math.multiplyExact(k - firstTick, periodNanos);
    }

    private void setTick(long next) {
        thread.setVirtualTime(next);
        tick = next;
    }
}
