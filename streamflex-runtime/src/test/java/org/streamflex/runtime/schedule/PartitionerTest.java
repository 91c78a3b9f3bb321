package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Partitions and steady states of hand-worked graphs. */
class PartitionerTest {
    private static final int D = RateEdge.DYNAMIC;
    private final List<String> problems = new ArrayList<>();

    private static RateEdge edge(String from, int push, String to, int pop) {
        return new RateEdge(from, "out", push, to, "in", pop, pop);
    }

    @Test
    void aStaticPipelineRunsEachFilterAsOftenAsItsRatesBalance() {
        // A puts 3, B takes 2 and puts 1, C takes 1: 3 r(A) = 2 r(B), r(B) = r(C): A x2, B x3, C x3.
        SchedulePlan plan = Partitioner.plan(List.of("A", "B", "C"),
                List.of(edge("A", 3, "B", 2), edge("B", 1, "C", 1)), problems);
        assertEquals(List.of(), problems);
        assertEquals(1, plan.subgraphs().size());
        StaticSubgraph s = plan.subgraphs().get(0);
        assertEquals(List.of("A", "B", "C"), s.filters());
        assertArrayEquals(new long[] {2, 3, 3}, s.repetitions());
        assertEquals(6, s.itemsPerIteration(s.edges().get(0)));
        assertEquals(List.of(), plan.dynamicFilters());
        assertEquals("""
                schedule: 1 static subgraph, 0 dynamic filters, 0 dynamic channels
                static subgraph 1: A x2, B x3, C x3
                  A.out -> B.in (3:2), 6 items per iteration
                  B.out -> C.in (1:1), 3 items per iteration
                """, plan.describe());
    }

    @Test
    void filtersComeUpstreamFirstWhateverTheirCreationOrder() {
        SchedulePlan plan = Partitioner.plan(List.of("Sink", "Mid", "Source"),
                List.of(edge("Source", 1, "Mid", 4), edge("Mid", 2, "Sink", 1)), problems);
        StaticSubgraph s = plan.subgraphs().get(0);
        assertEquals(List.of("Source", "Mid", "Sink"), s.filters());
        assertArrayEquals(new long[] {4, 1, 2}, s.repetitions());
    }

    @Test
    void aSplitJoinWithBalancedBranchesIsOneSubgraph() {
        // S duplicates to B (x2 up-sampler) and C; J takes 2 from B's branch and 1 from C's per run.
        List<RateEdge> edges = List.of(new RateEdge("S", "out0", 1, "B", "in", 1, 1),
                new RateEdge("S", "out1", 1, "C", "in", 1, 1), new RateEdge("B", "out", 2, "J", "in0", 2, 2),
                new RateEdge("C", "out", 1, "J", "in1", 1, 1));
        SchedulePlan plan = Partitioner.plan(List.of("S", "B", "C", "J"), edges, problems);
        assertEquals(List.of(), problems);
        assertArrayEquals(new long[] {1, 1, 1, 1}, plan.subgraphs().get(0).repetitions());
    }

    @Test
    void branchesThatCannotBalanceAreAProblemNamingTheChannel() {
        // As above, but J takes 1 from B's branch: B's x2 output would pile up without end.
        List<RateEdge> edges = List.of(new RateEdge("S", "out0", 1, "B", "in", 1, 1),
                new RateEdge("S", "out1", 1, "C", "in", 1, 1), new RateEdge("B", "out", 2, "J", "in0", 1, 1),
                new RateEdge("C", "out", 1, "J", "in1", 1, 1));
        SchedulePlan plan = Partitioner.plan(List.of("S", "B", "C", "J"), edges, problems);
        assertEquals(List.of("rates do not balance on C.out -> J.in1 (1:1): it needs J to run 1 times per run of S"
                + " (C running 1 times), but other channels of the same part need 2; a static part must come back to"
                + " the same channel contents after each iteration"), problems);
        assertEquals(List.of(), plan.subgraphs());
    }

    @Test
    void aDynamicChannelCutsAPipelineIntoTwoSubgraphs() {
        List<RateEdge> edges = List.of(edge("A", 1, "B", 1), new RateEdge("B", "out", 1, "C", "in", D, D),
                edge("C", 2, "D", 1));
        SchedulePlan plan = Partitioner.plan(List.of("A", "B", "C", "D"), edges, problems);
        assertEquals(2, plan.subgraphs().size());
        assertEquals(List.of("A", "B"), plan.subgraphs().get(0).filters());
        assertEquals(List.of("C", "D"), plan.subgraphs().get(1).filters());
        assertArrayEquals(new long[] {1, 2}, plan.subgraphs().get(1).repetitions());
        assertEquals(List.of(edges.get(1)), plan.cuts());
        assertTrue(plan.describe().contains("dynamic channel: B.out -> C.in (1:dynamic)"), plan.describe());
        assertEquals(plan.subgraphs().get(1), plan.subgraphOf("D"));
    }

    @Test
    void aDynamicChannelThatDoesNotBisectTheGraphLeavesItsPartDynamic() {
        // S -> B -> J is static, S -> C -> J has a dynamic hop: the cut does not separate S from J.
        List<RateEdge> edges = List.of(new RateEdge("S", "out0", 1, "B", "in", 1, 1),
                new RateEdge("S", "out1", 1, "C", "in", 1, 1), new RateEdge("B", "out", 1, "J", "in0", 1, 1),
                new RateEdge("C", "out", D, "J", "in1", 1, 1));
        SchedulePlan plan = Partitioner.plan(List.of("S", "B", "C", "J"), edges, problems);
        assertEquals(List.of(), problems);
        assertEquals(List.of(), plan.subgraphs());
        assertEquals(List.of("S", "B", "C", "J"), plan.dynamicFilters());
        assertEquals(List.of("S, B, C, J stay dynamic: the dynamic channel C.out -> J.in1 does not cut them apart,"
                + " static channels join its two ends too (a cut must bisect the graph); declare its rates, or make a"
                + " channel on the other path dynamic"), plan.notes());
        assertNull(plan.subgraphOf("S"));
    }

    @Test
    void aFilterWithOnlyDynamicChannelsIsDynamic() {
        SchedulePlan plan = Partitioner.plan(List.of("A", "B"), List.of(new RateEdge("A", "out", D, "B", "in", D, D)),
                problems);
        assertEquals(List.of(), plan.subgraphs());
        assertEquals(List.of("A", "B"), plan.dynamicFilters());
        assertEquals("""
                schedule: 0 static subgraphs, 2 dynamic filters, 1 dynamic channel
                dynamic filters: A, B
                dynamic channel: A.out -> B.in (dynamic:dynamic)
                """, plan.describe());
    }

    @Test
    void aFeedbackLoopIsScheduledAndMarkedCyclic() {
        List<RateEdge> edges = List.of(edge("A", 1, "B", 1), edge("B", 1, "A", 1));
        SchedulePlan plan = Partitioner.plan(List.of("A", "B"), edges, problems);
        StaticSubgraph s = plan.subgraphs().get(0);
        assertTrue(s.cyclic());
        assertArrayEquals(new long[] {1, 1}, s.repetitions());
        assertTrue(plan.describe().contains("static subgraph 1 (cyclic): A x1, B x1\n"), plan.describe());
    }

    @Test
    void aPeekingConsumerNeedsItsLookaheadBufferedFirst() {
        SchedulePlan plan = Partitioner.plan(List.of("A", "Fir"), List.of(new RateEdge("A", "out", 1, "Fir", "in",
                1, 32)), problems);
        assertEquals(31, plan.subgraphs().get(0).edges().get(0).lookahead());
        assertTrue(plan.describe().contains("A.out -> Fir.in (1:1, peek 32), 1 items per iteration, 31 more"
                + " buffered first"), plan.describe());
    }

    @Test
    void aChannelThatPutsNothingForAConsumerThatTakesIsAProblem() {
        Partitioner.plan(List.of("A", "B"), List.of(edge("A", 0, "B", 2)), problems);
        assertEquals(List.of("rates do not balance on A.out -> B.in: A puts 0 and B takes 2 per work(), so no"
                + " number of runs of each empties and refills the channel; declare both rates 0, or both above 0"),
                problems);
    }
}
