package org.streamflex.dsp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import org.streamflex.Filter;
import org.streamflex.SharedQueue;
import org.streamflex.dsp.memory.BufferPool;

/**
 * The sample buffer pool before a graph ran, to check after that every buffer it made or took is
 * idle again once the graph drained.
 *
 * <pre>{@code
 * Pools pools = Pools.baseline();
 * GraphDriver.of(graph).run(100);
 * pools.assertEveryBufferIdle(graph.rewindow);   // lets go of what the operator keeps, then checks
 * }</pre>
 */
public final class Pools {
    private final BufferPool pool = BufferPool.shared();
    private final long created = pool.created();
    private final long idle = pool.idle();
    private final long discarded = pool.discarded();

    private Pools() {
    }

    /** The pool now. */
    public static Pools baseline() {
        return new Pools();
    }

    /**
     * Lets go of what {@code holders} keep in their {@link SharedQueue}s by contract (a run's
     * unfinished tail, a sync's buffered runs), as a graph torn down would, then fails unless every
     * buffer made since the baseline, and every one idle then, is idle now.
     */
    public void assertEveryBufferIdle(Filter... holders) {
        for (Filter f : holders) {
            clearQueues(f);
        }
        assertEquals(discarded, pool.discarded(), "no buffer discarded");
        assertEquals(pool.created() - created, pool.idle() - idle,
                "every buffer made since the baseline is idle again, and every one idle then");
    }

    private static void clearQueues(Filter filter) {
        try {
            for (Class<?> c = filter.getClass(); c != Filter.class; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (SharedQueue.class.isAssignableFrom(field.getType())) {
                        field.setAccessible(true);
                        ((SharedQueue<?>) field.get(filter)).clear();
                    } else if (field.getType().isArray()
                            && SharedQueue.class.isAssignableFrom(field.getType().getComponentType())) {
                        field.setAccessible(true);
                        for (SharedQueue<?> q : (SharedQueue<?>[]) field.get(filter)) {
                            q.clear();
                        }
                    }
                }
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }
}
