package org.streamflex.bench.xstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.bench.xstream.Tuples.End;
import org.streamflex.bench.xstream.Tuples.Sample;
import org.streamflex.bench.xstream.Tuples.Tuple;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

@Timeout(60) // a guard against a hang: an engine that does not stop blocks its caller forever
class ConventionalEngineTest {
    static List<Thread> engineThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(ConventionalEngine.THREAD_PREFIX)).toList();
    }

    @Test
    void everyOperatorThreadHasEndedWhenARunReturns() throws InterruptedException {
        XStreamInput input = XStreamInput.load(XStreamWorkloads.DEFAULT_BATCH);
        for (Workload w : List.of(Workload.PASSCHAIN, Workload.STATFILTER, Workload.SILENCEFILTER)) {
            XStreamVersions.find(w, Version.CONVENTIONAL).run(input, 1);
            assertEquals(List.of(), engineThreads(), w.toString());
        }
    }

    @Test
    void operatorsEndByThemselvesAfterPassingTheEndMarker() throws InterruptedException {
        ConventionalEngine engine = new ConventionalEngine("end-marker");
        try (engine) {
            BlockingQueue<Tuple> first = engine.queue();
            BlockingQueue<Tuple> second = engine.queue();
            engine.start("source", () -> {
                for (int i = 0; i < 10_000; i++) {
                    first.put(new Sample(i, i));
                }
                first.put(End.END);
            });
            engine.start("pass", () -> {
                for (Tuple t = first.take(); ; t = first.take()) {
                    second.put(t);
                    if (t == End.END) {
                        return;
                    }
                }
            });
            int samples = 0;
            while (second.take() != End.END) {
                samples++;
            }
            assertEquals(10_000, samples);
            engine.finish(); // joins without interrupting anyone
            for (Thread t : engine.threads()) {
                assertFalse(t.isAlive(), t.getName());
            }
        }
    }

    @Test
    void anOperatorsFailureStopsTheOthersAndReachesTheCaller() {
        ConventionalEngine engine = new ConventionalEngine("failing");
        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> {
            try (engine) {
                BlockingQueue<Tuple> in = engine.queue();
                BlockingQueue<Tuple> out = engine.queue();
                engine.start("source", () -> {
                    for (long n = 0; ; n++) { // never ends by itself: only the interrupt stops it
                        in.put(new Sample(n, 0));
                    }
                });
                engine.start("broken", () -> {
                    for (int i = 0; ; i++) {
                        Tuple t = in.take();
                        if (i == 5_000) {
                            throw new ArithmeticException("broken operator");
                        }
                        out.put(t);
                    }
                });
                while (out.take() != End.END) {
                    // the sink waits for an end that never comes
                }
                engine.finish();
            } catch (InterruptedException e) {
                throw engine.stopped(e);
            }
        });
        assertSame(ArithmeticException.class, failure.getCause().getClass());
        assertFalse(Thread.currentThread().isInterrupted(), "the interrupt the failure sent is cleared");
        for (Thread t : engine.threads()) {
            assertFalse(t.isAlive(), t.getName());
        }
    }

    @Test
    void closeStopsOperatorsBlockedOnAFullQueue() {
        ConventionalEngine engine = new ConventionalEngine("blocked");
        try (engine) {
            BlockingQueue<Tuple> nobodyTakes = engine.queue();
            engine.start("source", () -> {
                for (long n = 0; ; n++) {
                    nobodyTakes.put(new Sample(n, 0));
                }
            });
            while (nobodyTakes.remainingCapacity() > 0) {
                Thread.onSpinWait();
            }
            assertTrue(engine.threads().getFirst().isAlive());
        }
        assertFalse(engine.threads().getFirst().isAlive());
    }
}
