package org.streamflex;

/**
 * How the threads of a graph's periodic clocks are scheduled: which backend releases them, at
 * which real-time priority, on which CPU, with memory locked or not, and how long they spin before
 * each deadline. The runtime applies it at {@link StreamFlexGraph#start()}, falls back to the
 * next backend when the platform refuses a call, and logs once what is in force; {@link
 * Clock#backend()} tells it too.
 *
 * <pre>{@code
 * graph.setRealTime(RealTime.defaults().withPriority(90).withCpu(1).withLockMemory(true));
 * graph.start();
 * // INFO: StreamFlex Marmot: clock 0 (80 us): linux-fifo priority 90, cpu 1, memory locked, ...
 * }</pre>
 *
 * <p>{@link #defaults()} reads the system properties {@code streamflex.clock.backend} ({@code auto},
 * {@code rtsj}, {@code linux-fifo}, {@code park-spin}), {@code streamflex.clock.priority},
 * {@code streamflex.clock.cpu}, {@code streamflex.clock.lockMemory} and {@code
 * streamflex.clock.spinMicros} (see {@link StreamFlexProperties}); what code sets with the
 * {@code with} methods wins over them.
 *
 * <p>Free-running clocks (period 0) always run on a normal thread: a real-time thread that never
 * sleeps would hold its core against the garbage collector and the kernel.
 *
 * @param backend which backend releases periodic clocks
 * @param priority the SCHED_FIFO priority for {@link Backend#LINUX_FIFO}, 1 to 99
 * @param cpu the CPU the clock threads are pinned to, or -1 for no pinning
 * @param lockMemory whether to lock the process's memory ({@code mlockall}) so that page faults
 *     cannot delay a release
 * @param spinMicros how long before each deadline the thread stops sleeping and spins, because
 *     timers wake late by tens of microseconds
 */
public record RealTime(Backend backend, int priority, int cpu, boolean lockMemory, int spinMicros) {
    /** Default SCHED_FIFO priority: high, yet below the kernel's own real-time threads at 99. */
    public static final int DEFAULT_PRIORITY = 80;
    /** Default spin before each deadline. */
    public static final int DEFAULT_SPIN_MICROS = 20;

    /** The backends, in the order {@link #AUTO} tries them. */
    public enum Backend {
        /** The best the platform offers: RTSJ, then Linux SCHED_FIFO, then park-and-spin. */
        AUTO("auto"),
        /** A periodic {@code javax.realtime.RealtimeThread}, on a real-time VM. */
        RTSJ("rtsj"),
        /** SCHED_FIFO, optional CPU affinity and {@code mlockall}, absolute {@code clock_nanosleep}. */
        LINUX_FIFO("linux-fifo"),
        /** A normal thread: {@code LockSupport.parkNanos} to the deadline, then a spin. */
        PARK_SPIN("park-spin");

        private final String label;

        Backend(String label) {
            this.label = label;
        }

        /** The name used in the system property and in logs. */
        public String label() {
            return label;
        }

        /** The backend named {@code label}, as in {@code -Dstreamflex.clock.backend=linux-fifo}. */
        public static Backend of(String label) {
            for (Backend b : values()) {
                if (b.label.equalsIgnoreCase(label.strip()) || b.name().equalsIgnoreCase(label.strip())) {
                    return b;
                }
            }
            throw new IllegalArgumentException("unknown clock backend '" + label
                    + "': use auto, rtsj, linux-fifo or park-spin");
        }
    }

    public RealTime {
        if (backend == null) {
            throw new IllegalArgumentException("backend is null: use Backend.AUTO for the platform's best");
        }
        if (priority < 1 || priority > 99) {
            throw new IllegalArgumentException("priority " + priority + " is outside SCHED_FIFO's 1..99");
        }
        if (cpu < -1) {
            throw new IllegalArgumentException("cpu " + cpu + " is negative: use -1 for no pinning");
        }
        if (spinMicros < 0) {
            throw new IllegalArgumentException("spinMicros " + spinMicros + " is negative");
        }
    }

    /**
     * The defaults, overridden by the {@code streamflex.clock.*} system properties that are set
     * ({@link StreamFlexProperties}).
     *
     * @throws StreamFlexError if one of them is malformed, naming it and its value
     */
    public static RealTime defaults() {
        return new RealTime(StreamFlexProperties.CLOCK_BACKEND.get(), StreamFlexProperties.CLOCK_PRIORITY.get(),
                StreamFlexProperties.CLOCK_CPU.get(), StreamFlexProperties.CLOCK_LOCK_MEMORY.get(),
                StreamFlexProperties.CLOCK_SPIN_MICROS.get());
    }

    public RealTime withBackend(Backend backend) {
        return new RealTime(backend, priority, cpu, lockMemory, spinMicros);
    }

    public RealTime withPriority(int priority) {
        return new RealTime(backend, priority, cpu, lockMemory, spinMicros);
    }

    /** Pins the clock threads to {@code cpu}; -1 for no pinning. */
    public RealTime withCpu(int cpu) {
        return new RealTime(backend, priority, cpu, lockMemory, spinMicros);
    }

    public RealTime withLockMemory(boolean lockMemory) {
        return new RealTime(backend, priority, cpu, lockMemory, spinMicros);
    }

    public RealTime withSpinMicros(int spinMicros) {
        return new RealTime(backend, priority, cpu, lockMemory, spinMicros);
    }
}
