package org.streamflex.checker;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import org.streamflex.checker.rules.AtomicMethods;
import org.streamflex.checker.rules.ClosedWorldCalls;
import org.streamflex.checker.rules.F1StatelessWork;
import org.streamflex.checker.rules.InternalPackages;
import org.streamflex.checker.rules.R1FilterBoundary;
import org.streamflex.checker.rules.R2StableFields;
import org.streamflex.checker.rules.R3StaticReferences;
import org.streamflex.checker.rules.R4StableArrays;
import org.streamflex.checker.rules.R5CapsuleFields;
import org.streamflex.checker.rules.R6CapsuleCreation;
import org.streamflex.checker.rules.R7CapsuleNotStable;
import org.streamflex.checker.rules.S1SharedFields;
import org.streamflex.checker.rules.S2SharedEscape;
import org.streamflex.checker.rules.S3SharedLifecycle;
import org.streamflex.checker.rules.ST1SpaceTimeHandles;
import org.streamflex.checker.rules.W1WorkRates;

/** The checker over one compilation: collects findings class by class, then decides them. */
final class ProgramCheck {
    static final List<Rule> RULES = List.of(new R1FilterBoundary(), new R2StableFields(), new R3StaticReferences(),
            new R4StableArrays(), new R5CapsuleFields(), new R6CapsuleCreation(), new R7CapsuleNotStable(),
            new ClosedWorldCalls(), new AtomicMethods(), new InternalPackages(), new S1SharedFields(),
            new S2SharedEscape(), new S3SharedLifecycle(), new W1WorkRates(), new F1StatelessWork(),
            new ST1SpaceTimeHandles());

    private final JavacTask task;
    private final Trees trees;
    /** Made at the first analyzed class: javac cannot look up types while the plugin initializes. */
    private TypeFacts facts;
    private Analysis analysis;
    private final Map<TypeElement, Set<TypeElement>> references = new LinkedHashMap<>();
    private final List<Finding> findings = new ArrayList<>();
    private Program program;
    private int errors;

    private final Predicate<TypeElement> compiledFromSource;

    /**
     * @param compiledFromSource whether a top-level class is compiled in this compilation
     */
    ProgramCheck(JavacTask task, Predicate<TypeElement> compiledFromSource) {
        this.task = task;
        this.compiledFromSource = compiledFromSource;
        this.trees = Trees.instance(task);
    }

    /** Reads one analyzed top-level class and every class declared inside it. */
    void analyze(TreePath topLevel) {
        if (facts == null) {
            facts = new TypeFacts(task.getElements(), task.getTypes());
            analysis = new Analysis(trees, facts, new ReferenceImmutability(facts),
                    type -> compiledFromSource.test(topLevel(type)), new AtomicCallGraph(), new StatelessCode(facts));
        }
        if (!facts.apiPresent()) {
            return; // no StreamFlex API on the class path: no filters to check
        }
        List<Finding> found = new ArrayList<>();
        for (SourceClass c : classesIn(topLevel)) {
            references.put(c.element(), ReachableClassSet.referencedBy(c, trees));
            for (Rule rule : RULES) {
                rule.collect(c, analysis, found);
            }
        }
        for (Finding finding : found) {
            if (!suppressed(finding)) {
                findings.add(finding);
            }
        }
    }

    /** Computes the reachable class set and reports the findings that are errors in this program. */
    void decide() {
        if (facts == null || !facts.apiPresent()) {
            return;
        }
        Set<TypeElement> reachable = ReachableClassSet.compute(references, facts);
        program = new Program(facts, references.keySet(), reachable);
        Reporter reporter = new Reporter(trees);
        for (Finding finding : findings) {
            if (finding.applies().test(program)) {
                reporter.error(finding.rule(), finding.message().apply(program), finding.tree(), finding.unit());
            }
        }
        errors = reporter.errors();
    }

    /** The whole program, once decided; null before, or when the API is not on the class path. */
    Program program() {
        return program;
    }

    /** Errors the rules reported: a program with errors is not woven. */
    int errors() {
        return errors;
    }

    JavacTask task() {
        return task;
    }

    private List<SourceClass> classesIn(TreePath topLevel) {
        List<SourceClass> classes = new ArrayList<>();
        new TreePathScanner<Void, Void>() {
            @Override
            public Void visitClass(ClassTree node, Void unused) {
                Element element = trees.getElement(getCurrentPath());
                if (element instanceof TypeElement type) {
                    classes.add(new SourceClass(type, node, getCurrentPath()));
                }
                return super.visitClass(node, null);
            }
        }.scan(topLevel, null);
        return classes;
    }

    private static TypeElement topLevel(TypeElement type) {
        TypeElement top = type;
        for (Element e = type; e != null && e.getKind() != ElementKind.PACKAGE && e.getKind() != ElementKind.MODULE;
                e = e.getEnclosingElement()) {
            if (e instanceof TypeElement t) {
                top = t;
            }
        }
        return top;
    }

    /**
     * Whether a declaration around the finding's tree suppresses its rule ({@link Suppression}).
     * Decided while the class's trees are attributed: later, lowering may have moved the tree.
     */
    private boolean suppressed(Finding finding) {
        for (TreePath p = finding.path(); p != null; p = p.getParentPath()) {
            Tree leaf = p.getLeaf();
            if (leaf instanceof ClassTree || leaf instanceof MethodTree || leaf instanceof VariableTree) {
                Element declaration = trees.getElement(p);
                if (declaration != null && Suppression.suppresses(declaration, finding.rule())) {
                    return true;
                }
            }
        }
        return false;
    }
}
