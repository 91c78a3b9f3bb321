package org.streamflex.runtime.schedule;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Makes a {@link FiringLoop} per fused filter, each of a class of its own: a hidden class defined
 * from {@code FiringLoop}'s own bytes. The JIT keeps a type profile per call site per class, so the
 * {@code work()} call in each copy sees only its filter's class and is inlined; the fused task
 * calls the copies in turn, one megamorphic call per filter and iteration rather than per item.
 *
 * <p>If the platform refuses hidden classes, every filter shares the one {@code FiringLoop}: the
 * same results, with a vtable call per {@code work()}.
 *
 * <pre>{@code
 * Firings loop = FiringLoops.newLoop();
 * task.fireBatch(slot, 64, loop);
 * }</pre>
 */
final class FiringLoops {
    private static final byte[] TEMPLATE = templateBytes();

    private FiringLoops() {
    }

    /** A loop of a class no other filter's loop has. */
    static Firings newLoop() {
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
