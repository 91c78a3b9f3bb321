package org.streamflex.runtime.schedule;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.streamflex.Shared;
import org.streamflex.abi.WorkScope;
import org.streamflex.spi.StableAccount;
import org.streamflex.spi.TransientAllocator;

/**
 * The scope and the regions a depth-first chain's thread names for a whole run
 * ({@link DepthFirstChain}): each call is passed to the filter whose {@code work()} runs, which the
 * chain's loop sets in {@link #current} before each call. One store of an int per {@code work()},
 * where naming each filter's own scope and regions on the thread's slot would take three stores
 * of references through {@code VarHandle}s, more code than the JIT inlines in a loop body of
 * a dozen filters.
 *
 * <pre>{@code
 * ChainScope scope = new ChainScope(tasks);
 * scope.current = 2;                 // the chain's third filter runs
 * scope.scratch(64, 8);              // its scratch memory
 * }</pre>
 */
final class ChainScope implements WorkScope, TransientAllocator, StableAccount {
    private final FilterTask[] tasks;
    /** Index of the filter whose work() runs: set by the chain's loop before each call. */
    int current;

    ChainScope(FilterTask[] tasks) {
        this.tasks = tasks.clone();
    }

    /** Whether every filter of the chain has a transient region (none, or all: see {@link DepthFirstChain}). */
    boolean regions() {
        return tasks[0].transientRegion() != null;
    }

    @Override
    public void adopt(Shared value) {
        tasks[current].adopt(value);
    }

    @Override
    public MemorySegment scratch(long bytes, long alignment) {
        return tasks[current].scratch(bytes, alignment);
    }

    @Override
    public String filterName() {
        return tasks[current].filterName();
    }

    @Override
    public Object allocate(Class<?> type, MethodHandle blank) {
        return tasks[current].transientRegion().allocate(type, blank);
    }

    @Override
    public Object newArray(int length, int kind) {
        return tasks[current].transientRegion().newArray(length, kind);
    }

    @Override
    public Object[] newReferenceArray(int length, Class<?> component) {
        return tasks[current].transientRegion().newReferenceArray(length, component);
    }

    @Override
    public void allocate(Class<?> type) {
        tasks[current].stableRegion().allocate(type);
    }

    @Override
    public void allocateArray(int length, int elementBytes) {
        tasks[current].stableRegion().allocateArray(length, elementBytes);
    }
}
