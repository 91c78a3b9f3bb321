package org.streamflex.runtime.schedule;

import java.util.concurrent.locks.LockSupport;
import org.streamflex.BoundaryError;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.runtime.clock.LinuxScheduling;
import org.streamflex.runtime.clock.NativeLinuxScheduling;
import org.streamflex.runtime.counter.SingleWriterCounter;

/**
 * One worker thread of a graph ({@link Workers}): pins itself, waits for its units (or, as worker 0
 * while nothing is placed, runs and times them all), then runs its units in turn until the graph
 * stops. Idle, it spins, then parks for at most {@link #PARK_NANOS}; a neighbour that
 * made progress unparks it sooner. Between rounds it takes a new placement when there is one, and
 * watches whether its CPU is shared ({@link ContentionWatch}).
 */
final class Worker implements Runnable {
    /** Turns without progress spent spinning before parking, at least. */
    private static final int SPINS = 256;
    /**
     * How long, at least, a worker spins without progress before parking. A turn whose units all
     * wait for room costs tens of nanoseconds, so 256 of them parked a worker within microseconds
     * of its last batch; waking it again costs its neighbour an unpark and tens of microseconds
     * before it runs, more than a batch of FilterBankNew's takes a worker, and the two workers
     * then took turns rather than overlapping.
     */
    static final long SPIN_NANOS = 100_000;
    /** The longest a parked worker sleeps before it looks again by itself. */
    private static final long PARK_NANOS = 200_000;
    /**
     * How long a worker without units parks between looks at its probe: a new placement unparks it
     * at once; 200 µs would wake it 5,000 times a second beside the process that took its CPU.
     */
    private static final long UNITLESS_PARK_NANOS = 10_000_000;

    private final Workers workers;
    private final int index;
    private final boolean pin;
    /**
     * Whether its graph has more workers than the JVM has processors. Then a neighbour this worker
     * waits for may be waiting for this worker's CPU, and spinning past {@link #SPINS} turns keeps it
     * off. Such a worker parks after its turns (a neighbour's progress unparks it). Measured on two
     * CPUs, 200,000 items through links of 3 slots (WorkersTest): three workers took 6.3 s with the
     * 100 µs spins and 2.4-3.5 s without; beside two busy processes, 21.6 s and 7.9 s. A yield
     * instead of the spin was worse there: it gave the CPU to the busy processes for whole time
     * slices (the run did not finish in 60 s), where a parked thread, woken, preempts them.
     */
    private final boolean oversubscribed;
    private Thread thread;
    private long startNanos;
    /**
     * The placement whose units this worker runs, or is about to: written by this worker once it
     * has stopped running the units of the one before (release), read by the others before they
     * run units of it (acquire).
     */
    private volatile int[] on;
    private final ContentionWatch watch = new ContentionWatch();
    /** The CPU time of the JVM's other threads; made by this worker's thread, when it starts watching. */
    private ProcessCpuClock others;
    /** Set by this worker before it parks, cleared after: a neighbour unparks it only then. */
    private volatile boolean idle;
    /** Why pinning was refused, or null; written by this worker before it runs units. */
    private volatile String pinRefusal;
    /** The CPU it is pinned to, -1 if none; written by this worker (when it pins, and moves CPU), read by anyone. */
    private volatile int cpu = -1;
    /** Its calls to the kernel, when it pinned itself: it may pin itself again to a spare CPU. */
    private NativeLinuxScheduling linux;
    /** Rounds over its units in which one made progress; this worker writes, anyone reads. */
    private final SingleWriterCounter busyTurns = new SingleWriterCounter();
    /**
     * Rounds in which none did: spinning, or before a park. A quiet spell spins at most
     * {@link #SPINS} of them unless it spins on for {@link #SPIN_NANOS}; an oversubscribed worker
     * never does, so its idle turns are at most SPINS times its busy turns (plus one) plus its parks.
     */
    private final SingleWriterCounter idleTurns = new SingleWriterCounter();
    /** Times it parked for want of work. */
    private final SingleWriterCounter parks = new SingleWriterCounter();

    Worker(Workers workers, int index, boolean pin, boolean oversubscribed) {
        this.workers = workers;
        this.index = index;
        this.pin = pin;
        this.oversubscribed = oversubscribed;
    }

    /** Its thread, not started yet. */
    Thread prepare(String graphName, long start) {
        this.startNanos = start;
        thread = new Thread(this, "streamflex-" + graphName + "-worker-" + index);
        thread.setDaemon(true);
        return thread;
    }

    int index() {
        return index;
    }

    boolean pinned() {
        return cpu >= 0;
    }

    /** The CPU it is pinned to now, or -1. */
    int cpu() {
        return cpu;
    }

    String pinRefusal() {
        return pinRefusal;
    }

    /** Rounds over its units in which one made progress. */
    long busyTurns() {
        return busyTurns.get();
    }

    /** Rounds in which none did. */
    long idleTurns() {
        return idleTurns.get();
    }

    /** Times it parked for want of work. */
    long parks() {
        return parks.get();
    }

    void wake() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** The placement this worker has taken, or null before the first. */
    int[] on() {
        return on;
    }

    /** Its CPU's last window's share of waiting, in thousandths; -1 if unknown. */
    int cpuShareWaited() {
        return watch.permille();
    }

    void wakeIfIdle() {
        if (idle) {
            LockSupport.unpark(thread);
        }
    }

    @Override
    public void run() {
        try {
            pinToCpu();
            RegionSlot slot = Regions.current();
            if (index == 0 && workers.profiling()) {
                profile(slot);
            }
            try (RunDelay delay = workers.moves() ? RunDelay.ofThisThread() : null) {
                loop(slot, delay);
            }
        } catch (BoundaryError failure) {
            workers.failed(failure);
        } catch (Throwable unexpected) {
            // Not from a filter's code (those arrive as BoundaryError): still stop the graph and say where.
            workers.failed(new BoundaryError(Thread.currentThread().getName(), Worker.class.getName(),
                    "a worker's turn", unexpected));
        } finally {
            workers.exited();
        }
    }

    private void pinToCpu() {
        if (!pin) {
            return;
        }
        String unavailable = NativeLinuxScheduling.unavailableReason();
        if (unavailable != null) {
            pinRefusal = "no Linux scheduling calls: " + unavailable;
            return;
        }
        int target = workers.cpus().cpuOf(index);
        if (target < 0) {
            pinRefusal = workers.cpus().noCpuFor(index);
            return;
        }
        linux = NativeLinuxScheduling.create();
        int errno = linux.setAffinity(target);
        if (errno == 0) {
            cpu = target;
        } else {
            pinRefusal = "sched_setaffinity(CPU " + target + "): " + LinuxScheduling.describe(errno);
        }
    }

    /**
     * Worker 0 before placement: runs every unit, warming up, then timing each, then places them;
     * its own units after. The warm-up and the profile are counted in its CPU time, so that a worker
     * kept off its CPU by other processes still measures what it came to measure; if it gets so
     * little CPU that {@link Workers#PROFILE_LIMIT_NANOS} pass first, it places what it has.
     */
    private void profile(RegionSlot slot) {
        WorkerUnit[] all = workers.units();
        long giveUpAt = System.nanoTime() + Workers.PROFILE_LIMIT_NANOS;
        long cpu = ThreadCpuClock.now();
        TurnProfile profile = new TurnProfile(all.length, cpu + Workers.WARM_UP_NANOS, Workers.PROFILE_NANOS);
        while (workers.running()) {
            boolean cutShort = System.nanoTime() - giveUpAt >= 0;
            if (profile.done(cpu) || cutShort) {
                workers.place(profile.costs(), cutShort ? profile.untimed() : -1);
                return;
            }
            for (int u = 0; u < all.length; u++) {
                all[u].turn(slot, startNanos);
                long now = ThreadCpuClock.now();
                profile.add(now, u, now - cpu);
                cpu = now;
            }
        }
    }

    /**
     * Takes {@code placed}: says it runs no earlier placement's units any more, then waits until
     * every worker has said so (or a newer placement came, or the graph stopped).
     *
     * @return its units, or null if it should look at the placement again
     */
    @SuppressWarnings("ReferenceEquality") // a placement is never changed, only replaced: its identity is its version
    WorkerUnit[] take(int[] placed) {
        on = placed;
        while (!workers.allOn(placed)) {
            if (!workers.running() || workers.placement() != placed) {
                return null;
            }
            // The others are between turns or parked (each woken by the change): a short wait.
            LockSupport.parkNanos(this, PARK_NANOS / 8);
        }
        return workers.unitsOf(index, placed);
    }

    @SuppressWarnings("ReferenceEquality") // a placement is never changed, only replaced: its identity is its version
    private void loop(RegionSlot slot, RunDelay delay) {
        int[] taken = null;
        WorkerUnit[] mine = new WorkerUnit[0];
        boolean watching = delay != null && delay.available();
        int quiet = 0;
        long quietSince = 0;
        while (workers.running()) {
            int[] placed = workers.placement();
            if (placed != taken) {
                if (placed == null) {
                    LockSupport.parkNanos(this, PARK_NANOS);
                    continue;
                }
                WorkerUnit[] next = take(placed);
                if (next == null) {
                    continue;
                }
                taken = placed;
                mine = next;
                quiet = 0;
                if (watching) {
                    delay.read();
                    watch.restart(System.nanoTime(), delay.runNanos(), delay.waitNanos(), othersNanos());
                    if (mine.length == 0) {
                        watch.unknown();
                    }
                }
            }
            if (mine.length == 0) {
                // Its units moved away: nothing to turn. A new placement or a stop unparks it.
                if (watching) {
                    watchCpu(true, delay);
                }
                LockSupport.parkNanos(this, UNITLESS_PARK_NANOS);
                continue;
            }
            if (watching) {
                watchCpu(false, delay);
            }
            boolean progressed = false;
            for (WorkerUnit u : mine) {
                progressed |= u.turn(slot, startNanos);
            }
            if (progressed) {
                busyTurns.increment();
                quiet = 0;
                workers.progressed(index);
            } else if (++quiet <= SPINS || (!oversubscribed && spinning(quietSince))) {
                if (quiet == 1) {
                    quietSince = System.nanoTime();
                }
                idleTurns.increment();
                Thread.onSpinWait();
            } else {
                idle = true;
                // Looked once more after raising the flag: a neighbour that progressed before seeing
                // it did not unpark, so its items must be seen here.
                boolean more = false;
                for (WorkerUnit u : mine) {
                    more |= u.turn(slot, startNanos);
                }
                if (more) {
                    busyTurns.increment();
                    quiet = 0;
                    workers.progressed(index);
                } else {
                    idleTurns.increment();
                    parks.increment();
                    quiet = SPINS; // held here, so that a graph quiet for days does not wrap it into spinning
                    LockSupport.parkNanos(this, PARK_NANOS);
                }
                idle = false;
            }
        }
    }

    /**
     * With units: at the end of each window, whether this worker's CPU is shared, and if so hands
     * its units to a free neighbour. Without units (they were moved away): now and then spins for
     * {@link ContentionWatch#PROBE_NANOS} to see whether its CPU is free again, and if so brings
     * the chosen placement back.
     */
    private void watchCpu(boolean unitless, RunDelay delay) {
        long now = System.nanoTime();
        if (unitless) {
            if (workers.moved() == 0 || !watch.probeDue(now)) {
                return;
            }
            if (!delay.read()) {
                return;
            }
            long ran = delay.runNanos();
            long waited = delay.waitNanos();
            long othersBefore = othersNanos();
            long end = now + ContentionWatch.PROBE_NANOS;
            while (System.nanoTime() - end < 0 && workers.running()) {
                Thread.onSpinWait();
            }
            long othersAfter = othersNanos();
            long othersRan = othersBefore < 0 || othersAfter < 0 ? -1 : othersAfter - othersBefore;
            if (delay.read() && watch.probed(System.nanoTime(), delay.runNanos() - ran, delay.waitNanos() - waited,
                    othersRan)) {
                workers.restore("back as placed: worker " + index + "'s CPU is free again (it waited under "
                        + ContentionWatch.FREE_PERMILLE / 10 + "% of a " + ContentionWatch.PROBE_NANOS / 1_000_000
                        + " ms probe)");
            }
            return;
        }
        if (!watch.due(now) || !delay.read()
                || !watch.shared(now, delay.runNanos(), delay.waitNanos(), othersNanos())) {
            return;
        }
        if (toSpareCpu(now)) {
            return;
        }
        int to = workers.freeNeighbour(index);
        if (to >= 0 && workers.move(index, to, watch.describe(index, to))) {
            watch.movedAway(now);
        }
    }

    /**
     * With its CPU shared: pins itself, units and all, to a spare CPU of the process if there is one
     * (on a machine with more CPUs than workers), which costs its neighbours nothing, where handing
     * its units to one of them halves what they both run.
     *
     * @return whether it moved
     */
    private boolean toSpareCpu(long now) {
        int from = cpu;
        if (from < 0 || !workers.cpus().hasSpares(workers.count())) {
            return false;
        }
        int to = workers.cpus().claimSpare(index, from, now);
        if (to < 0) {
            return false;
        }
        int errno = linux.setAffinity(to);
        if (errno != 0) {
            workers.cpus().release(to);
            return false;
        }
        cpu = to;
        workers.cpus().release(from);
        workers.changedCpu(watch.describeCpu(index, from, to));
        return true;
    }

    /** The CPU time of the JVM's threads other than the workers, or -1 if unknown. */
    private long othersNanos() {
        if (others == null) {
            others = ProcessCpuClock.create();
        }
        return others.othersNanos(workers.threadArray());
    }

    /** Whether a worker quiet since {@code quietSince} (past its first {@link #SPINS} turns) still spins. */
    private static boolean spinning(long quietSince) {
        return System.nanoTime() - quietSince < SPIN_NANOS;
    }
}
