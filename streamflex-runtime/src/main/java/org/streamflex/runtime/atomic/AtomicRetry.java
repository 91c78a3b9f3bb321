package org.streamflex.runtime.atomic;

/**
 * Thrown inside an {@code @Atomic} call whose snapshot of the filter's state went stale: the call
 * is re-executed. One shared instance without a stack trace: aborting costs nothing. Code inside
 * atomic methods must let it pass (the checker forbids catching it there).
 */
final class AtomicRetry extends RuntimeException {
    @SuppressWarnings("StaticAssignmentOfThrowable") // one instance on purpose: aborting a call allocates nothing
    static final AtomicRetry INSTANCE = new AtomicRetry();

    private AtomicRetry() {
        super("@Atomic call re-executed after a release of its filter", null, false, false);
    }
}
