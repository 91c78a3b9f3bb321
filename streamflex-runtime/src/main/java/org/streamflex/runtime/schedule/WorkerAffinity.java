package org.streamflex.runtime.schedule;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import org.streamflex.runtime.clock.LinuxScheduling;

/**
 * One worker thread's CPU affinity: pins it to one CPU and lets it go again, back to the CPUs the
 * thread was allowed before ({@code sched_getaffinity} when created), not to every CPU of the
 * machine, so that a JVM started under {@code taskset} stays where it was put. Each worker creates
 * its own, on its own thread: the calls act on the calling thread.
 *
 * <pre>{@code
 * WorkerAffinity affinity = WorkerAffinity.create();   // on the worker's thread
 * int errno = affinity.pin(1);                          // 0, or the call's errno
 * affinity.release();                                   // the CPUs allowed before
 * }</pre>
 */
@SuppressWarnings("restricted") // calling the kernel is this class's purpose; the JVM's warning says how to allow it
final class WorkerAffinity {
    /** cpu_set_t: 1024 CPUs, as glibc defines it. */
    private static final long CPU_SET_BYTES = 128;
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle GET_AFFINITY;
    private static final MethodHandle SET_AFFINITY;
    private static final Throwable UNAVAILABLE;

    static {
        MethodHandle get = null;
        MethodHandle set = null;
        Throwable unavailable = null;
        try {
            if (!System.getProperty("os.name", "").startsWith("Linux")) {
                throw new UnsupportedOperationException("not Linux but " + System.getProperty("os.name"));
            }
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            Linker.Option errno = Linker.Option.captureCallState("errno");
            FunctionDescriptor call = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS);
            get = linker.downcallHandle(find(libc, "sched_getaffinity"), call, errno);
            set = linker.downcallHandle(find(libc, "sched_setaffinity"), call, errno);
        } catch (Throwable e) {
            unavailable = e;
        }
        GET_AFFINITY = get;
        SET_AFFINITY = set;
        UNAVAILABLE = unavailable;
    }

    private final MemorySegment callState;
    private final MemorySegment allowed;
    private final MemorySegment one;

    private WorkerAffinity(Arena arena) {
        callState = arena.allocate(CALL_STATE);
        allowed = arena.allocate(CPU_SET_BYTES, 8);
        one = arena.allocate(CPU_SET_BYTES, 8);
    }

    private static MemorySegment find(SymbolLookup libc, String name) {
        return libc.find(name).orElseThrow(() -> new UnsupportedOperationException("libc has no " + name));
    }

    /** Why the calls cannot be made here, or null if they can. */
    static String unavailableReason() {
        return UNAVAILABLE == null ? null : UNAVAILABLE.toString();
    }

    /**
     * The calling thread's affinity, with the CPUs it may run on now remembered for {@link #release()}.
     *
     * @throws UnsupportedOperationException if the calls cannot be made ({@link #unavailableReason()})
     * @throws IllegalStateException naming the errno if {@code sched_getaffinity} fails
     */
    static WorkerAffinity create() {
        if (UNAVAILABLE != null) {
            throw new UnsupportedOperationException("no Linux affinity calls: " + UNAVAILABLE, UNAVAILABLE);
        }
        WorkerAffinity a = new WorkerAffinity(Arena.ofAuto());
        int errno = a.call(GET_AFFINITY, a.allowed);
        if (errno != 0) {
            throw new IllegalStateException("sched_getaffinity: " + LinuxScheduling.describe(errno));
        }
        return a;
    }

    /** How many CPUs the thread was allowed when this was created. */
    int allowedCount() {
        int n = 0;
        for (long word = 0; word < CPU_SET_BYTES / 8; word++) {
            n += Long.bitCount(allowed.get(JAVA_LONG, word * 8));
        }
        return n;
    }

    /** Pins the calling thread to {@code cpu}: 0, or the errno of a refused call (22, EINVAL, out of range). */
    int pin(int cpu) {
        if (cpu < 0 || cpu >= CPU_SET_BYTES * 8) {
            return 22;
        }
        one.fill((byte) 0);
        one.set(JAVA_LONG, cpu / 64 * 8L, 1L << (cpu % 64));
        return call(SET_AFFINITY, one);
    }

    /** Lets the calling thread run on every CPU it was allowed before: 0, or the errno of a refused call. */
    int release() {
        return call(SET_AFFINITY, allowed);
    }

    private int call(MethodHandle handle, MemorySegment set) {
        try {
            int result = (int) handle.invokeExact(callState, 0, CPU_SET_BYTES, set);
            return result == 0 ? 0 : (int) ERRNO.get(callState, 0L);
        } catch (Throwable e) {
            throw new IllegalStateException("sched_affinity call", e);
        }
    }
}
