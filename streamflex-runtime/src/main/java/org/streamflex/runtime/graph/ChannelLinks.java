package org.streamflex.runtime.graph;

import java.util.List;
import org.streamflex.Capsule;
import org.streamflex.DataChannel;
import org.streamflex.Filter;
import org.streamflex.Rate;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.capsule.CapsuleType;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.RingBacked;
import org.streamflex.runtime.channel.SpscRing;

/**
 * What {@code connect(source, field, target, field, capacity)} makes: it chooses the two fields
 * (the short forms pick {@code out}/{@code in}, else the only free field), checks that the
 * channel runs from an output to an input, tells what the channel carries (a built-in joiner's or
 * splitter's channels take the kind of what they connect to), and injects a new channel into both
 * ends. Every problem is recorded for {@code validate()} and the connect makes nothing.
 */
final class ChannelLinks {
    /** Largest channel capacity accepted. */
    private static final int MAX_CAPACITY = 1 << 24;

    private final GraphModel model;

    ChannelLinks(GraphModel model) {
        this.model = model;
    }

    /** What a channel carries: a kind, and for capsule channels the capsule type. */
    private record Carried(ChannelKind kind, Class<?> elementType) {
    }

    void connect(Filter source, String sourceField, Filter target, String targetField, int capacity) {
        FilterWiring src = model.wiringOf(source);
        FilterWiring dst = model.wiringOf(target);
        if (src == null || dst == null || builtinsMeet(src, dst)) {
            return;
        }
        boolean splitterOutput = src.isSplitter() && (sourceField == null || sourceField.equals("out"));
        ChannelField out = splitterOutput ? null : chooseField(src, sourceField, "out", "output");
        boolean joinerInput = dst.isJoiner() && (targetField == null || targetField.equals("in"));
        ChannelField in = joinerInput ? null : chooseField(dst, targetField, "in", "input");
        if ((out == null && !splitterOutput) || (in == null && !joinerInput)) {
            return;
        }
        if (out != null && in != null) {
            String misdirected = ConnectHints.misdirected(src, out, dst, in, capacity);
            if (misdirected != null) {
                model.problems.add(misdirected);
                return;
            }
        }
        String link = (splitterOutput ? src.name + ".out[" + src.splitterOutputs.size() + "]" : out.endName())
                + " -> " + (joinerInput ? dst.name + ".in[" + dst.joinerInputs.size() + "]" : in.endName());
        Carried carried = carried(src, out, splitterOutput, dst, in, joinerInput, link);
        if (carried == null || !fits(carried, link, capacity)) {
            return;
        }
        int outPort = splitterOutput ? src.splitterOutputs.size() : -1;
        int inPort = joinerInput ? dst.joinerInputs.size() : -1;
        String outEnd = splitterOutput ? "out[" + outPort + "]" : out.indexedName();
        String inEnd = joinerInput ? "in[" + inPort + "]" : in.indexedName();
        DataChannel channel = carried.kind().newChannel(capacity, link, carried.elementType());
        SpscRing ring = ((RingBacked) channel).ring();
        if (splitterOutput) {
            src.splitterOutputs.add(new FilterWiring.Port(carried.kind(), carried.elementType(), channel, link));
        } else {
            out.inject(source, channel);
        }
        if (joinerInput) {
            dst.joinerInputs.add(new FilterWiring.Port(carried.kind(), carried.elementType(), channel, out.describe()));
        } else {
            in.inject(target, channel);
        }
        if (ring instanceof CapsuleRing capsules) {
            capsules.bind(src.task, dst.task);
        }
        src.outputs.add(ring);
        dst.inputs.add(ring);
        model.links.add(new ChannelLink(src, outEnd, out == null ? null : out.field.getAnnotation(Rate.class), dst,
                inEnd, in == null ? null : in.field.getAnnotation(Rate.class), ring, outPort, inPort));
        src.downstream.add(dst);
    }

    /** Records the problem if two joiners or two splitters are connected directly. */
    private boolean builtinsMeet(FilterWiring src, FilterWiring dst) {
        if (src.isJoiner() && dst.isJoiner()) {
            model.problems.add("cannot connect a " + src.simpleClassName() + " directly to a "
                    + dst.simpleClassName() + ": put a filter between them, or connect all inputs to one Joiner");
            return true;
        }
        if (src.isSplitter() && dst.isSplitter()) {
            model.problems.add("cannot connect a " + src.simpleClassName() + " directly to a "
                    + dst.simpleClassName() + ": put a filter between them, or connect all outputs from one splitter");
            return true;
        }
        return false;
    }

    /**
     * What the channel will carry, from its typed ends; a built-in's untyped end takes the kind of
     * what it connects to (a splitter's that of its input, a joiner's that of its inputs, or else
     * that of the other end), which this records. Null after recording a problem.
     */
    private Carried carried(FilterWiring src, ChannelField out, boolean splitterOutput, FilterWiring dst,
            ChannelField in, boolean joinerInput, String link) {
        Carried produced;
        if (splitterOutput) {
            produced = src.splitterInputKind == null ? null
                    : new Carried(src.splitterInputKind, src.splitterInputElement);
        } else if (out.kind == ChannelKind.ANY) {
            FilterWiring.Port first = src.joinerInputs.isEmpty() ? null : src.joinerInputs.getFirst();
            produced = first == null ? null : new Carried(first.kind(),
                    first.elementType());
        } else {
            produced = new Carried(out.kind, out.elementType);
        }
        boolean consumerTyped = !joinerInput && in.kind != ChannelKind.ANY;
        Carried carried;
        if (consumerTyped && (produced == null || (out != null && out.kind == ChannelKind.ANY))) {
            carried = new Carried(in.kind, in.elementType);
        } else if (consumerTyped && out != null && out.generic && out.kind == in.kind
                && out.elementType.isAssignableFrom(in.elementType)) {
            // A generic operator's output (SharedChannel<S>) carries what its consumer declares: each put is checked.
            carried = new Carried(in.kind, in.elementType);
        } else if (produced != null) {
            carried = produced;
        } else {
            model.problems.add("cannot tell what " + link + " carries: connect the inputs of " + src.name
                    + " before its outputs");
            return null;
        }
        if (out != null && out.kind == ChannelKind.ANY) { // a Joiner's output takes the kind of its consumer
            src.joinerOutputKind = carried.kind();
            src.joinerOutputElement = carried.elementType();
            src.joinerOutputTarget = joinerInput ? dst.name : in.describe();
        }
        if (!joinerInput && in.kind == ChannelKind.ANY) { // a splitter's input takes the kind of its producer
            dst.splitterInputKind = carried.kind();
            dst.splitterInputElement = carried.elementType();
        }
        boolean producerTyped = out != null && out.kind != ChannelKind.ANY;
        if (producerTyped && consumerTyped && !matches(out, in)) {
            model.problems.add("element types do not match: " + out.describe() + " cannot feed " + in.describe()
                    + "; declare both fields with the same channel type"
                    + (carried.kind().typed() && in.kind == carried.kind()
                            ? " (a " + in.kind.displayName() + "<A> feeds a " + in.kind.displayName()
                                    + "<B> only if A is a B)" : ""));
            return null;
        }
        if (splitterOutput && consumerTyped && produced != null && (produced.kind() != in.kind
                || (produced.kind().typed()
                        && !in.elementType.isAssignableFrom(produced.elementType())))) {
            model.problems.add("element types do not match: " + link + " would carry what " + src.name
                    + " receives into " + in.describe()
                    + "; every channel of a splitter carries the same kind of item");
            return null;
        }
        if (carried.kind() == ChannelKind.TIME || (in != null && in.kind == ChannelKind.TIME)) {
            return null; // reported by chooseField
        }
        return carried;
    }

    /** Whether the capacity and the capsule type are acceptable; records the problem if not. */
    private boolean fits(Carried carried, String link, int capacity) {
        if (capacity <= 0 || capacity > MAX_CAPACITY) {
            model.problems.add("capacity of channel " + link + " must be between 1 and " + MAX_CAPACITY
                    + ", was " + capacity);
            return false;
        }
        if (carried.kind() == ChannelKind.CAPSULE) {
            try {
                CapsuleType.checkFields(carried.elementType().asSubclass(Capsule.class));
            } catch (StreamFlexError e) {
                model.problems.add(e.getMessage() + "; it is carried by " + link);
                return false;
            }
        }
        return true;
    }

    private static boolean matches(ChannelField out, ChannelField in) {
        if (out.kind != in.kind) {
            return false;
        }
        return !out.kind.typed() || in.elementType.isAssignableFrom(out.elementType)
                || (out.generic && out.elementType.isAssignableFrom(in.elementType));
    }

    /** The field a connect names, or the one its short form chooses; null after recording a problem. */
    private ChannelField chooseField(FilterWiring w, String name, String conventional, String role) {
        ChannelField field;
        if (name != null) {
            field = w.fields.get(name);
            if (field == null) {
                model.problems.add(ConnectHints.noSuchField(w, name));
                return null;
            }
        } else {
            List<ChannelField> free = w.free(false);
            ChannelField byName = w.fields.get(conventional);
            if (byName != null && !byName.claimed && byName.kind != ChannelKind.TIME) {
                field = byName;
            } else if (free.size() == 1) {
                field = free.getFirst();
            } else if (free.isEmpty()) {
                model.problems.add(w.name + " has no free channel field for an " + role
                        + ": declare one (for example private IntChannel " + conventional
                        + ";) or check the earlier connects");
                return null;
            } else {
                model.problems.add("cannot choose the " + role + " field of " + w.name + " among "
                        + free.stream().map(ChannelField::name).toList() + ": name it in connect, as in \""
                        + free.getFirst().name() + "\"");
                return null;
            }
        }
        if (field.kind == ChannelKind.TIME) {
            model.problems.add(field.describe() + " is a time channel: only clocks write time channels;"
                    + " use connect(clock, " + ConnectHints.variable(w) + ", \"" + field.name() + "\")");
            field.claimed = true;
            return null;
        }
        if (field.claimed && !field.array) {
            model.problems.add(field.describe() + " is already connected; each channel field takes one connect"
                    + "; a field that takes several is an array of channels, as in private "
                    + field.kind.displayName()
                    + (field.elementType == null ? "" : "<" + field.elementType.getSimpleName() + ">")
                    + "[] " + field.name() + ";");
            return null;
        }
        field.claimed = true;
        return field;
    }
}
