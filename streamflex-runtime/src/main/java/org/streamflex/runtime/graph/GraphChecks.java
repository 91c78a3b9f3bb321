package org.streamflex.runtime.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.streamflex.Atomic;
import org.streamflex.Filter;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.RoundRobinSplitter;
import org.streamflex.StreamFlexProperties;
import org.streamflex.abi.Woven;
import org.streamflex.runtime.clock.RuntimeClock;

/** The whole-graph checks of {@code validate()}; each problem names what is wrong and the fix. */
final class GraphChecks {
    private GraphChecks() {
    }

    /**
     * Checks the whole graph.
     *
     * @param maxRegionBytes the limit of all filters' regions together
     * @return every problem found, after those the building calls recorded
     */
    static List<String> check(GraphModel model, long maxRegionBytes) {
        List<String> problems = new ArrayList<>(model.problems);
        if (model.clocks.isEmpty()) {
            problems.add("the graph has no clock: nothing would release its filters;"
                    + " add makeClock(period) and connect it to the first filter");
        }
        for (RuntimeClock clock : model.clocks) {
            if (clock.target() == null) {
                problems.add(clock + " is not connected to a filter: connect(clock, filter)");
            }
        }
        long regionBytes = 0;
        for (FilterWiring w : model.filters) {
            regionBytes += Math.max(0, w.stableBytes) + (long) Math.max(0, w.transientBytes);
            for (ChannelField field : w.fields.values()) {
                if (!field.claimed) {
                    problems.add(ConnectHints.unconnected(w, field));
                }
            }
            if (w.isJoiner()) {
                checkJoiner(w, problems);
            }
            if (w.isSplitter()) {
                checkSplitter(w, problems);
            }
            checkWeights(w, problems);
        }
        if (regionBytes > maxRegionBytes) {
            problems.add("the filters' regions need " + regionBytes + " bytes in total, more than the limit of "
                    + maxRegionBytes + " bytes: give smaller sizes to makeFilter or raise -D"
                    + StreamFlexProperties.REGIONS_MAX_BYTES.name());
        }
        // A filter cut off by a failed connect would also be reported as unreachable: that check
        // waits until the wiring is right.
        boolean wiringFailed = !model.problems.isEmpty();
        Map<FilterWiring, Integer> reached = clocksReaching(model);
        for (FilterWiring w : model.filters) {
            if (reached.getOrDefault(w, 0) == 0 && !model.clocks.isEmpty() && !wiringFailed) {
                problems.add(w.name + " can never run: no clock reaches it through its input channels;"
                        + " connect a clock to it or to a filter upstream of it");
            }
            if (w.task.atomicity() != null && !atomicWoven(w.filter.getClass())) {
                problems.add(w.name + " has @Atomic methods that the StreamFlex javac plugin did not weave, so calls"
                        + " to them would not be atomic. Either its class was compiled without the plugin: add"
                        + " -Xplugin:StreamFlex to javac's arguments; or annotation processing was off (-proc:none),"
                        + " which the plugin needs to weave: remove -proc:none and keep streamflex-checker on the"
                        + " annotation processor path (see streamflex-checker/README.md)");
            }
            if (reached.getOrDefault(w, 0) > 1 && w.task.atomicity() != null) {
                problems.add(w.name + " has @Atomic methods but " + reached.get(w) + " clocks reach it;"
                        + " the thread of its one clock applies the calls: let a single clock reach it");
            }
        }
        return problems;
    }

    private static void checkSplitter(FilterWiring splitter, List<String> problems) {
        if (splitter.splitterOutputs.isEmpty()) {
            problems.add(splitter.name + " has no outputs: connect at least one filter from it");
            return;
        }
        if (splitter.splitterInputKind == null) {
            return; // its unconnected input is reported with the other fields
        }
        for (FilterWiring.Port output : splitter.splitterOutputs) {
            boolean assignable = !output.kind().typed()
                    || output.elementType().isAssignableFrom(splitter.splitterInputElement);
            if (output.kind() != splitter.splitterInputKind || !assignable) {
                problems.add("element types do not match: " + output.source() + " carries "
                        + output.kind().displayName() + " but " + splitter.name + " receives "
                        + splitter.splitterInputKind.displayName()
                        + "; every channel of a splitter must carry the same kind of item");
            }
        }
    }

    private static void checkWeights(FilterWiring w, List<String> problems) {
        int count;
        int branches;
        if (w.filter instanceof RoundRobinSplitter split) {
            count = split.weightCount();
            branches = w.splitterOutputs.size();
        } else if (w.filter instanceof RoundRobinJoiner join) {
            count = join.weightCount();
            branches = w.joinerInputs.size();
        } else {
            return;
        }
        if (count != 1 && count != branches) {
            problems.add(w.name + " has " + count + " weights for " + branches + " branches: give one weight"
                    + " for all, or one per branch in connection order");
        }
    }

    private static void checkJoiner(FilterWiring joiner, List<String> problems) {
        if (joiner.joinerInputs.isEmpty()) {
            problems.add(joiner.name + " has no inputs: connect at least one filter to it");
            return;
        }
        if (joiner.joinerOutputKind == null) {
            return; // its unconnected output is reported with the other fields
        }
        for (FilterWiring.Port input : joiner.joinerInputs) {
            boolean sameKind = input.kind() == joiner.joinerOutputKind;
            boolean assignable = !input.kind().typed()
                    || joiner.joinerOutputElement.isAssignableFrom(input.elementType());
            if (!sameKind || !assignable) {
                problems.add("element types do not match: " + joiner.name + " input from " + input.source()
                        + " cannot feed its output to " + joiner.joinerOutputTarget
                        + "; every channel of a " + joiner.simpleClassName() + " must carry the same kind of item");
            }
        }
    }

    /** Whether every class up to {@code Filter} that declares {@code @Atomic} methods had them woven. */
    private static boolean atomicWoven(Class<?> type) {
        for (Class<?> c = type; c != null && c != Filter.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(Atomic.class)) {
                    Woven woven = c.getDeclaredAnnotation(Woven.class);
                    if (woven == null || !woven.atomic()) {
                        return false;
                    }
                    break;
                }
            }
        }
        return true;
    }

    /** For each filter, how many clocks reach it through the channels (clock targets included). */
    static Map<FilterWiring, Integer> clocksReaching(GraphModel model) {
        Map<FilterWiring, Integer> count = new HashMap<>();
        for (RuntimeClock clock : model.clocks) {
            for (FilterWiring w : reachedFrom(clock, model)) {
                count.merge(w, 1, Integer::sum);
            }
        }
        return count;
    }

    /** The filters {@code clock} reaches through the channels, its target included. */
    static Set<FilterWiring> reachedFrom(RuntimeClock clock, GraphModel model) {
        Set<FilterWiring> seen = new HashSet<>();
        if (clock.target() == null) {
            return seen;
        }
        ArrayDeque<FilterWiring> work = new ArrayDeque<>();
        FilterWiring root = model.targetOf(clock);
        work.add(root);
        seen.add(root);
        while (!work.isEmpty()) {
            for (FilterWiring next : work.poll().downstream) {
                if (seen.add(next)) {
                    work.add(next);
                }
            }
        }
        return seen;
    }
}
