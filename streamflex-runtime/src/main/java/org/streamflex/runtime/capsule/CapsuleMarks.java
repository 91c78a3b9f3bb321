package org.streamflex.runtime.capsule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.streamflex.Capsule;

/**
 * Reads and writes the runtime's bookkeeping field of {@link Capsule}: the id of the transaction
 * that last published the capsule. A work() that finds its own id on a capsule at publication has
 * put that capsule twice (copy it); one that does not find it on a capsule it took or made has
 * not forwarded it (reclaim it).
 */
public final class CapsuleMarks {
    private static final VarHandle PUBLISHED_BY;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Capsule.class, MethodHandles.lookup());
            PUBLISHED_BY = lookup.findVarHandle(Capsule.class, "publishedBy", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private CapsuleMarks() {
    }

    public static long markOf(Capsule capsule) {
        return (long) PUBLISHED_BY.get(capsule);
    }

    public static void mark(Capsule capsule, long transactionId) {
        PUBLISHED_BY.set(capsule, transactionId);
    }
}
