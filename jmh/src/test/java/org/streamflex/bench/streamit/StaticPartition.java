package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.graph.RuntimeGraph;
import org.streamflex.runtime.schedule.SchedulePlan;
import org.streamflex.runtime.schedule.StaticSubgraph;

/**
 * What a test of a ported program expects of the scheduler's partition: one static subgraph with
 * every filter in it, each running as often per iteration as the StreamIt filters it ports.
 */
final class StaticPartition {
    private StaticPartition() {
    }

    /**
     * What a StreamFlex filter stands for in the StreamIt program.
     *
     * @param firingsPerWork StreamIt firings that one of its work() calls performs
     * @param streamIt the StreamIt nodes it ports (as named in the {@link SteadyState} channels),
     *     each firing that many times per work()
     */
    record Port(int firingsPerWork, List<String> streamIt) {
        Port(int firingsPerWork, String... streamIt) {
            this(firingsPerWork, List.of(streamIt));
        }
    }

    /** The graph's plan: one static subgraph, no dynamic filter, channel or note. */
    static StaticSubgraph theOnlyStaticSubgraph(StreamFlexGraph graph) {
        SchedulePlan plan = ((RuntimeGraph) ApiAccess.assemblyOf(graph)).schedulePlan();
        String schedule = graph.schedule();
        assertEquals(1, plan.subgraphs().size(), schedule);
        assertEquals(List.of(), plan.dynamicFilters(), schedule);
        assertEquals(List.of(), plan.cuts(), schedule);
        assertEquals(List.of(), plan.notes(), schedule);
        return plan.subgraphs().get(0);
    }

    /**
     * Checks that every filter of {@code subgraph} runs, per release, {@code batch} times the
     * StreamIt steady-state firings of what it ports, divided by the firings one work() performs.
     *
     * @param streamIt StreamIt's firings per steady-state iteration ({@link SteadyState#of})
     * @param ports what each filter ports, by its name without the branch index ({@code "H"} for
     *     {@code "H[3]"})
     * @param batch steady-state iterations per release
     */
    static void assertStreamItsSteadyState(StaticSubgraph subgraph, Map<String, Long> streamIt,
            Map<String, Port> ports, int batch) {
        Map<String, Integer> seen = new TreeMap<>();
        for (String filter : subgraph.filters()) {
            String role = filter.replaceFirst("\\[\\d+]$", "");
            Port port = ports.get(role);
            assertTrue(port != null, filter + " ports nothing of the StreamIt program: " + ports.keySet());
            for (String node : port.streamIt()) {
                assertTrue(streamIt.containsKey(node), node + " is not in " + streamIt.keySet());
                assertEquals(streamIt.get(node) * batch, subgraph.repetitionsOf(filter) * port.firingsPerWork(),
                        filter + " x" + subgraph.repetitionsOf(filter) + ", " + port.firingsPerWork()
                                + " firings each, against StreamIt's " + node + " x" + streamIt.get(node) + " times "
                                + batch + " iterations per release");
            }
            seen.merge(role, 1, Integer::sum);
        }
        assertEquals(ports.keySet(), seen.keySet(), "every port is in the subgraph");
    }
}
