package org.streamflex.runtime.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.streamflex.ChannelUnderflowException;
import org.streamflex.TimeChannel;

/**
 * A {@link TimeChannel}: one slot written by one clock thread and read by the filter's
 * {@code work()}, possibly on another thread.
 *
 * <p>The clock only fills an empty slot and the filter only empties a full one, so a plain
 * release/acquire flag orders them. A tick that finds the slot full is counted as missed (the
 * older tick is kept). Misses counted while a work() runs are reported to the next one.
 */
public final class TimeSlot extends TimeChannel {
    private static final VarHandle FULL;
    private static final VarHandle MISSED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            FULL = lookup.findVarHandle(TimeSlot.class, "full", boolean.class);
            MISSED = lookup.findVarHandle(TimeSlot.class, "missed", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String name;
    /** Written by the clock only while the slot is empty, so stable while it is full. */
    private long time;
    private boolean full;
    private int missed;

    // The filter's view during one work(), taken by begin().
    private boolean tickHeld;
    private int missedHeld;

    public TimeSlot(String name) {
        this.name = name;
    }

    /** Clock side: delivers the tick at {@code timeMicros}, after {@code skipped} undelivered ones. */
    public void write(long timeMicros, int skipped) {
        if (skipped > 0) {
            MISSED.getAndAdd(this, skipped);
        }
        if ((boolean) FULL.getAcquire(this)) {
            MISSED.getAndAdd(this, 1);
        } else {
            time = timeMicros;
            FULL.setRelease(this, true);
        }
    }

    /** Whether a tick is waiting; read by triggers. */
    public boolean hasTick() {
        return (boolean) FULL.getAcquire(this);
    }

    /** Filter side, before work(): fixes what this work() sees. */
    public void begin() {
        tickHeld = (boolean) FULL.getAcquire(this);
        missedHeld = (int) MISSED.getOpaque(this) == 0 ? 0 : (int) MISSED.getAndSet(this, 0);
    }

    /** Filter side, after work(): empties the slot of the tick this work() saw. */
    public void end() {
        if (tickHeld) {
            tickHeld = false;
            FULL.setRelease(this, false);
        }
        missedHeld = 0;
    }

    @Override
    public int size() {
        return hasTick() ? 1 : 0;
    }

    @Override
    public long getTime() {
        if (!tickHeld) {
            throw new ChannelUnderflowException("getTime() on time channel " + name
                    + " with no unread tick: this work() was released by data, not by the clock;"
                    + " check size() first");
        }
        return time;
    }

    @Override
    public int missedDeadlines() {
        return missedHeld;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}
