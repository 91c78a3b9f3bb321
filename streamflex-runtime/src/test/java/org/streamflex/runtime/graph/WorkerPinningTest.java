package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.TemporaryProperty;
import org.streamflex.runtime.clock.NativeLinuxScheduling;

/**
 * Where a graph's workers run: on the CPUs the thread that starts the graph may use (what
 * {@code taskset} or a container gave the process), and, when another process takes a worker's
 * CPU, on a spare CPU of that set.
 */
class WorkerPinningTest {
    /** Released back to back; notes the CPUs its thread may run on, by Linux's account, now and then. */
    // A test's probe, not filter code to copy: it reads /proc and keeps the text it read.
    @SuppressWarnings({"StreamFlex:D4", "StreamFlex:R2"})
    public static final class Where extends Filter {
        @SuppressWarnings("UnusedVariable") // released on, never read
        private TimeChannel timer;
        private IntChannel out;
        private int releases;
        volatile String cpus;

        @Override
        public void work() {
            if (releases++ % 512 == 0) {
                cpus = ThreadCpus.allowedList();
            }
            out.put(releases);
        }
    }

    private record Graph(TestGraph graph, Where where) {
    }

    private static Graph graph(int cores) {
        try (var _ = TemporaryProperty.set("streamflex.workers.cores", String.valueOf(cores))) {
            TestGraph g = new TestGraph();
            Where where = g.filter(Where.class);
            WorkersTest.Count count = g.filter(WorkersTest.Count.class);
            Clock clock = g.clock(0);
            g.link(clock, where).link(where, count, 64).check();
            return new Graph(g, where);
        }
    }

    /** The CPUs the calling thread may run on, by {@code /proc}, ascending. */
    private static List<Integer> cpusHere() {
        return ThreadCpus.allowed().stream().boxed().toList();
    }

    private static void assumeLinuxWithTwoCpus() {
        assumeTrue(NativeLinuxScheduling.unavailableReason() == null, "Linux scheduling calls");
        assumeTrue(cpusHere().size() >= 2, "two CPUs or more");
    }

    @Test
    void workersRunOnTheCpusOfTheThreadThatStartsTheGraphNotOnCpuI() throws Exception {
        assumeLinuxWithTwoCpus();
        int last = cpusHere().getLast(); // not CPU 0: pinned to CPU i, worker 0 would have left the set
        Graph g = graph(2);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        // A thread of its own, pinned as taskset pins a process: its set is what the workers inherit.
        Thread starter = Thread.ofPlatform().start(() -> {
            try {
                assertEquals(0, NativeLinuxScheduling.create().setAffinity(last));
                g.graph().start();
            } catch (Throwable e) {
                failed.set(e);
            }
        });
        starter.join();
        assertNull(failed.get());
        try {
            WorkersTest.await(() -> g.where().cpus != null, "the filter's first note");
        } finally {
            g.graph().stop();
        }
        String schedule = g.graph().schedule();
        assertEquals(String.valueOf(last), g.where().cpus, schedule);
        assertTrue(schedule.contains("pinned to CPUs [" + last + "], 1 unpinned (worker 1 has no CPU of its own: the"
                + " thread that started the graph may run on CPUs [" + last + "])"), schedule);
    }

    @Test
    void aWorkerWhoseCpuAnotherProcessTakesMovesToASpareCpu() throws Exception {
        assumeLinuxWithTwoCpus();
        List<Integer> cpus = cpusHere();
        Graph g = graph(1);
        g.graph().start();
        Process spin = null;
        try {
            int first = cpus.getFirst();
            WorkersTest.await(() -> String.valueOf(first).equals(g.where().cpus), "the worker on CPU " + first);
            assertTrue(g.graph().schedule().contains("pinned to CPUs [" + first + "]"), g.graph().schedule());
            spin = PinnedSpin.start(first);
            WorkersTest.await(() -> g.graph().schedule().contains("changed CPU"), "the worker's move off CPU " + first);
            String moved = g.graph().schedule();
            WorkersTest.await(() -> g.where().cpus != null && !String.valueOf(first).equals(g.where().cpus),
                    "the filter's note from the new CPU");
            int to = Integer.parseInt(g.where().cpus);
            assertTrue(cpus.contains(to), to + " in " + cpus);
            assertTrue(moved.contains("changed CPU 1 time, last worker 0 from CPU " + first + " to CPU " + to
                    + ", a spare one: it waited for CPU " + first), moved);
            assertTrue(moved.contains("pinned to CPUs [" + to + "]"), moved);
        } finally {
            g.graph().stop();
            if (spin != null) {
                spin.destroyForcibly().waitFor();
            }
        }
        assertNull(g.graph().failure());
    }

    /** Another process, busy on one CPU: what a worker shares its CPU with. */
    public static final class PinnedSpin {
        private PinnedSpin() {
        }

        static Process start(int cpu) throws IOException, InterruptedException {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-cp",
                    System.getProperty("java.class.path"), PinnedSpin.class.getName(), String.valueOf(cpu))
                    .redirectErrorStream(true).start();
            // Spinning once it says so: the worker's wait starts then.
            String line = new String(p.getInputStream().readNBytes("spinning".length()), StandardCharsets.US_ASCII);
            if (!line.equals("spinning")) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("the spinning process said " + line);
            }
            return p;
        }

        /** Pins itself to CPU {@code args[0]} and spins, at most two minutes (a guard if never stopped). */
        public static void main(String[] args) {
            int error = NativeLinuxScheduling.create().setAffinity(Integer.parseInt(args[0]));
            System.out.print(error == 0 ? "spinning" : "refused " + error);
            System.out.flush();
            long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            double x = 0;
            while (System.nanoTime() < end) {
                x += Math.sqrt(x + 1);
            }
            System.out.print(x > 0 ? "" : " ");
        }
    }
}
