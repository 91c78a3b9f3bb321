package org.streamflex.runtime.schedule;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.streamflex.DuplicateSplitter;
import org.streamflex.Filter;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.RoundRobinSplitter;

/**
 * Makes a {@link FiringLoop} per filter class (a {@link RoundsFirings} for the built-in splitters
 * and joiners), each of a class of its own: a hidden class defined
 * from {@code FiringLoop}'s own bytes. The JIT keeps a type profile per call site per class, so the
 * {@code work()} call in each copy sees only its filter class and is inlined; the fused task
 * calls the copies in turn, one megamorphic call per filter and batch rather than per item. One
 * copy per class, not per filter: sixteen filters of one class share a loop the JIT compiles once.
 *
 * <p>If the platform refuses hidden classes, every filter shares the one {@code FiringLoop}: the
 * same results, with a vtable call per {@code work()}.
 *
 * <pre>{@code
 * Firings loop = FiringLoops.loopFor(filter.getClass());
 * task.fireBatch(slot, 64, loop);
 * }</pre>
 */
final class FiringLoops {
    private static final byte[] TEMPLATE = templateBytes();
    private static final ClassValue<Firings> BY_FILTER_CLASS = new ClassValue<>() {
        @Override
        protected Firings computeValue(Class<?> filterClass) {
            if (filterClass == DuplicateSplitter.class || filterClass == RoundRobinSplitter.class
                    || filterClass == RoundRobinJoiner.class) {
                return new RoundsFirings(filterClass.asSubclass(Filter.class));
            }
            return newLoop();
        }
    };

    private FiringLoops() {
    }

    /** The loop of filters of {@code filterClass}: of a class no other filter class's loop has. */
    static Firings loopFor(Class<?> filterClass) {
        return BY_FILTER_CLASS.get(filterClass);
    }

    /** A loop of a class no other loop has. */
    private static Firings newLoop() {
        if (TEMPLATE != null) {
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClass(TEMPLATE, true);
                return (Firings) lookup.findConstructor(lookup.lookupClass(), MethodType.methodType(void.class))
                        .invoke();
            } catch (Throwable refused) {
                // Not expected on a standard JDK: fall back to the shared class.
                return new FiringLoop();
            }
        }
        return new FiringLoop();
    }

    private static byte[] templateBytes() {
        try (InputStream in = FiringLoop.class.getResourceAsStream("FiringLoop.class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }
}
