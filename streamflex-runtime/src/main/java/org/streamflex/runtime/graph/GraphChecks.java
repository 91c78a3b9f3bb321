package org.streamflex.runtime.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.streamflex.Filter;
import org.streamflex.runtime.clock.RuntimeClock;

/** The whole-graph checks of {@code validate()}; each problem names what is wrong and the fix. */
final class GraphChecks {
    private GraphChecks() {
    }

    /**
     * @param wiringFailed whether a connect already failed; a filter cut off by a failed connect
     *     would also be reported as unreachable, so that check waits until the wiring is right
     */
    static List<String> check(List<FilterWiring> filters, List<RuntimeClock> clocks, long maxRegionBytes,
            boolean wiringFailed) {
        List<String> problems = new ArrayList<>();
        if (clocks.isEmpty()) {
            problems.add("the graph has no clock: nothing would release its filters;"
                    + " add makeClock(period) and connect it to the first filter");
        }
        for (RuntimeClock clock : clocks) {
            if (clock.target() == null) {
                problems.add(clock + " is not connected to a filter: connect(clock, filter)");
            }
        }
        long regionBytes = 0;
        for (FilterWiring w : filters) {
            regionBytes += Math.max(0, w.stableBytes) + (long) Math.max(0, w.transientBytes);
            for (ChannelField field : w.fields.values()) {
                if (!field.claimed) {
                    problems.add(field.describe() + " is not connected: connect it, as in "
                            + (field.kind == ChannelKind.TIME
                                    ? "connect(clock, " + lower(w.simpleName()) + ", \"" + field.name() + "\")"
                                    : "connect(" + lower(w.simpleName()) + ", \"" + field.name() + "\", other, \"in\", capacity)")
                            + ", or remove the field");
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
                    + maxRegionBytes + " bytes: give smaller sizes to makeFilter or raise -Dstreamflex.regions.maxBytes");
        }
        Map<FilterWiring, Integer> reached = clocksReaching(filters, clocks, null);
        for (FilterWiring w : filters) {
            if (reached.getOrDefault(w, 0) == 0 && !clocks.isEmpty() && !wiringFailed) {
                problems.add(w.simpleName() + " can never run: no clock reaches it through its input channels;"
                        + " connect a clock to it or to a filter upstream of it");
            }
            if (w.task.atomicity() != null && !atomicWoven(w.filter.getClass())) {
                problems.add(w.simpleName() + " has @Atomic methods but was not compiled with the StreamFlex javac"
                        + " plugin, so calls to them would not be atomic: compile it with -Xplugin:StreamFlex"
                        + " (see streamflex-checker/README.md)");
            }
            if (reached.getOrDefault(w, 0) > 1 && w.task.atomicity() != null) {
                problems.add(w.simpleName() + " has @Atomic methods but " + reached.get(w) + " clocks reach it;"
                        + " the thread of its one clock applies the calls: let a single clock reach it");
            }
        }
        return problems;
    }

    private static void checkSplitter(FilterWiring splitter, List<String> problems) {
        if (splitter.splitterOutputs.isEmpty()) {
            problems.add(splitter.simpleName() + " has no outputs: connect at least one filter from it");
            return;
        }
        if (splitter.splitterInputKind == null) {
            return; // its unconnected input is reported with the other fields
        }
        for (FilterWiring.JoinerInput output : splitter.splitterOutputs) {
            boolean assignable = output.kind() != ChannelKind.CAPSULE
                    || output.elementType().isAssignableFrom(splitter.splitterInputElement);
            if (output.kind() != splitter.splitterInputKind || !assignable) {
                problems.add("element types do not match: " + output.source() + " carries " + output.kind().displayName()
                        + " but " + splitter.simpleName() + " receives " + splitter.splitterInputKind.displayName()
                        + "; every channel of a splitter must carry the same kind of item");
            }
        }
    }

    private static void checkWeights(FilterWiring w, List<String> problems) {
        int count;
        int branches;
        if (w.filter instanceof org.streamflex.RoundRobinSplitter split) {
            count = split.weightCount();
            branches = w.splitterOutputs.size();
        } else if (w.filter instanceof org.streamflex.RoundRobinJoiner join) {
            count = join.weightCount();
            branches = w.joinerInputs.size();
        } else {
            return;
        }
        if (count != 1 && count != branches) {
            problems.add(w.simpleName() + " has " + count + " weights for " + branches + " branches: give one weight"
                    + " for all, or one per branch in connection order");
        }
    }

    private static void checkJoiner(FilterWiring joiner, List<String> problems) {
        if (joiner.joinerInputs.isEmpty()) {
            problems.add("Joiner has no inputs: connect at least one filter to it");
            return;
        }
        if (joiner.joinerOutputKind == null) {
            return; // its unconnected output is reported with the other fields
        }
        for (FilterWiring.JoinerInput input : joiner.joinerInputs) {
            boolean sameKind = input.kind() == joiner.joinerOutputKind;
            boolean assignable = input.kind() != ChannelKind.CAPSULE
                    || joiner.joinerOutputElement.isAssignableFrom(input.elementType());
            if (!sameKind || !assignable) {
                problems.add("element types do not match: Joiner input from " + input.source()
                        + " cannot feed its output to " + joiner.joinerOutputTarget
                        + "; every channel of a Joiner must carry the same kind of item");
            }
        }
    }

    /** For each filter, how many clocks reach it through the channels (clock targets included). */
    static Map<FilterWiring, Integer> clocksReaching(List<FilterWiring> filters, List<RuntimeClock> clocks,
            Map<Filter, FilterWiring> byFilter) {
        Map<Filter, FilterWiring> index = byFilter;
        if (index == null) {
            index = new java.util.IdentityHashMap<>();
            for (FilterWiring w : filters) {
                index.put(w.filter, w);
            }
        }
        Map<FilterWiring, Integer> count = new HashMap<>();
        for (RuntimeClock clock : clocks) {
            for (FilterWiring w : reachedFrom(clock, index)) {
                count.merge(w, 1, Integer::sum);
            }
        }
        return count;
    }

    private static boolean atomicWoven(Class<?> type) {
        for (Class<?> c = type; c != null && c != Filter.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(org.streamflex.Atomic.class)) {
                    org.streamflex.abi.Woven woven = c.getAnnotation(org.streamflex.abi.Woven.class);
                    if (woven == null || !woven.atomic()) {
                        return false;
                    }
                    break;
                }
            }
        }
        return true;
    }

    /** The filters {@code clock} reaches through the channels, its target included. */
    static Set<FilterWiring> reachedFrom(RuntimeClock clock, Map<Filter, FilterWiring> index) {
        Set<FilterWiring> seen = new HashSet<>();
        if (clock.target() == null) {
            return seen;
        }
        ArrayDeque<FilterWiring> work = new ArrayDeque<>();
        FilterWiring root = index.get(clock.target().filter());
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

    private static String lower(String name) {
        return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}
