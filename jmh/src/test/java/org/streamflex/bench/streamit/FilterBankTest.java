package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.streamflex.bench.streamit.StaticPartition.Port;
import org.streamflex.bench.streamit.SteadyState.Channel;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.schedule.StaticSubgraph;

class FilterBankTest {
    static final List<Integer> BATCHES = List.of(1, 2, 4, 8, 16, 32, 64);

    /** Every fusion setting with one iteration per release and with the default batch. */
    static Stream<Arguments> fusionAndBatch() {
        return Stream.of(FusionSetting.values()).flatMap(fusion -> Stream.of(1, FilterBankGraph.BATCH)
                .map(batch -> Arguments.of(fusion, batch)));
    }

    @ParameterizedTest
    @MethodSource("fusionAndBatch")
    void theFirst100000OutputsMatchTheStreamItLibrary(FusionSetting fusion, int batch) throws Exception {
        FilterBankGraph graph = fusion.build(() -> new FilterBankGraph(batch));
        ReferenceTrace.assertGraphMatches("filterbank-new.out", graph, graph.printer,
                FilterBankGraph.OUTPUTS_PER_ITERATION, batch);
    }

    @ParameterizedTest
    @FieldSource("BATCHES")
    void theOutputsAreTheStreamItLibrarysToTheBit(int batch) throws Exception {
        // The FIRs sum a block of outputs side by side, each in StreamIt's order: nothing is rounded
        // differently, which jmh/README.md claims and the 1e-5 comparison alone would not catch. A
        // batch only changes how many iterations a release carries, so every batch gives these bits.
        float[] expected = ReferenceTrace.load("filterbank-new.out");
        FilterBankGraph graph = new FilterBankGraph(batch);
        int perRelease = FilterBankGraph.OUTPUTS_PER_ITERATION * batch;
        GraphDriver.of(graph).run((expected.length + perRelease - 1) / perRelease);
        for (int i = 0; i < expected.length; i++) {
            int at = i;
            assertEquals(Float.floatToIntBits(expected[i]), Float.floatToIntBits(graph.printer.value(i)),
                    () -> "output " + at + ": expected " + expected[at] + ", got " + graph.printer.value(at));
        }
    }

    @ParameterizedTest
    @MethodSource("fusionAndBatch")
    void everyWorkTakesAndPutsExactlyItsDeclaredRates(FusionSetting fusion, int batch) throws Exception {
        // A work() that breaks a declaration stops the graph with a RateViolationError: run() throws.
        FilterBankGraph graph = fusion.buildCheckingRates(() -> new FilterBankGraph(batch));
        ReferenceTrace.assertGraphMatches("filterbank-new.out", graph, graph.printer,
                FilterBankGraph.OUTPUTS_PER_ITERATION, batch);
    }

    @ParameterizedTest
    @FieldSource("BATCHES")
    void theWholeProgramIsOneStaticSubgraphInStreamItsSteadyState(int batch) {
        FilterBankGraph graph = new FilterBankGraph(batch);
        System.out.print(graph.schedule());
        StaticSubgraph subgraph = StaticPartition.theOnlyStaticSubgraph(graph);
        assertEquals(1 + 1 + FilterBankGraph.CHANNELS * 4 + 3, subgraph.filters().size(), subgraph.toString());
        // FilterBankNew.str's rates, one bank of the duplicate splitjoin standing for all 8.
        Map<String, Long> streamIt = SteadyState.of(List.of(
                new Channel("source", 1, "split duplicate", 1),
                new Channel("split duplicate", 1, "Delay_N (H)", 1),
                new Channel("Delay_N (H)", 1, "FirFilter (H)", 1),
                new Channel("FirFilter (H)", 1, "DownSamp", 8),
                new Channel("DownSamp", 1, "UpSamp", 1),
                new Channel("UpSamp", 8, "Delay_N (F)", 1),
                new Channel("Delay_N (F)", 1, "FirFilter (F)", 1),
                new Channel("FirFilter (F)", 1, "join roundrobin", 1),
                new Channel("join roundrobin", FilterBankGraph.CHANNELS, "Combine", 8),
                new Channel("Combine", 1, "sink", 1)));
        StaticPartition.assertStreamItsSteadyState(subgraph, streamIt, Map.of(
                "source", new Port(FilterBankFilters.Source.PER_ITERATION * batch, "source"),
                "split", new Port(1, "split duplicate"),
                "H", new Port(FilterBankFilters.DelayedFir.PER_ITERATION * batch, "Delay_N (H)", "FirFilter (H)"),
                "down", new Port(1, "DownSamp"),
                "up", new Port(1, "UpSamp"),
                "F", new Port(FilterBankFilters.DelayedFir.PER_ITERATION * batch, "Delay_N (F)", "FirFilter (F)"),
                "join", new Port(1, "join roundrobin"),
                "combine", new Port(1, "Combine"),
                "printer", new Port(1, "sink")), batch);
    }
}
