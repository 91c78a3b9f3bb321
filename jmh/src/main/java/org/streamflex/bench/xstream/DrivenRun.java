package org.streamflex.bench.xstream;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.GraphDriver;

/**
 * A StreamFlex version's timed part: the graph, built and validated, driven for as many releases as
 * its source needs to put the whole stream, then checked for dropped items and for ranges or samples
 * a sync gave up (a version that loses data is wrong, not fast) and asked for its checksum.
 *
 * <pre>{@code
 * Version.Prepared ready = DrivenRun.of(graph, releases, graph::checksum);
 * Checksum c = ready.run();
 * }</pre>
 */
final class DrivenRun {
    /** The events of the library's {@code Sync} that say a range or data was given up. */
    private static final List<String> LOSSES = List.of(".event.range-late", ".event.range-missing-data",
            ".event.range-invalid", ".event.data-late", ".event.data-overflow");

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
                .filter(e -> e.getValue() > 0 && lost(e.getKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        if (!drops.isEmpty()) {
            throw new IllegalStateException(graph.getClass().getSimpleName() + " dropped items: " + drops);
        }
    }

    /** Whether a counter counts data lost: a channel's drops, or a sync's ranges or samples given up. */
    private static boolean lost(String counter) {
        if (counter.startsWith("channel.")) {
            return counter.endsWith(".dropped");
        }
        return counter.startsWith("filter.") && LOSSES.stream().anyMatch(counter::endsWith);
    }
}
