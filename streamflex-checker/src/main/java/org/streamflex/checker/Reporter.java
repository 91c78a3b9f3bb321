package org.streamflex.checker;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.Trees;
import javax.tools.Diagnostic;

/** Reports rule violations as javac errors at the offending tree. */
public final class Reporter {
    private final Trees trees;
    private int errors;

    Reporter(Trees trees) {
        this.trees = trees;
    }

    /** Reports {@code message} for {@code rule} at {@code tree}: "[StreamFlex R2] message". */
    public void error(String rule, String message, Tree tree, CompilationUnitTree unit) {
        errors++;
        trees.printMessage(Diagnostic.Kind.ERROR, "[StreamFlex " + rule + "] " + message, tree, unit);
    }

    public int errors() {
        return errors;
    }
}
