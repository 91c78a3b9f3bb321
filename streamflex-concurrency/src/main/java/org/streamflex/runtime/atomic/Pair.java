package org.streamflex.runtime.atomic;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.streamflex.Atomic;
import org.streamflex.Filter;

/**
 * State of a filter as its own thread writes it (plain fields), with the handles woven
 * {@code @Atomic} code reaches it through, and an engine for it.
 */
final class Pair {
    static final VarHandle X;
    static final VarHandle Y;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            X = lookup.findVarHandle(Pair.class, "x", int.class);
            Y = lookup.findVarHandle(Pair.class, "y", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    int x;
    int y;

    /** An engine as the runtime makes one for a filter with {@code @Atomic} methods. */
    static FilterAtomicity engine() {
        return FilterAtomicity.of(WithAtomicMethod.class, new AtomicLimits(16, 16, 16));
    }

    /** A filter class with an {@code @Atomic} method, so that it gets an engine. */
    static final class WithAtomicMethod extends Filter {
        @Atomic
        public void set(int value) {
        }

        @Override
        public void work() {
        }
    }
}
