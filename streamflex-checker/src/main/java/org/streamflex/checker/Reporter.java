package org.streamflex.checker;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.Trees;
import java.util.Locale;
import javax.tools.Diagnostic;

/**
 * Reports rule violations as javac errors at the offending tree, in one format for every rule
 * ({@link #format}):
 *
 * <pre>
 * [StreamFlex:R3] code in Watcher.work() writes static field Registry.seen; ... (StreamFlex rule R3
 * StaticReferences, paper section 4.2: see streamflex-checker/README.md#r3-staticreferences)
 * </pre>
 */
public final class Reporter {
    /** Where the rules are described; each has a heading there whose anchor is {@link #anchor}. */
    static final String README = "streamflex-checker/README.md";

    private final Trees trees;
    private int errors;

    Reporter(Trees trees) {
        this.trees = trees;
    }

    /** Reports {@code message} of {@code rule} at {@code tree}, as {@link #format} words it. */
    public void error(RuleInfo rule, String message, Tree tree, CompilationUnitTree unit) {
        errors++;
        trees.printMessage(Diagnostic.Kind.ERROR, format(rule, message), tree, unit);
    }

    public int errors() {
        return errors;
    }

    /**
     * The message as reported: the rule's suppression key in brackets, the message, and where to
     * read more, "(StreamFlex rule ID NAME, SECTION: see streamflex-checker/README.md#ANCHOR)".
     */
    public static String format(RuleInfo rule, String message) {
        return "[" + Suppression.key(rule) + "] " + message + " (StreamFlex rule " + rule.id() + " " + rule.name()
                + ", " + rule.section() + ": see " + README + "#" + anchor(rule) + ")";
    }

    /** The anchor GitHub gives the README's heading "R3 StaticReferences": {@code r3-staticreferences}. */
    static String anchor(RuleInfo rule) {
        return (rule.id() + "-" + rule.name()).toLowerCase(Locale.ROOT);
    }
}
