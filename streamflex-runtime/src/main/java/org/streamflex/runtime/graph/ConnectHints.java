package org.streamflex.runtime.graph;

import java.util.ArrayList;
import java.util.List;

/**
 * The problems about which end of a channel a field is, each with the {@code connect} call that
 * fixes it. They rely on the roles the javac plugin records ({@link FieldRole}); where a role is
 * unknown, they show both calls and say which is which.
 */
final class ConnectHints {
    private ConnectHints() {
    }

    /** The problem for a channel field left unconnected. */
    static String unconnected(FilterWiring w, ChannelField field) {
        String filter = variable(w);
        String name = "\"" + field.name() + "\"";
        if (field.kind == ChannelKind.TIME) {
            return field.describe() + " is not connected: connect it, as in connect(clock, " + filter + ", " + name
                    + "), or remove the field";
        }
        String fix = switch (field.role) {
            case INPUT -> w.name + " takes from it, so connect a producer to it, as in connect(producer, \"out\", "
                    + filter + ", " + name + ", capacity)";
            case OUTPUT -> w.name + " puts to it, so connect it to a consumer, as in connect(" + filter + ", " + name
                    + ", consumer, \"in\", capacity)";
            case UNKNOWN -> "connect it, as in connect(producer, \"out\", " + filter + ", " + name
                    + ", capacity) if it is an input, or connect(" + filter + ", " + name
                    + ", consumer, \"in\", capacity) if it is an output";
        };
        boolean builtin = w.isJoiner() || w.isSplitter();
        return field.describe() + " is not connected: " + fix + (builtin ? "" : ", or remove the field");
    }

    /**
     * The problem with a connect whose source field is an input or whose target field is an
     * output, as far as the roles are known; null if the direction is right or cannot be told.
     */
    static String misdirected(FilterWiring src, ChannelField out, FilterWiring dst, ChannelField in, int capacity) {
        boolean sourceTakes = out.role == FieldRole.INPUT;
        boolean targetPuts = in.role == FieldRole.OUTPUT;
        if (!sourceTakes && !targetPuts) {
            return null;
        }
        List<String> facts = new ArrayList<>();
        if (out.role != FieldRole.UNKNOWN) {
            facts.add(role(src, out));
        }
        if (in.role != FieldRole.UNKNOWN) {
            facts.add(role(dst, in));
        }
        String call = call(src, out, dst, in, capacity);
        String rule = "a channel runs from a field its filter puts to, to a field its filter takes from";
        if ((sourceTakes && in.role == FieldRole.INPUT) || (targetPuts && out.role == FieldRole.OUTPUT)) {
            return call + " connects two " + (sourceTakes ? "inputs" : "outputs") + ": " + String.join(" and ", facts)
                    + "; " + rule;
        }
        return call + " is reversed: " + String.join(" and ", facts) + "; " + rule + ": "
                + call(dst, in, src, out, capacity);
    }

    /** The problem with a connect naming a field the filter does not have. */
    static String noSuchField(FilterWiring w, String name) {
        return "filter " + w.name + " has no channel field \"" + name + "\": its channel fields are "
                + w.channelFieldNames() + "; fix the name in connect";
    }

    private static String role(FilterWiring w, ChannelField field) {
        return field.describe() + (field.role == FieldRole.INPUT
                ? " is an input (" + w.name + " takes from it)"
                : " is an output (" + w.name + " puts to it)");
    }

    private static String call(FilterWiring src, ChannelField out, FilterWiring dst, ChannelField in, int capacity) {
        return "connect(" + variable(src) + ", \"" + out.name() + "\", " + variable(dst) + ", \"" + in.name() + "\", "
                + capacity + ")";
    }

    /**
     * How an example call names a filter: its instance name as a Java variable ({@code "IntSink#2"}
     * becomes {@code intSink2}), or its class's if the name cannot be one.
     */
    static String variable(FilterWiring w) {
        String name = w.name.replace("#", "");
        return lower(isIdentifier(name) ? name : w.simpleClassName());
    }

    private static boolean isIdentifier(String name) {
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
            return false;
        }
        return name.chars().allMatch(Character::isJavaIdentifierPart);
    }

    private static String lower(String name) {
        return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}
