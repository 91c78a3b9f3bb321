package org.streamflex.checker.rules;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.AtomicCallGraph;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;

/**
 * {@code @Atomic} methods stay within what the runtime makes transactional. The javac plugin
 * logs every field and array access of an {@code @Atomic} method and of every method of the
 * compilation it may call; code elsewhere would run unlogged. So:
 * <ul>
 *   <li>only public, non-static, non-abstract, non-synchronized methods of filters are
 *       {@code @Atomic};
 *   <li>code that {@code @Atomic} calls may run calls methods with bodies compiled with it (no
 *       interface or abstract methods), {@code System.arraycopy}, and the static helpers of
 *       {@code Math}, {@code StrictMath} and the boxed types; it calls no {@code @Atomic} method;
 *   <li>it does not store into arrays of references;
 *   <li>the filter's own code does not call its {@code @Atomic} methods: they are for plain Java
 *       threads, and the filter's thread would wait for itself.
 * </ul>
 * Which code {@code @Atomic} calls may run is known once the whole program is: each class adds
 * its calls to the {@link AtomicCallGraph}, and the findings below apply if their method is in it.
 */
@RuleInfo(id = "Atomic", name = "AtomicMethods", section = "not in the paper, for @Atomic on a stock JVM",
        summary = "@Atomic methods are public methods of filters, and the code they run stays within what the plugin"
                + " logs")
public final class AtomicMethods implements Rule {
    private static final String ATOMIC = "org.streamflex.Atomic";
    private static final Set<String> HELPERS = Set.of("java.lang.Math", "java.lang.StrictMath", "java.lang.Integer",
            "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Character", "java.lang.Boolean",
            "java.lang.Float", "java.lang.Double");

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        AtomicCallGraph graph = ctx.atomicCalls();
        for (Tree member : c.tree().getMembers()) {
            TreePath path = new TreePath(c.path(), member);
            if (!(member instanceof MethodTree tree)
                    || !(ctx.trees().getElement(path) instanceof ExecutableElement method)) {
                continue;
            }
            if (isAtomic(method)) {
                graph.root(method);
                checkDeclaration(c, ctx, method, path, out);
            }
            addOverrides(c, ctx, method, graph);
            if (tree.getBody() != null) {
                scan(c, ctx, method, path, graph, out);
            }
        }
    }

    private static boolean isAtomic(Element method) {
        return method.getAnnotationMirrors().stream()
                .anyMatch(a -> a.getAnnotationType().toString().equals(ATOMIC));
    }

    /** A virtual call to a method a superclass declares may run this override. */
    private static void addOverrides(SourceClass c, Analysis ctx, ExecutableElement method, AtomicCallGraph graph) {
        if (method.getModifiers().contains(Modifier.STATIC) || method.getModifiers().contains(Modifier.PRIVATE)) {
            return;
        }
        for (TypeMirror s = c.element().getSuperclass(); s instanceof DeclaredType d; ) {
            TypeElement sup = (TypeElement) d.asElement();
            for (ExecutableElement candidate : ElementFilter.methodsIn(sup.getEnclosedElements())) {
                if (ctx.facts().elements().overrides(method, candidate, c.element())) {
                    graph.edge(candidate, method);
                }
            }
            s = sup.getSuperclass();
        }
    }

    private void checkDeclaration(SourceClass c, Analysis ctx, ExecutableElement method, TreePath at,
            List<Finding> out) {
        String name = "@Atomic method " + c.displayName() + "." + method.getSimpleName() + "()";
        if (!ctx.facts().isFilter(c.element())) {
            out.add(Finding.always(info(), at, name + " is not in a filter; @Atomic makes a filter's"
                    + " method callable from plain Java threads. Remove it, or move the method into the filter"));
            return;
        }
        Set<Modifier> m = method.getModifiers();
        if (!m.contains(Modifier.PUBLIC) || m.contains(Modifier.STATIC) || m.contains(Modifier.ABSTRACT)
                || m.contains(Modifier.SYNCHRONIZED)) {
            out.add(Finding.always(info(), at, name + " must be public, not static, not abstract and"
                    + " not synchronized: plain Java threads call it on the filter, and the runtime, not a lock,"
                    + " makes it atomic"));
        }
    }

    private static String where(AtomicCallGraph graph, ExecutableElement method) {
        ExecutableElement root = graph.rootReaching(method);
        return "code run by @Atomic calls (" + TypeFacts.displayName((TypeElement) root.getEnclosingElement()) + "."
                + root.getSimpleName() + "())";
    }

    private void scan(SourceClass c, Analysis ctx, ExecutableElement method, TreePath path, AtomicCallGraph graph,
            List<Finding> out) {
        new TreePathScanner<Void, Void>() {
            @Override
            public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
                if (ctx.trees().getElement(getCurrentPath()) instanceof ExecutableElement callee
                        && callee.getEnclosingElement() instanceof TypeElement owner) {
                    check(callee, owner);
                }
                return super.visitMethodInvocation(node, null);
            }

            /* Called with the current path at the call. */
            private void check(ExecutableElement callee, TypeElement owner) {
                String signature = TypeFacts.displayName(owner) + "." + callee.getSimpleName() + "("
                        + callee.getParameters().stream().map(p -> TypeFacts.typeName(p.asType()))
                                .collect(Collectors.joining(", ")) + ")";
                if (isAtomic(callee)) {
                    out.add(new Finding(info(), getCurrentPath(), p -> graph.rootReaching(method) != null,
                            p -> where(graph, method) + " calls the @Atomic method " + signature + "; one call cannot"
                                    + " contain another. Call a private method holding the logic of both"));
                    if (owner.equals(c.element())) {
                        out.add(new Finding(info(), getCurrentPath(), p -> graph.rootReaching(method) == null,
                                p -> c.displayName() + "." + method.getSimpleName() + "() calls its own @Atomic method "
                                        + callee.getSimpleName() + "(); @Atomic methods are for plain Java threads, and"
                                        + " the filter's thread would wait for itself. Put the logic in a private"
                                        + " method and call that"));
                    }
                    return;
                }
                if (ctx.isSource(owner)) {
                    if (callee.getModifiers().contains(Modifier.ABSTRACT)) {
                        out.add(new Finding(info(), getCurrentPath(), p -> graph.rootReaching(method) != null,
                                p -> where(graph, method) + " calls " + signature + " through an interface or"
                                        + " abstract class; the plugin logs the code of methods it can see. Call the"
                                        + " class that implements it"));
                    } else {
                        graph.edge(method, callee);
                    }
                    return;
                }
                String ownerName = owner.getQualifiedName().toString();
                boolean helper = HELPERS.contains(ownerName) && callee.getModifiers().contains(Modifier.STATIC);
                boolean arraycopy = ownerName.equals("java.lang.System")
                        && callee.getSimpleName().contentEquals("arraycopy");
                if (!helper && !arraycopy) {
                    out.add(new Finding(info(), getCurrentPath(), p -> graph.rootReaching(method) != null,
                            p -> where(graph, method) + " calls " + signature + ", whose code is not compiled with"
                                    + " it and so would run unlogged; atomic code calls methods compiled with it,"
                                    + " System.arraycopy, and the static helpers of Math, StrictMath and the boxed"
                                    + " types"));
                }
            }

            @Override
            public Void visitAssignment(AssignmentTree node, Void unused) {
                checkStore(node.getVariable());
                return super.visitAssignment(node, null);
            }

            @Override
            public Void visitCompoundAssignment(CompoundAssignmentTree node, Void unused) {
                checkStore(node.getVariable());
                return super.visitCompoundAssignment(node, null);
            }

            /* Called with the current path at the assignment. */
            private void checkStore(ExpressionTree target) {
                if (target instanceof ArrayAccessTree access) {
                    TypeMirror element = ctx.trees().getTypeMirror(new TreePath(getCurrentPath(), access));
                    if (element != null && element.getKind() != TypeKind.ERROR && !element.getKind().isPrimitive()) {
                        out.add(new Finding(info(), getCurrentPath(), p -> graph.rootReaching(method) != null,
                                p -> where(graph, method) + " stores into an array of " + TypeFacts.typeName(element)
                                        + "; atomic code may store into primitive arrays and fields only. Keep the"
                                        + " references in fields"));
                    }
                }
            }
        }.scan(path, null);
    }
}
