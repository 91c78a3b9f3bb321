package org.streamflex.checker;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A possible violation of {@code rule} at the leaf of {@code path}, found while its class's trees
 * were attributed, and decided once the whole program is known: {@code applies} says whether it
 * is an error (for instance, only if its class is in the reachable class set), {@code message}
 * words it. The path is kept because suppression looks at every declaration around the tree.
 *
 * <pre>{@code
 * out.add(new Finding(info(), getCurrentPath(), p -> p.inRcs(c.element()), p -> "code in ... writes ..."));
 * }</pre>
 */
public record Finding(RuleInfo rule, TreePath path, Predicate<Program> applies, Function<Program, String> message) {

    /** A finding that is an error whatever the rest of the program. */
    public static Finding always(RuleInfo rule, TreePath path, String message) {
        return new Finding(rule, path, p -> true, p -> message);
    }

    /** Where the error is reported. */
    public Tree tree() {
        return path.getLeaf();
    }

    public CompilationUnitTree unit() {
        return path.getCompilationUnit();
    }
}
