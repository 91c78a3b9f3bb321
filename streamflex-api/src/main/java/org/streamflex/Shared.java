package org.streamflex;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.abi.WorkScope;

/**
 * A read-only value shared by reference and freed by reference counting: what travels on a
 * {@link SharedChannel}. Signal segments ({@code org.streamflex.dsp}) are the shared values of the
 * library. Putting one on several channels shares it, never copies it.
 *
 * <p>Who holds a reference: every channel slot it sits in, every {@link SharedQueue} it was added
 * to, and the {@code work()} that made it, until that {@code work()} returns. A value taken from a
 * channel stays valid until the {@code work()} that took it returns; to keep it longer, add it to
 * a {@link SharedQueue} (a plain field is a compile error, rule S1). When the last reference goes
 * the value is freed: its memory goes back to its pool for reuse.
 *
 * <pre>{@code
 * class Forward extends Filter {
 *     private SharedChannel<FloatSeg> in, left, right;
 *     public void work() {
 *         FloatSeg s = in.take();
 *         left.put(s);    // the same segment on both channels: no copy
 *         right.put(s);
 *     }
 * }
 * }</pre>
 *
 * <p>Filter code never calls {@link #retain()} or {@link #release()} (rule S3): channels, queues
 * and the running {@code work()} do. Java code outside a graph that makes a value owns one reference
 * and releases it when done.
 */
public abstract class Shared {
    private static final VarHandle REFERENCES;

    static {
        try {
            REFERENCES = MethodHandles.lookup().findVarHandle(Shared.class, "references", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Holders of this value. Changed with atomic read-modify-write only: a consumer on one thread
     * releases what a producer on another retained. The final release happens-after every other.
     */
    private volatile int references;

    /** For subclasses: a value starts with no holder until {@link #revive()} gives it its maker's. */
    protected Shared() {
    }

    /** The current number of holders: 0 once freed. For tests and diagnostics. */
    public final int references() {
        return references;
    }

    /**
     * Adds a holder. For channels and containers.
     *
     * @throws UseAfterReleaseError if the value was already freed
     */
    public final void retain() {
        int before = (int) REFERENCES.getAndAdd(this, 1);
        if (before <= 0) {
            REFERENCES.getAndAdd(this, -1);
            throw new UseAfterReleaseError(this + " retained after it was freed" + releasedWhere());
        }
    }

    /**
     * Removes a holder; the last one frees the value ({@link #freed()}). For channels and containers,
     * and for Java code outside a graph that made the value.
     *
     * @throws UseAfterReleaseError if it had no holder left
     */
    public final void release() {
        int after = (int) REFERENCES.getAndAdd(this, -1) - 1;
        if (after == 0) {
            freed();
        } else if (after < 0) {
            REFERENCES.getAndAdd(this, 1);
            throw new UseAfterReleaseError(this + " released more often than retained" + releasedWhere());
        }
    }

    /**
     * For pools handing out a recycled value: one holder again, the maker. Inside a {@code work()}
     * the maker is the running {@code work()}, which releases it when it returns.
     */
    protected final void revive() {
        REFERENCES.setRelease(this, 1);
        RegionSlot slot = Regions.current();
        WorkScope scope = slot.workScope();
        if (scope != null) {
            scope.adopt(this);
        }
    }

    /**
     * For library methods that return a value the caller already holds (a whole-range sub-segment
     * is the segment itself): one more holder, handed to the caller as a new value is. Inside a
     * {@code work()} the running {@code work()} takes it over and releases it when it returns;
     * outside, the caller owns it and releases it.
     *
     * @throws UseAfterReleaseError if the value was already freed
     */
    protected final void retainForCaller() {
        retain();
        WorkScope scope = Regions.current().workScope();
        if (scope != null) {
            scope.adopt(this);
        }
    }

    /** Called once, by the thread that released the last reference: return memory to its pools. */
    protected abstract void freed();

    /** Where the value was freed, for messages; empty unless the subclass tracks it (debug mode). */
    protected String releasedWhere() {
        return "";
    }
}
