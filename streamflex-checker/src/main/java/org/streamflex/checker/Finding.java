package org.streamflex.checker;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A possible violation, found while its class's trees were attributed, and decided once the whole
 * program is known: {@code applies} says whether it is an error (for instance, only if its class
 * is in the reachable class set), {@code message} words it.
 */
public record Finding(String rule, Tree tree, CompilationUnitTree unit, Predicate<Program> applies,
        Function<Program, String> message) {

    /** A finding that is an error whatever the rest of the program. */
    public static Finding always(String rule, Tree tree, CompilationUnitTree unit, String message) {
        return new Finding(rule, tree, unit, p -> true, p -> message);
    }
}
