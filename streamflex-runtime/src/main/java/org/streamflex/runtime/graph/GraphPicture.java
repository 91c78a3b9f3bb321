package org.streamflex.runtime.graph;

import java.util.IdentityHashMap;
import java.util.List;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.counter.Counter;
import org.streamflex.runtime.counter.CounterNames;
import org.streamflex.runtime.counter.CounterOwner;
import org.streamflex.runtime.counter.CounterRegistry;

/**
 * A graph in Graphviz DOT, as {@code StreamFlexGraph.toDot()} returns it: clocks as ellipses with
 * their period, backend and counters; filters as boxes with their instance name, class and
 * counters (their {@code @Atomic} ones too); channels as edges from producer to consumer with
 * their name, capacity and counters; dashed edges from each clock to the filter it releases.
 * Every identifier and label is a quoted DOT string, escaped, since instance names hold {@code #}
 * and channel names {@code ->}; node identifiers are prefixed by kind, so a filter named like a
 * clock stays a node of its own. Counters are read as the picture is drawn.
 */
final class GraphPicture {
    private final StringBuilder dot = new StringBuilder();
    private final CounterRegistry counters;

    private GraphPicture(CounterRegistry counters) {
        this.counters = counters;
    }

    static String of(String graphName, GraphModel model, CounterRegistry counters) {
        return new GraphPicture(counters).draw(graphName, model);
    }

    private String draw(String graphName, GraphModel model) {
        dot.append("digraph ").append(quote(graphName)).append(" {\n");
        dot.append("  graph [rankdir=LR];\n  node [fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\"];\n");
        IdentityHashMap<SpscRing, FilterWiring> consumers = new IdentityHashMap<>();
        for (FilterWiring w : model.filters) {
            w.inputs.forEach(ring -> consumers.put(ring, w));
        }
        for (RuntimeClock clock : model.clocks) {
            String name = CounterNames.clock(clock.index());
            String period = clock.periodMicros() == 0 ? "free-running" : "period " + clock.periodMicros() + " us";
            node("clock:" + name, "ellipse", lines(name, period, clock.backend()), CounterOwner.CLOCK, name);
            dot.append("\"];\n");
        }
        for (FilterWiring w : model.filters) {
            node("filter:" + w.name, "box", lines(w.name, w.filter.getClass().getName()), CounterOwner.FILTER, w.name);
            appendCounters(CounterOwner.ATOMIC, w.name, "@Atomic ");
            dot.append("\"];\n");
        }
        for (RuntimeClock clock : model.clocks) {
            FilterWiring target = clock.target() == null ? null : model.targetOf(clock);
            if (target != null) {
                dot.append("  ").append(quote("clock:" + CounterNames.clock(clock.index()))).append(" -> ")
                        .append(quote("filter:" + target.name)).append(" [style=dashed, label=\"releases\"];\n");
            }
        }
        for (FilterWiring w : model.filters) {
            for (SpscRing ring : w.outputs) {
                FilterWiring consumer = consumers.get(ring);
                if (consumer == null) {
                    continue;
                }
                String owner = CounterNames.channel(ring.name());
                dot.append("  ").append(quote("filter:" + w.name)).append(" -> ")
                        .append(quote("filter:" + consumer.name)).append(" [label=\"").append(escape(ring.name()));
                appendCounters(CounterOwner.CHANNEL, owner, "");
                dot.append("\"];\n");
            }
        }
        return dot.append("}\n").toString();
    }

    /** Opens a node and its label, title then counters; the caller may add lines, then closes it. */
    private void node(String id, String shape, List<String> title, CounterOwner owner, String ownerName) {
        dot.append("  ").append(quote(id)).append(" [shape=").append(shape).append(", label=\"");
        for (int i = 0; i < title.size(); i++) {
            dot.append(i == 0 ? "" : "\\n").append(escape(title.get(i)));
        }
        appendCounters(owner, ownerName, "");
    }

    private void appendCounters(CounterOwner owner, String ownerName, String prefix) {
        for (Counter c : counters.of(owner, ownerName)) {
            dot.append("\\n").append(escape(prefix + c.key() + " " + c.value()));
        }
    }

    private static List<String> lines(String... lines) {
        return List.of(lines);
    }

    /** A DOT quoted string: the text between double quotes, with quotes and backslashes escaped. */
    static String quote(String text) {
        return "\"" + escape(text) + "\"";
    }

    /** The text as the inside of a DOT quoted string: {@code \} and {@code "} escaped, line breaks as {@code \n}. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> { }
                default -> out.append(ch);
            }
        }
        return out.toString();
    }
}
