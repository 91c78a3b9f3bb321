package org.streamflex.runtime.clock;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.BooleanSupplier;

/**
 * A periodic {@code javax.realtime.RealtimeThread} on a real-time VM, reached by reflection: the
 * RTSJ API is not on Maven Central, so the runtime neither compiles nor ships against it. The
 * thread runs at the scheduler's highest priority; at its first release it takes {@code
 * PeriodicParameters} whose start is the graph's start mapped onto the RTSJ real-time clock, so
 * that the VM's periodic releases fall on the clock's boundaries.
 *
 * <p>Waiting calls {@code waitForNextPeriod()} until within half a period of the deadline, then
 * spins to it. After an overrun the VM returns at once for each period that passed, so the loop
 * catches up to the boundary the release rule chose; a VM release that comes early is absorbed by
 * the spin, one that comes late by less than half a period is taken as is.
 *
 * <p>Calls used, all present in RTSJ 1.0.2 and 2.0: {@code PriorityScheduler.instance()
 * .getMaxPriority()}, {@code new PriorityParameters(int)}, {@code new RealtimeThread(
 * SchedulingParameters, ReleaseParameters, MemoryParameters, MemoryArea,
 * ProcessingGroupParameters, Runnable)}, {@code Clock.getRealtimeClock().getTime()}, {@code
 * AbsoluteTime.add(long, int)}, {@code new RelativeTime(long, int)}, {@code new
 * PeriodicParameters(HighResolutionTime, RelativeTime)}, {@code
 * RealtimeThread.setReleaseParameters(ReleaseParameters)} and {@code
 * RealtimeThread.waitForNextPeriod()} (static since 1.0.1, an instance method before).
 */
public final class RtsjBackend implements ClockBackend {
    private static final String PACKAGE = "javax.realtime.";

    private final ClassLoader loader;
    private final long periodNanos;
    private final long spinNanos;
    private final int priority;
    private final MethodHandle newThread;
    private final MethodHandle waitForNextPeriod;
    private Thread thread;

    /**
     * @throws ReflectiveOperationException if {@code loader} has no usable RTSJ API
     */
    public RtsjBackend(ClassLoader loader, int periodMicros, int spinMicros) throws ReflectiveOperationException {
        this.loader = loader;
        this.periodNanos = periodMicros * 1000L;
        this.spinNanos = spinMicros * 1000L;
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        Class<?> scheduler = type("PriorityScheduler");
        try {
            Object instance = lookup.findStatic(scheduler, "instance", MethodType.methodType(scheduler)).invoke();
            this.priority = (int) lookup.findVirtual(scheduler, "getMaxPriority", MethodType.methodType(int.class))
                    .invoke(instance);
        } catch (ReflectiveOperationException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("PriorityScheduler.instance().getMaxPriority() failed: " + e, e);
        }
        Class<?> realtimeThread = type("RealtimeThread");
        this.newThread = lookup.findConstructor(realtimeThread, MethodType.methodType(void.class,
                type("SchedulingParameters"), type("ReleaseParameters"), type("MemoryParameters"),
                type("MemoryArea"), type("ProcessingGroupParameters"), Runnable.class));
        MethodHandle wait;
        try {
            wait = lookup.findStatic(realtimeThread, "waitForNextPeriod", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException rtsj10) {
            MethodHandle current = lookup.findStatic(realtimeThread, "currentRealtimeThread",
                    MethodType.methodType(realtimeThread));
            wait = MethodHandles.collectArguments(
                    lookup.findVirtual(realtimeThread, "waitForNextPeriod", MethodType.methodType(boolean.class)),
                    0, current);
        }
        this.waitForNextPeriod = wait.asType(MethodType.methodType(boolean.class));
    }

    /** Whether {@code loader} sees {@code javax.realtime.RealtimeThread}: a real-time VM. */
    public static boolean isAvailable(ClassLoader loader) {
        try {
            Class.forName(PACKAGE + "RealtimeThread", false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private Class<?> type(String simpleName) throws ClassNotFoundException {
        return Class.forName(PACKAGE + simpleName, true, loader);
    }

    @Override
    public Thread newThread(String name, Runnable body) {
        try {
            Object scheduling = MethodHandles.publicLookup()
                    .findConstructor(type("PriorityParameters"), MethodType.methodType(void.class, int.class))
                    .invoke(priority);
            thread = (Thread) newThread.invoke(scheduling, null, null, null, null, body);
            thread.setName(name);
            return thread;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot create a javax.realtime.RealtimeThread: " + e, e);
        }
    }

    @Override
    public Entered enter() {
        return Entered.applied("rtsj: javax.realtime.RealtimeThread, priority " + priority
                + " (PriorityScheduler maximum), waitForNextPeriod then " + spinNanos / 1000 + " us spin");
    }

    @Override
    public void begin(long startNanos) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            Class<?> clock = type("Clock");
            Class<?> absolute = type("AbsoluteTime");
            Class<?> relative = type("RelativeTime");
            Class<?> highResolution = type("HighResolutionTime");
            Object realtimeClock = lookup.findStatic(clock, "getRealtimeClock", MethodType.methodType(clock)).invoke();
            Object now = lookup.findVirtual(clock, "getTime", MethodType.methodType(absolute)).invoke(realtimeClock);
            long untilStart = startNanos - System.nanoTime();
            Object start = lookup.findVirtual(absolute, "add", MethodType.methodType(absolute, long.class, int.class))
                    .invoke(now, Math.floorDiv(untilStart, 1_000_000L), (int) Math.floorMod(untilStart, 1_000_000L));
            Object period = lookup.findConstructor(relative, MethodType.methodType(void.class, long.class, int.class))
                    .invoke(periodNanos / 1_000_000L, (int) (periodNanos % 1_000_000L));
            Object periodic = lookup.findConstructor(type("PeriodicParameters"),
                    MethodType.methodType(void.class, highResolution, relative)).invoke(start, period);
            lookup.findVirtual(thread.getClass(), "setReleaseParameters",
                    MethodType.methodType(void.class, type("ReleaseParameters"))).invoke(thread, periodic);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot make the RealtimeThread periodic: " + e, e);
        }
    }

    @Override
    public boolean awaitNanos(long deadline, BooleanSupplier running) {
        long wakeBy = deadline - periodNanos / 2;
        try {
            while (running.getAsBoolean() && System.nanoTime() < wakeBy) {
                // false means the VM saw this thread overrun; the release rule counts misses itself.
                boolean _ = (boolean) waitForNextPeriod.invokeExact();
            }
        } catch (Throwable e) {
            throw new IllegalStateException("waitForNextPeriod failed: " + e, e);
        }
        for (;;) {
            if (!running.getAsBoolean()) {
                return false;
            }
            if (deadline - System.nanoTime() <= 0) {
                return true;
            }
            Thread.onSpinWait();
        }
    }
}
