package org.streamflex.checker.rules;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import javax.lang.model.element.Element;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.QualifiedNameable;
import javax.lang.model.element.TypeElement;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.BodyScanner;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Program;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.Suppression;

/**
 * Filter code does not name StreamFlex's internals: {@code org.streamflex.abi}, which woven code
 * calls, and {@code org.streamflex.spi}, which the runtime implements. Code of the reachable class
 * set that imports them, declares, casts to, creates or extends their types, calls their methods,
 * reads their fields or writes {@code @Woven} by hand could bypass what the plugin weaves and the
 * runtime checks, and would break when the ABI changes.
 *
 * <pre>{@code
 * RegionSlot slot = Regions.current();   // two errors: names RegionSlot, names Regions
 * double[] w = new double[256];          // what filter code writes instead: the plugin weaves it
 * }</pre>
 *
 * <p>Each name is reported once, at its longest form: {@code org.streamflex.abi.Regions} at the
 * type, not at the package too; {@code Regions.current()} at {@code Regions}. A member reached
 * without naming its type, as in {@code Regions.current().inWork()}, is reported as naming that
 * type ({@code RegionSlot}). An import belongs to no class: it is reported if a class of its file
 * is in the reachable class set, unless the top-level class that one is in suppresses this rule.
 */
@RuleInfo(id = "Internals", name = "InternalPackages", section = "not in the paper, for StreamFlex on a stock JVM",
        summary = "Filter code does not name org.streamflex.abi or org.streamflex.spi, the woven-code ABI and the"
                + " runtime's service contract")
public final class InternalPackages implements Rule {
    private static final Map<String, String> PACKAGES = Map.of(
            "org.streamflex.abi", "StreamFlex's woven-code ABI: that package is what the plugin's rewriting calls, not"
                    + " an API; write new, @Atomic and the org.streamflex classes instead",
            "org.streamflex.spi", "the runtime's service contract: that package is what the runtime implements"
                    + " behind the org.streamflex classes, not an API; use the org.streamflex classes instead");

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        if (firstClassOfFile(c)) {
            checkImports(c, ctx, out);
        }
        TypeElement type = c.element();
        new BodyScanner() {
            @Override
            public Void visitClass(ClassTree node, Void unused) {
                if (node == c.tree() && type.getNestingKind() == NestingKind.ANONYMOUS) {
                    // javac makes the type after `new` the anonymous class's supertype, the same tree:
                    // the enclosing class's check has reported it.
                    scan(node.getMembers(), null);
                    return null;
                }
                return super.visitClass(node, null);
            }

            @Override
            public Void visitIdentifier(IdentifierTree node, Void unused) {
                checkName(node);
                return super.visitIdentifier(node, null);
            }

            @Override
            public Void visitMemberSelect(MemberSelectTree node, Void unused) {
                if (!checkName(node)) {
                    checkMember(node.getExpression());
                }
                return super.visitMemberSelect(node, null);
            }

            @Override
            public Void visitMemberReference(MemberReferenceTree node, Void unused) {
                checkMember(node.getQualifierExpression());
                return super.visitMemberReference(node, null);
            }

            /*
             * Reports the current tree if it names an internal package or type and is not the
             * qualifier of a longer such name. Returns whether it names a package or type at all.
             */
            private boolean checkName(ExpressionTree node) {
                Element named = ctx.trees().getElement(getCurrentPath());
                if (!(named instanceof QualifiedNameable)) {
                    return false;
                }
                TreePath parent = getCurrentPath().getParentPath();
                boolean qualifier = parent.getLeaf() instanceof MemberSelectTree select
                        && select.getExpression() == node
                        && ctx.trees().getElement(parent) instanceof QualifiedNameable longer && isInternal(longer);
                if (isInternal(named) && !qualifier) {
                    report(getCurrentPath(), named, p -> p.inRcs(type), out);
                }
                return true;
            }

            /*
             * Reports the current tree if it reaches a method or field of an internal type through
             * {@code qualifier}, unless the qualifier names a type (that name is reported itself).
             */
            private void checkMember(ExpressionTree qualifier) {
                Element member = ctx.trees().getElement(getCurrentPath());
                if (member != null && !(member instanceof QualifiedNameable) && isInternal(member)
                        && !(ctx.trees().getElement(new TreePath(getCurrentPath(), qualifier))
                                instanceof QualifiedNameable)) {
                    report(getCurrentPath(), member.getEnclosingElement(), p -> p.inRcs(type), out);
                }
            }
        }.scanClass(c);
    }

    /** The imports are checked once per file, with its first class. */
    private static boolean firstClassOfFile(SourceClass c) {
        for (Tree declaration : c.unit().getTypeDecls()) {
            if (declaration instanceof ClassTree) {
                return declaration == c.tree();
            }
        }
        return false;
    }

    private void checkImports(SourceClass c, Analysis ctx, List<Finding> out) {
        CompilationUnitTree unit = c.unit();
        TreePath file = new TreePath(unit);
        Set<TypeElement> unsuppressed = new HashSet<>();
        for (Tree declaration : unit.getTypeDecls()) {
            if (declaration instanceof ClassTree
                    && ctx.trees().getElement(new TreePath(file, declaration)) instanceof TypeElement top
                    && !Suppression.suppresses(top, info())) {
                unsuppressed.add(top);
            }
        }
        Predicate<Program> applies = p -> p.reachable().stream().anyMatch(t -> unsuppressed.contains(topLevel(t)));
        for (ImportTree i : unit.getImports()) {
            TreePath at = new TreePath(file, i);
            // The last name of a static or on-demand import may resolve to nothing: then try what it is in.
            for (Tree name = i.getQualifiedIdentifier(); name instanceof MemberSelectTree select;
                    name = select.getExpression()) {
                Element e = ctx.trees().getElement(new TreePath(at, name));
                if (e != null) {
                    if (isInternal(e)) {
                        report(at, e instanceof QualifiedNameable ? e : e.getEnclosingElement(), applies, out);
                    }
                    break;
                }
            }
        }
    }

    /**
     * Reports the tree at {@code at} for naming an internal package or type.
     *
     * @param named the internal package or type to name
     */
    private void report(TreePath at, Element named, Predicate<Program> applies, List<Finding> out) {
        String text = "filter code names " + ((QualifiedNameable) named).getQualifiedName() + ", part of "
                + PACKAGES.get(packageOf(named));
        out.add(new Finding(info(), at, applies, p -> text));
    }

    private static boolean isInternal(Element e) {
        return PACKAGES.containsKey(packageOf(e));
    }

    private static String packageOf(Element e) {
        for (Element p = e; p != null; p = p.getEnclosingElement()) {
            if (p instanceof PackageElement pkg) {
                return pkg.getQualifiedName().toString();
            }
        }
        return "";
    }

    private static TypeElement topLevel(TypeElement type) {
        TypeElement top = type;
        for (Element e = type; e != null && !(e instanceof PackageElement); e = e.getEnclosingElement()) {
            if (e instanceof TypeElement t) {
                top = t;
            }
        }
        return top;
    }
}
