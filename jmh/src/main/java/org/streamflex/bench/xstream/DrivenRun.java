package org.streamflex.bench.xstream;

import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.GraphDriver;

/**
 * A StreamFlex version's timed part: the graph, built and validated, driven for as many releases as
 * its source needs to put the whole stream, then checked for dropped items (a version that drops
 * is wrong, not fast) and asked for its checksum.
 *
 * <pre>{@code
 * Version.Prepared ready = DrivenRun.of(graph, releases, graph::checksum);
 * Checksum c = ready.run();
 * }</pre>
 */
final class DrivenRun {
    private DrivenRun() {
    }

    static Version.Prepared of(StreamFlexGraph graph, long releases, Supplier<Checksum> checksum) {
        GraphDriver driver = GraphDriver.of(graph);
        return () -> {
            driver.run(releases);
            checkNoDrops(graph);
            return checksum.get();
        };
    }

    private static void checkNoDrops(StreamFlexGraph graph) {
        Map<String, Long> drops = graph.counters().snapshot().entrySet().stream()
                .filter(e -> e.getKey().startsWith("channel.") && e.getKey().endsWith(".dropped") && e.getValue() > 0)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        if (!drops.isEmpty()) {
            throw new IllegalStateException(graph.getClass().getSimpleName() + " dropped items: " + drops);
        }
    }
}
