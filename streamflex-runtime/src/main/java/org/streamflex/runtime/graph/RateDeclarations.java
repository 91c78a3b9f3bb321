package org.streamflex.runtime.graph;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.streamflex.DuplicateSplitter;
import org.streamflex.Filter;
import org.streamflex.Rate;
import org.streamflex.RoundRobinJoiner;
import org.streamflex.RoundRobinSplitter;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.schedule.Partitioner;
import org.streamflex.runtime.schedule.RateCheck;
import org.streamflex.runtime.schedule.RateEdge;
import org.streamflex.runtime.schedule.SchedulePlan;

/**
 * What {@code validate()} does with {@link Rate} declarations: finds the misplaced ones (on a
 * field that is not a data channel, negative, a peek below the rate or on an output), turns the
 * graph's channels into {@link RateEdge}s for the {@link Partitioner}, and, in the debug mode,
 * gives each filter with declared channels its {@link RateCheck}. The built-ins count one round
 * as one run, as StreamIt does: a {@code DuplicateSplitter} takes 1 and puts 1 on each output, a
 * {@code RoundRobinSplitter} takes the sum of its weights and puts {@code weight(i)} on output
 * {@code i}, a {@code RoundRobinJoiner} the reverse; a {@code Joiner} (whatever arrives) is dynamic.
 */
final class RateDeclarations {
    private RateDeclarations() {
    }

    /** Problems with the declarations themselves, one message each. */
    static List<String> check(GraphModel model) {
        List<String> problems = new ArrayList<>();
        for (FilterWiring w : model.filters) {
            for (Class<?> c = w.filter.getClass(); c != Filter.class && c != null; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    Rate rate = field.getAnnotation(Rate.class);
                    if (rate != null) {
                        checkField(w, field, rate, problems);
                    }
                }
            }
        }
        for (ChannelLink link : model.links) {
            if (link.pushRate() != null && link.pushRate().peek() != 0) {
                problems.add(link.producer().name + "." + link.output() + ": @Rate(peek = " + link.pushRate().peek()
                        + ") on an output; peek is how far an input looks ahead, remove it");
            }
            checkCapacity(link, problems);
        }
        return problems;
    }

    /**
     * A channel must hold one work()'s items at each declared end: a producer declaring 8 puts on
     * a channel of 4 would drop half of every work()'s, and a consumer peeking at 32 items of a
     * channel of 16 would never run.
     */
    private static void checkCapacity(ChannelLink link, List<String> problems) {
        int capacity = link.ring().capacity();
        String name = link.producer().name + "." + link.output() + " -> " + link.consumer().name + "."
                + link.input();
        Rate push = link.pushRate();
        if (push != null && push.value() > capacity) {
            problems.add(name + ": capacity " + capacity + " is less than the " + push.value()
                    + " items each work() of " + link.producer().name + " puts (@Rate(" + push.value()
                    + ")); connect it with a capacity of at least " + push.value());
        }
        Rate pop = link.popRate();
        int window = pop == null ? 0 : Math.max(pop.value(), pop.peek());
        if (window > capacity) {
            problems.add(name + ": capacity " + capacity + " is less than the " + window + " items each work() of "
                    + link.consumer().name + " needs (@Rate(value = " + pop.value() + ", peek = " + pop.peek()
                    + ")), so it could never run; connect it with a capacity of at least " + window);
        }
    }

    private static void checkField(FilterWiring w, Field field, Rate rate, List<String> problems) {
        String where = w.name + "." + field.getName();
        Class<?> type = field.getType().isArray() ? field.getType().getComponentType() : field.getType();
        ChannelKind kind = ChannelKind.of(type);
        if (kind == null || kind == ChannelKind.TIME) {
            problems.add(where + ": @Rate on a field of type " + field.getType().getSimpleName() + "; rates are for"
                    + " data channels (IntChannel, Channel<T>, SharedChannel<T>...)"
                    + (kind == ChannelKind.TIME ? ": a TimeChannel's ticks come from its clock, remove it" : ""));
            return;
        }
        if (rate.value() < 0 || rate.peek() < 0) {
            problems.add(where + ": @Rate(value = " + rate.value() + ", peek = " + rate.peek() + ") is negative;"
                    + " declare the items moved per work(), 0 or more");
        } else if (rate.peek() != 0 && rate.peek() < rate.value()) {
            problems.add(where + ": @Rate(value = " + rate.value() + ", peek = " + rate.peek() + ") peeks at fewer"
                    + " items than it takes; peek counts the items taken, so it is at least " + rate.value());
        }
    }

    /** The graph's channels as the partitioner sees them, in connection order. */
    static List<RateEdge> edges(GraphModel model) {
        List<RateEdge> edges = new ArrayList<>();
        for (ChannelLink link : model.links) {
            Rate push = link.pushRate();
            Rate pop = link.popRate();
            int pushCount = push != null ? push.value() : builtinPush(link.producer(), link.outPort());
            int popCount = pop != null ? pop.value() : builtinPop(link.consumer(), link.inPort());
            int peek = pop != null ? Math.max(pop.value(), pop.peek()) : popCount;
            edges.add(new RateEdge(link.producer().name, link.output(), pushCount, link.consumer().name, link.input(),
                    popCount, peek));
        }
        return edges;
    }

    /** Items a built-in puts on one output per round, or dynamic for any other filter. */
    private static int builtinPush(FilterWiring w, int port) {
        return switch (w.filter) {
            case DuplicateSplitter _ -> 1;
            case RoundRobinSplitter r when port >= 0 -> r.weight(port);
            case RoundRobinJoiner r -> sumOfWeights(r::weight, w.joinerInputs.size());
            default -> RateEdge.DYNAMIC;
        };
    }

    /** Items a built-in takes from one input per round, or dynamic for any other filter. */
    private static int builtinPop(FilterWiring w, int port) {
        return switch (w.filter) {
            case DuplicateSplitter _ -> 1;
            case RoundRobinSplitter r -> sumOfWeights(r::weight, w.splitterOutputs.size());
            case RoundRobinJoiner r when port >= 0 -> r.weight(port);
            default -> RateEdge.DYNAMIC;
        };
    }

    /** Items per round over all branches. */
    private static int sumOfWeights(IntUnaryOperator weight, int branches) {
        int sum = 0;
        for (int i = 0; i < branches; i++) {
            sum += weight.applyAsInt(i);
        }
        return sum;
    }

    /** The plan of the graph; rates that do not balance go to {@code problems}. */
    static SchedulePlan plan(GraphModel model, List<String> problems) {
        List<String> names = model.filters.stream().map(w -> w.name).toList();
        return Partitioner.plan(names, edges(model), problems);
    }

    /**
     * A filter whose every input declares its rate (and that has no clock input and no
     * {@code trigger()} of its own, which decides for itself) fires when each input holds its peek
     * window, not when any holds one item: a {@code work()} that takes two must not run on one.
     */
    static void installTriggers(GraphModel model) {
        Map<FilterWiring, List<ChannelLink>> inputs = linksByEnd(model, true);
        for (FilterWiring w : model.filters) {
            if (w.isJoiner() || w.isSplitter() || !w.timers.isEmpty() || w.inputs.isEmpty()
                    || GraphFreeze.overridesTrigger(w.filter.getClass())) {
                continue;
            }
            List<SpscRing> rings = new ArrayList<>();
            List<Integer> windows = new ArrayList<>();
            boolean allDeclared = true;
            for (ChannelLink link : inputs.getOrDefault(w, List.of())) {
                Rate rate = link.popRate();
                allDeclared &= rate != null;
                if (rate != null) {
                    rings.add(link.ring());
                    windows.add(Math.max(rate.value(), rate.peek()));
                }
            }
            if (allDeclared && windows.stream().anyMatch(n -> n > 0)) {
                w.task.fireWhenEachHolds(rings.toArray(SpscRing[]::new),
                        windows.stream().mapToInt(Integer::intValue).toArray());
            }
        }
    }

    /** Gives every filter with a declared channel its debug-mode check. */
    static void installChecks(GraphModel model) {
        Map<FilterWiring, List<ChannelLink>> inputs = linksByEnd(model, true);
        Map<FilterWiring, List<ChannelLink>> outputs = linksByEnd(model, false);
        for (FilterWiring w : model.filters) {
            List<SpscRing> ins = new ArrayList<>();
            List<Integer> pops = new ArrayList<>();
            List<String> inNames = new ArrayList<>();
            List<SpscRing> outs = new ArrayList<>();
            List<Integer> pushes = new ArrayList<>();
            List<String> outNames = new ArrayList<>();
            for (ChannelLink link : inputs.getOrDefault(w, List.of())) {
                if (link.popRate() != null) {
                    ins.add(link.ring());
                    pops.add(link.popRate().value());
                    inNames.add(w.name + "." + link.input());
                }
            }
            for (ChannelLink link : outputs.getOrDefault(w, List.of())) {
                if (link.pushRate() != null) {
                    outs.add(link.ring());
                    pushes.add(link.pushRate().value());
                    outNames.add(w.name + "." + link.output());
                }
            }
            if (!ins.isEmpty() || !outs.isEmpty()) {
                w.task.checkRates(new RateCheck(ins.toArray(SpscRing[]::new),
                        pops.stream().mapToInt(Integer::intValue).toArray(), inNames.toArray(String[]::new),
                        outs.toArray(SpscRing[]::new), pushes.stream().mapToInt(Integer::intValue).toArray(),
                        outNames.toArray(String[]::new)));
            }
        }
    }

    /** Each filter's links, as consumer ({@code inputs}) or producer, in connection order: one pass over them. */
    private static Map<FilterWiring, List<ChannelLink>> linksByEnd(GraphModel model, boolean inputs) {
        Map<FilterWiring, List<ChannelLink>> by = new HashMap<>();
        for (ChannelLink link : model.links) {
            by.computeIfAbsent(inputs ? link.consumer() : link.producer(), w -> new ArrayList<>()).add(link);
        }
        return by;
    }
}
