package org.streamflex.checker.rules;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.BodyScanner;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;
import org.streamflex.checker.Where;

/**
 * S2: a shared value stays with the code that can see its lifetime. In code of the reachable class
 * set, a value that is or holds shared values must not reach code that could keep it after
 * {@code work()} returns, when it may have been freed and its memory reused:
 * <ul>
 *   <li>a lambda, a method reference bound to it, or a local or anonymous class capturing it (they
 *       may run later, on any thread);
 *   <li>an argument of a method or constructor of a class outside the compilation and outside the
 *       {@code org.streamflex} packages ({@code list.add(seg)}, {@code new Thread(...)}): its code is
 *       not checked. The JDK calls below keep nothing and are allowed;
 *   <li>a static field (R3 leaves these writes to this rule, whose advice works for shared values).
 * </ul>
 * Locals, local arrays, the compilation's own code (checked by these rules), {@code org.streamflex}
 * code (channels, {@code SharedQueue}, the DSP library, which retain what they keep) and returning
 * one from a method are fine.
 */
@RuleInfo(id = "S2", name = "SharedEscape", section = S1SharedFields.SECTION,
        summary = "Filter code lets no shared value escape to lambdas, local and anonymous classes, static fields or"
                + " class-path code outside org.streamflex, which could keep it after work() returns")
public final class S2SharedEscape implements Rule {
    /** Class-path methods that keep nothing of their arguments: printing, formatting, comparing, hashing. */
    private static final Map<String, Set<String>> KEEP_NOTHING = Map.of(
            "java.io.PrintStream", Set.of("print", "println", "printf"),
            "java.lang.String", Set.of("valueOf"),
            "java.lang.StringBuilder", Set.of("append"),
            "java.lang.System", Set.of("identityHashCode"),
            "java.util.Objects", Set.of("requireNonNull", "equals", "hash", "hashCode", "toString", "isNull",
                    "nonNull"));
    private static final String LATER = ", and may run after work() returns; " + S1SharedFields.VALID
            + ". Use the value within work() itself, and keep shared values across releases in a SharedQueue field";

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        TypeElement type = c.element();
        boolean capturing = type.getNestingKind() == NestingKind.LOCAL
                || type.getNestingKind() == NestingKind.ANONYMOUS;
        Set<Element> declaredInClass = capturing ? declaredIn(c.path(), ctx) : Set.of();
        Map<Tree, Set<Element>> declaredInLambda = new HashMap<>();
        Set<List<Object>> captures = new HashSet<>();
        new BodyScanner() {
            @Override
            public Void visitIdentifier(IdentifierTree node, Void unused) {
                Element variable = ctx.trees().getElement(getCurrentPath());
                if (variable != null && isLocal(variable) && ctx.facts().sharedIn(variable.asType()) != null) {
                    captured(variable);
                }
                return super.visitIdentifier(node, null);
            }

            /* Called with the current path at a use of a local variable holding shared values. */
            private void captured(Element variable) {
                String who = null;
                Tree scope = null;
                if (capturing && !declaredInClass.contains(variable)) {
                    scope = c.tree();
                    who = type.getNestingKind() == NestingKind.ANONYMOUS ? c.displayName()
                            : "local class " + c.displayName();
                } else {
                    TreePath lambda = innermostLambda(getCurrentPath());
                    if (lambda != null && !declaredInLambda.computeIfAbsent(lambda.getLeaf(),
                            l -> declaredIn(lambda, ctx)).contains(variable)) {
                        scope = lambda.getLeaf();
                        who = Where.code(getCurrentPath(), c);
                    }
                }
                if (scope != null && captures.add(List.of(scope, variable))) {
                    TypeMirror variableType = variable.asType();
                    String name = variable.getSimpleName().toString();
                    String typeName = TypeFacts.typeName(variableType);
                    String text = who + " captures " + (ctx.facts().isSharedValue(variableType)
                            ? "shared value '" + name + "' of type " + typeName
                            : "variable '" + name + "' of type " + typeName + ", which holds shared values") + LATER;
                    report(getCurrentPath(), text);
                }
            }

            @Override
            public Void visitMemberReference(MemberReferenceTree node, Void unused) {
                TreePath qualifier = new TreePath(getCurrentPath(), node.getQualifierExpression());
                if (!(ctx.trees().getElement(qualifier) instanceof TypeElement)) {
                    TypeMirror bound = ctx.trees().getTypeMirror(qualifier);
                    if (bound != null && ctx.facts().sharedIn(bound) != null) {
                        report(getCurrentPath(), "code in " + Where.code(getCurrentPath(), c)
                                + " binds method reference " + node + " to " + value(bound, ctx) + LATER);
                    }
                }
                return super.visitMemberReference(node, null);
            }

            @Override
            public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
                if (ctx.trees().getElement(getCurrentPath()) instanceof ExecutableElement method
                        && method.getEnclosingElement() instanceof TypeElement owner
                        && !onSharedValue(node.getMethodSelect())) {
                    checkArguments(owner, method, node.getArguments(), method.getKind() == ElementKind.CONSTRUCTOR
                            ? "new " + TypeFacts.displayName(owner)
                            : TypeFacts.displayName(owner) + "." + method.getSimpleName());
                }
                return super.visitMethodInvocation(node, null);
            }

            /* A shared value's own methods are its library's code, or Object's. */
            private boolean onSharedValue(ExpressionTree select) {
                if (!(select instanceof MemberSelectTree member)) {
                    return false;
                }
                TypeMirror receiver = ctx.trees().getTypeMirror(new TreePath(new TreePath(getCurrentPath(), select),
                        member.getExpression()));
                return receiver != null && ctx.facts().isSharedValue(receiver);
            }

            @Override
            protected void onNewClass(NewClassTree node) {
                if (ctx.trees().getElement(getCurrentPath()) instanceof ExecutableElement constructor
                        && constructor.getEnclosingElement() instanceof TypeElement owner) {
                    // An anonymous class's constructor hands its arguments to its superclass's.
                    TypeElement called = owner.getNestingKind() == NestingKind.ANONYMOUS
                            ? ctx.facts().asElement(owner.getSuperclass()) : owner;
                    if (called != null) {
                        checkArguments(called, constructor, node.getArguments(), "new "
                                + TypeFacts.displayName(called));
                    }
                }
            }

            /* Called with the current path at the call. */
            private void checkArguments(TypeElement owner, ExecutableElement method,
                    List<? extends ExpressionTree> arguments, String name) {
                if (ctx.isSource(owner) || library(owner, ctx) || keepsNothing(owner, method)) {
                    return;
                }
                String signature = name + "(" + method.getParameters().stream()
                        .map(p -> TypeFacts.typeName(p.asType())).collect(Collectors.joining(", ")) + ")";
                for (ExpressionTree argument : arguments) {
                    TreePath at = new TreePath(getCurrentPath(), argument);
                    TypeMirror passed = ctx.trees().getTypeMirror(at);
                    if (passed != null && ctx.facts().sharedIn(passed) != null) {
                        report(at, "code in " + Where.code(at, c) + " passes " + value(passed, ctx) + " to "
                                + signature + ", code outside this compilation and outside org.streamflex that may"
                                + " keep it after work() returns; " + S1SharedFields.VALID + ". Pass shared values"
                                + " only to your own code and to org.streamflex libraries, and keep them across"
                                + " releases in a SharedQueue field");
                    }
                }
            }

            @Override
            public Void visitAssignment(AssignmentTree node, Void unused) {
                Element target = ctx.trees().getElement(new TreePath(getCurrentPath(), node.getVariable()));
                checkStatic(target, new TreePath(getCurrentPath(), node.getExpression()));
                return super.visitAssignment(node, null);
            }

            @Override
            public Void visitVariable(VariableTree node, Void unused) {
                if (node.getInitializer() != null) {
                    checkStatic(ctx.trees().getElement(getCurrentPath()),
                            new TreePath(getCurrentPath(), node.getInitializer()));
                }
                return super.visitVariable(node, null);
            }

            private void checkStatic(Element target, TreePath value) {
                if (target == null || target.getKind() != ElementKind.FIELD
                        || !target.getModifiers().contains(Modifier.STATIC)) {
                    return;
                }
                TypeMirror stored = ctx.trees().getTypeMirror(value);
                if (stored != null && ctx.facts().sharedIn(stored) != null) {
                    report(value.getParentPath(), "code in " + Where.code(value, c) + " stores " + value(stored, ctx)
                            + " in static field " + TypeFacts.displayName((TypeElement) target.getEnclosingElement())
                            + "." + target.getSimpleName() + ", which outlives work(); " + S1SharedFields.VALID
                            + ". Keep shared values across releases in a SharedQueue field of the filter");
                }
            }

            private void report(TreePath at, String text) {
                out.add(new Finding(info(), at, p -> p.inRcs(type), p -> text));
            }
        }.scanClass(c);
    }

    /** "a shared value of type FloatSeg", or "a List<FloatSeg> holding shared values" ("an ArrayList..."). */
    private static String value(TypeMirror type, Analysis ctx) {
        String name = TypeFacts.typeName(type);
        return ctx.facts().isSharedValue(type) ? "a shared value of type " + name
                : ("AEIOU".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name + " holding shared values";
    }

    private static boolean isLocal(Element variable) {
        return switch (variable.getKind()) {
            case LOCAL_VARIABLE, PARAMETER, EXCEPTION_PARAMETER, RESOURCE_VARIABLE, BINDING_VARIABLE -> true;
            default -> false;
        };
    }

    /** The org.streamflex libraries retain what they keep: channels, SharedQueue, the DSP library. */
    private static boolean library(TypeElement owner, Analysis ctx) {
        String pkg = ctx.facts().elements().getPackageOf(owner).getQualifiedName().toString();
        return pkg.equals("org.streamflex") || pkg.startsWith("org.streamflex.");
    }

    private static boolean keepsNothing(TypeElement owner, ExecutableElement method) {
        return KEEP_NOTHING.getOrDefault(owner.getQualifiedName().toString(), Set.of())
                .contains(method.getSimpleName().toString());
    }

    private static TreePath innermostLambda(TreePath path) {
        for (TreePath p = path; p != null && !(p.getLeaf() instanceof ClassTree); p = p.getParentPath()) {
            if (p.getLeaf() instanceof LambdaExpressionTree) {
                return p;
            }
        }
        return null;
    }

    /** The variables declared in the tree at {@code path}: those its code does not capture. */
    private static Set<Element> declaredIn(TreePath path, Analysis ctx) {
        Set<Element> declared = new HashSet<>();
        new TreePathScanner<Void, Void>() {
            @Override
            public Void visitVariable(VariableTree node, Void unused) {
                Element element = ctx.trees().getElement(getCurrentPath());
                if (element != null) {
                    declared.add(element);
                }
                return super.visitVariable(node, null);
            }
        }.scan(path, null);
        return declared;
    }
}
