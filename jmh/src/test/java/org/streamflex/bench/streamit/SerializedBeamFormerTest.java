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
import org.streamflex.runtime.schedule.StaticSubgraph;

class SerializedBeamFormerTest {
    static final List<Integer> BATCHES = List.of(1, 2, 4, 8, 16, 32, 64);

    /** Every fusion setting with one iteration per release and with the default batch. */
    static Stream<Arguments> fusionAndBatch() {
        return Stream.of(FusionSetting.values()).flatMap(fusion -> Stream.of(1, SerializedBeamFormer.BATCH)
                .map(batch -> Arguments.of(fusion, batch)));
    }

    @ParameterizedTest
    @MethodSource("fusionAndBatch")
    void theFirst100000OutputsMatchTheStreamItLibrary(FusionSetting fusion, int batch) throws Exception {
        SerializedBeamFormer graph = fusion.build(() -> new SerializedBeamFormer(batch));
        ReferenceTrace.assertGraphMatches("serialized-beamformer.out", graph, graph.printer,
                SerializedBeamFormer.OUTPUTS_PER_ITERATION, batch);
    }

    @ParameterizedTest
    @MethodSource("fusionAndBatch")
    void everyWorkTakesAndPutsExactlyItsDeclaredRates(FusionSetting fusion, int batch) throws Exception {
        // A work() that breaks a declaration stops the graph with a RateViolationError: run() throws.
        SerializedBeamFormer graph = fusion.buildCheckingRates(() -> new SerializedBeamFormer(batch));
        ReferenceTrace.assertGraphMatches("serialized-beamformer.out", graph, graph.printer,
                SerializedBeamFormer.OUTPUTS_PER_ITERATION, batch);
    }

    @ParameterizedTest
    @FieldSource("BATCHES")
    void theWholeProgramIsOneStaticSubgraphInStreamItsSteadyState(int batch) {
        SerializedBeamFormer graph = new SerializedBeamFormer(batch);
        System.out.print(graph.schedule());
        StaticSubgraph subgraph = StaticPartition.theOnlyStaticSubgraph(graph);
        assertEquals(1 + 1 + SerializedBeamFormer.CHANNELS * 3 + 1 + 1 + SerializedBeamFormer.BEAMS * 3 + 1 + 1,
                subgraph.filters().size(), subgraph.toString());
        // SerializedBeamFormer.str's rates, one branch of each splitjoin standing for all. The
        // StreamIt sources take nothing (split roundrobin(0)); StreamFlex's clock reaches them
        // through Pulse and a duplicate splitter, one token per InputGenerate firing.
        int channels = SerializedBeamFormer.CHANNELS;
        Map<String, Long> streamIt = SteadyState.of(List.of(
                new Channel("InputGenerate", 2, "BeamFirFilter (coarse)", 2),
                new Channel("BeamFirFilter (coarse)", 2, "BeamFirFilter (fine)", 4),
                new Channel("BeamFirFilter (fine)", 2, "join roundrobin(2)", 2),
                new Channel("join roundrobin(2)", 2 * channels, "split duplicate", 1),
                new Channel("split duplicate", 1, "BeamForm", 2 * channels),
                new Channel("BeamForm", 2, "BeamFirFilter (matched)", 2),
                new Channel("BeamFirFilter (matched)", 2, "Magnitude", 2),
                new Channel("Magnitude", 1, "join roundrobin(1)", 1),
                new Channel("join roundrobin(1)", SerializedBeamFormer.BEAMS, "FloatPrinter", 1)));
        StaticPartition.assertStreamItsSteadyState(subgraph, streamIt, Map.ofEntries(
                Map.entry("pulse", new Port(BeamFormerFilters.Pulse.FIRINGS_PER_ITERATION * batch, "InputGenerate")),
                Map.entry("sources", new Port(1, "InputGenerate")),
                Map.entry("input", new Port(1, "InputGenerate")),
                Map.entry("coarse", new Port(1, "BeamFirFilter (coarse)")),
                Map.entry("fine", new Port(1, "BeamFirFilter (fine)")),
                Map.entry("channels", new Port(1, "join roundrobin(2)")),
                Map.entry("beams", new Port(1, "split duplicate")),
                Map.entry("form", new Port(1, "BeamForm")),
                Map.entry("matched", new Port(1, "BeamFirFilter (matched)")),
                Map.entry("magnitude", new Port(1, "Magnitude")),
                Map.entry("results", new Port(1, "join roundrobin(1)")),
                Map.entry("printer", new Port(1, "FloatPrinter"))), batch);
    }
}
