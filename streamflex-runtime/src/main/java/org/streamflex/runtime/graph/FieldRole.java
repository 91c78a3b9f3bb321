package org.streamflex.runtime.graph;

import java.util.List;
import org.streamflex.Filter;
import org.streamflex.abi.Woven;

/**
 * What a filter's code does with one of its channel fields, as the StreamFlex javac plugin recorded
 * it ({@link Woven#inputs()}, {@link Woven#outputs()}): takes from it, puts to it, or unknown (the
 * class was not woven, its code does not use the field, or it does both). Messages use it to say
 * which end of a channel a field is.
 */
enum FieldRole {
    INPUT, OUTPUT, UNKNOWN;

    /** The role of {@code field} in the code of {@code filterClass} and its superclasses up to {@code Filter}. */
    static FieldRole of(Class<?> filterClass, String field) {
        boolean takes = false;
        boolean puts = false;
        for (Class<?> c = filterClass; c != null && c != Filter.class; c = c.getSuperclass()) {
            Woven woven = c.getDeclaredAnnotation(Woven.class);
            if (woven != null) {
                takes |= List.of(woven.inputs()).contains(field);
                puts |= List.of(woven.outputs()).contains(field);
            }
        }
        return takes == puts ? UNKNOWN : takes ? INPUT : OUTPUT;
    }
}
