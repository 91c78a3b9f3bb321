package org.streamflex.runtime.graph;

import java.util.HashMap;
import java.util.Map;
import org.streamflex.StreamFlexError;

/**
 * The instance names of one graph's filters, which every message and error uses. A filter made
 * without a name gets its class's simple name if no filter of the graph has it yet, else the first
 * of {@code Name#2}, {@code Name#3}, ... that is free. A name given to {@code makeFilter} is kept as
 * given; one that an earlier filter already has is a problem {@code validate()} reports, naming
 * both filters.
 */
final class FilterNames {
    private final Map<String, FilterWiring> byName = new HashMap<>();

    /**
     * The name a new filter of {@code type} gets.
     *
     * @param requested the name given to {@code makeFilter}, or null for the default
     * @throws StreamFlexError if {@code requested} is blank
     */
    String choose(String requested, Class<?> type) {
        if (requested != null) {
            if (requested.isBlank()) {
                throw new StreamFlexError("makeFilter(\"" + requested + "\", " + type.getSimpleName()
                        + ".class): a filter name must not be blank; give one, or call makeFilter("
                        + type.getSimpleName() + ".class) for the default name");
            }
            return requested;
        }
        String base = simpleName(type);
        String name = base;
        for (int n = 2; byName.containsKey(name); n++) {
            name = base + "#" + n;
        }
        return name;
    }

    /**
     * Records the name of a filter just made.
     *
     * @return the problem if another filter has the name already, else null
     */
    String register(FilterWiring wiring) {
        FilterWiring first = byName.putIfAbsent(wiring.name, wiring);
        if (first == null) {
            return null;
        }
        return "two filters are named \"" + wiring.name + "\": filter " + first.number + " in creation order ("
                + first.simpleClassName() + ") and filter " + wiring.number + " (" + wiring.simpleClassName()
                + "); give each its own name in makeFilter(name, type)";
    }

    /** The simple name, or for a class without one (anonymous, hidden) its binary name's last part. */
    private static String simpleName(Class<?> type) {
        String simple = type.getSimpleName();
        return simple.isEmpty() ? type.getName().substring(type.getName().lastIndexOf('.') + 1) : simple;
    }
}
