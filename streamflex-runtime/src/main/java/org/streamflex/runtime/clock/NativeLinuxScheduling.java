package org.streamflex.runtime.clock;

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
import java.util.BitSet;

/**
 * {@link LinuxScheduling} through the FFM API: no JNI library to ship. One instance per clock
 * thread: its argument buffers are that thread's, allocated once, so waiting allocates nothing.
 *
 * <p>Java warns on the first native call unless the JVM runs with {@code
 * --enable-native-access=ALL-UNNAMED} (or the runtime's module name); the call still works.
 */
@SuppressWarnings("restricted") // calling the kernel is this class's purpose; the JVM's warning says how to allow it
public final class NativeLinuxScheduling implements LinuxScheduling {
    private static final int SCHED_FIFO = 1;
    private static final int CLOCK_MONOTONIC = 1;
    private static final int TIMER_ABSTIME = 1;
    private static final int MCL_CURRENT_AND_FUTURE = 3;
    private static final int EINTR = 4;
    /** cpu_set_t: 1024 CPUs, as glibc defines it. */
    private static final long CPU_SET_BYTES = 128;

    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private static final MethodHandle SCHED_SETSCHEDULER;
    private static final MethodHandle SCHED_GETSCHEDULER;
    private static final MethodHandle SCHED_SETAFFINITY;
    private static final MethodHandle SCHED_GETAFFINITY;
    private static final MethodHandle MLOCKALL;
    private static final MethodHandle CLOCK_NANOSLEEP;
    private static final Throwable UNAVAILABLE;
    private static final Object MEMORY_LOCK = new Object();
    /** mlockall is process-wide: the first clock that asks locks for all. */
    private static boolean memoryLocked;

    static {
        MethodHandle setScheduler = null;
        MethodHandle getScheduler = null;
        MethodHandle setAffinity = null;
        MethodHandle getAffinity = null;
        MethodHandle mlockall = null;
        MethodHandle nanosleep = null;
        Throwable unavailable = null;
        try {
            if (!System.getProperty("os.name", "").startsWith("Linux")) {
                throw new UnsupportedOperationException("not Linux but " + System.getProperty("os.name"));
            }
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            Linker.Option errno = Linker.Option.captureCallState("errno");
            setScheduler = linker.downcallHandle(find(libc, "sched_setscheduler"),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS), errno);
            getScheduler = linker.downcallHandle(find(libc, "sched_getscheduler"),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT), errno);
            setAffinity = linker.downcallHandle(find(libc, "sched_setaffinity"),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), errno);
            getAffinity = linker.downcallHandle(find(libc, "sched_getaffinity"),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), errno);
            mlockall = linker.downcallHandle(find(libc, "mlockall"),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT), errno);
            // clock_nanosleep returns the error number itself and leaves errno alone.
            nanosleep = linker.downcallHandle(find(libc, "clock_nanosleep"),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
        } catch (Throwable e) {
            unavailable = e;
        }
        SCHED_SETSCHEDULER = setScheduler;
        SCHED_GETSCHEDULER = getScheduler;
        SCHED_SETAFFINITY = setAffinity;
        SCHED_GETAFFINITY = getAffinity;
        MLOCKALL = mlockall;
        CLOCK_NANOSLEEP = nanosleep;
        UNAVAILABLE = unavailable;
    }

    private static MemorySegment find(SymbolLookup libc, String name) {
        return libc.find(name).orElseThrow(() -> new UnsupportedOperationException("libc has no " + name));
    }

    private final MemorySegment callState;
    private final MemorySegment schedParam;
    private final MemorySegment cpuSet;
    private final MemorySegment timespec;

    private NativeLinuxScheduling() {
        Arena arena = Arena.ofAuto();
        callState = arena.allocate(CALL_STATE);
        schedParam = arena.allocate(JAVA_INT);
        cpuSet = arena.allocate(CPU_SET_BYTES, 8);
        timespec = arena.allocate(16, 8);
    }

    /** Why the calls cannot be made on this platform, or null if they can. */
    public static String unavailableReason() {
        return UNAVAILABLE == null ? null : UNAVAILABLE.toString();
    }

    /**
     * New buffers for one clock thread.
     *
     * @throws UnsupportedOperationException if this is not Linux or libc lacks a call
     */
    public static NativeLinuxScheduling create() {
        if (UNAVAILABLE != null) {
            throw new UnsupportedOperationException("Linux scheduling calls unavailable: " + UNAVAILABLE, UNAVAILABLE);
        }
        return new NativeLinuxScheduling();
    }

    @Override
    public int setFifo(int priority) {
        schedParam.set(JAVA_INT, 0, priority);
        try {
            int result = (int) SCHED_SETSCHEDULER.invokeExact(callState, 0, SCHED_FIFO, schedParam);
            return result == 0 ? 0 : errno();
        } catch (Throwable e) {
            throw new IllegalStateException("sched_setscheduler", e);
        }
    }

    @Override
    public int setAffinity(int cpu) {
        if (cpu < 0 || cpu >= CPU_SET_BYTES * 8) {
            return 22;
        }
        cpuSet.fill((byte) 0);
        long word = cpu / 64;
        cpuSet.set(JAVA_LONG, word * 8, 1L << (cpu % 64));
        try {
            int result = (int) SCHED_SETAFFINITY.invokeExact(callState, 0, CPU_SET_BYTES, cpuSet);
            return result == 0 ? 0 : errno();
        } catch (Throwable e) {
            throw new IllegalStateException("sched_setaffinity", e);
        }
    }

    @Override
    public int allowedCpus(long pid, BitSet into) {
        into.clear();
        if (pid < 0 || pid > Integer.MAX_VALUE) {
            return 3; // ESRCH: no pid_t names it
        }
        cpuSet.fill((byte) 0);
        int result;
        try {
            result = (int) SCHED_GETAFFINITY.invokeExact(callState, (int) pid, CPU_SET_BYTES, cpuSet);
        } catch (Throwable e) {
            throw new IllegalStateException("sched_getaffinity", e);
        }
        if (result != 0) {
            return errno();
        }
        // cpu_set_t is an array of unsigned longs, CPU n at bit n % 64 of word n / 64: a BitSet's layout.
        into.or(BitSet.valueOf(cpuSet.toArray(JAVA_LONG)));
        return 0;
    }

    @Override
    public int lockAllMemory() {
        synchronized (MEMORY_LOCK) {
            if (memoryLocked) {
                return 0;
            }
            try {
                int result = (int) MLOCKALL.invokeExact(callState, MCL_CURRENT_AND_FUTURE);
                memoryLocked = result == 0;
                return result == 0 ? 0 : errno();
            } catch (Throwable e) {
                throw new IllegalStateException("mlockall", e);
            }
        }
    }

    @Override
    public int sleepUntil(long deadlineNanos) {
        timespec.set(JAVA_LONG, 0, deadlineNanos / 1_000_000_000L);
        timespec.set(JAVA_LONG, 8, deadlineNanos % 1_000_000_000L);
        try {
            int result;
            do {
                result = (int) CLOCK_NANOSLEEP.invokeExact(CLOCK_MONOTONIC, TIMER_ABSTIME, timespec,
                        MemorySegment.NULL);
            } while (result == EINTR);
            return result;
        } catch (Throwable e) {
            throw new IllegalStateException("clock_nanosleep", e);
        }
    }

    @Override
    public int policy() {
        try {
            int result = (int) SCHED_GETSCHEDULER.invokeExact(callState, 0);
            return result >= 0 ? result : -errno();
        } catch (Throwable e) {
            throw new IllegalStateException("sched_getscheduler", e);
        }
    }

    private int errno() {
        return (int) ERRNO.get(callState, 0L);
    }
}
