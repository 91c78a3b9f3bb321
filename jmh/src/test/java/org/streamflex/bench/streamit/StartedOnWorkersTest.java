package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.GraphDriver;

/**
 * The StreamIt ports started, as {@code ScalingMain --program filterbank|beamformer} runs them: on
 * several worker threads, however the runtime places their work there, they print what the StreamIt
 * library printed and, bit for bit, what the same graph prints driven on one thread.
 */
class StartedOnWorkersTest {
    /** How long a test waits for the outputs: generous, for a machine under load. */
    private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(120);

    record Port(String trace, String what, Supplier<StreamFlexGraph> build) {
        @Override
        public String toString() {
            return what;
        }
    }

    static Stream<Arguments> programsAndWorkers() {
        Port filterBank = new Port("filterbank-new.out", "FilterBankNew", FilterBankGraph::new);
        Port beamFormer = new Port("serialized-beamformer.out", "SerializedBeamFormer", SerializedBeamFormer::new);
        // As ScalingMain runs them on several workers: channels of 32 batches.
        Port filterBankDeep = new Port("filterbank-new.out", "FilterBankNew, channels of 32 batches",
                () -> new FilterBankGraph(FilterBankGraph.BATCH, 32));
        Port beamFormerDeep = new Port("serialized-beamformer.out", "SerializedBeamFormer, channels of 32 batches",
                () -> new SerializedBeamFormer(SerializedBeamFormer.BATCH, 32));
        Stream<Arguments> asBuilt = Stream.of(filterBank, beamFormer)
                .flatMap(p -> Stream.of(2, 3).map(w -> Arguments.of(p, w)));
        return Stream.concat(asBuilt, Stream.of(filterBankDeep, beamFormerDeep).map(p -> Arguments.of(p, 2)));
    }

    private static FloatPrinter printer(StreamFlexGraph graph) {
        return graph instanceof FilterBankGraph f ? f.printer : ((SerializedBeamFormer) graph).printer;
    }

    private static int outputsPerRelease(StreamFlexGraph graph) {
        return graph instanceof FilterBankGraph f ? FilterBankGraph.OUTPUTS_PER_ITERATION * f.batch
                : SerializedBeamFormer.OUTPUTS_PER_ITERATION * ((SerializedBeamFormer) graph).batch;
    }

    @ParameterizedTest
    @MethodSource("programsAndWorkers")
    void aStartedProgramOnSeveralWorkersPrintsTheReferenceTraceAndTheDrivenGraphsBits(Port port, int workers)
            throws Exception {
        float[] expected = ReferenceTrace.load(port.trace());
        StreamFlexGraph started;
        try (var _ = TemporaryProperties.set("streamflex.workers", "true")
                .and("streamflex.workers.cores", String.valueOf(workers)).and("streamflex.fission", "true")
                .and("streamflex.fission.replicas", String.valueOf(workers))) {
            started = port.build().get();
        }
        FloatPrinter printer = printer(started);
        started.start();
        try {
            long deadline = System.nanoTime() + PATIENCE_NANOS;
            while (PrinterProgress.count(printer) < expected.length && started.failure() == null) {
                assertTrue(System.nanoTime() < deadline, "gave up waiting for " + expected.length + " outputs, "
                        + PrinterProgress.count(printer) + " so far");
                Thread.sleep(1);
            }
        } finally {
            started.stop();
        }
        assertTrue(started.awaitTermination(60, TimeUnit.SECONDS), "stopped"); // throws the graph's failure
        assertTrue(started.schedule().contains("workers: "), started.schedule());

        int bad = ReferenceTrace.firstMismatch(expected, printer);
        assertEquals(-1, bad, () -> "output " + bad + ": expected " + expected[bad] + ", got " + printer.value(bad)
                + "\n" + started.schedule());

        StreamFlexGraph driven = port.build().get();
        int perRelease = outputsPerRelease(driven);
        GraphDriver.of(driven).run((expected.length + perRelease - 1) / perRelease);
        FloatPrinter oneThread = printer(driven);
        for (int i = 0; i < expected.length; i++) {
            int at = i;
            assertEquals(Float.floatToIntBits(oneThread.value(i)), Float.floatToIntBits(printer.value(i)),
                    () -> "output " + at + ": driven " + oneThread.value(at) + ", started " + printer.value(at));
        }
    }
}
