package org.streamflex.checker.rules;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.util.TreePath;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
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
 * S3: the references to a shared value belong to what holds it: the channel slots it sits in, the
 * {@code SharedQueue}s it was added to, and the {@code work()} that made or took it. Code of the
 * reachable class set neither retains nor releases one by hand (a release frees a value others
 * still read; a retain is never undone, and the value never goes back to its pool), nor creates one
 * with {@code new}: a shared class's factory takes it from its pool and gives the running
 * {@code work()} the reference it releases when it returns.
 */
@RuleInfo(id = "S3", name = "SharedLifecycle", section = S1SharedFields.SECTION,
        summary = "Filter code neither retains nor releases shared values nor creates them with new: channels, queues"
                + " and work() hold their references, and factories take them from pools")
public final class S3SharedLifecycle implements Rule {
    private static final String SHARED = "org.streamflex.Shared";

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        TypeElement type = c.element();
        new BodyScanner() {
            @Override
            public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
                if (ctx.trees().getElement(getCurrentPath()) instanceof ExecutableElement method
                        && isReferenceCount(method)) {
                    ExpressionTree select = node.getMethodSelect();
                    TypeMirror receiver = select instanceof MemberSelectTree member ? ctx.trees().getTypeMirror(
                            new TreePath(new TreePath(getCurrentPath(), select), member.getExpression())) : null;
                    String on = receiver == null ? "" : " on a shared value of type " + TypeFacts.typeName(receiver);
                    report(getCurrentPath(), "calls " + method.getSimpleName() + "()" + on, method);
                }
                return super.visitMethodInvocation(node, null);
            }

            @Override
            public Void visitMemberReference(MemberReferenceTree node, Void unused) {
                Element element = ctx.trees().getElement(getCurrentPath());
                if (element instanceof ExecutableElement method && isReferenceCount(method)) {
                    report(getCurrentPath(), "makes method reference " + node + ", which calls "
                            + method.getSimpleName() + "() on a shared value", method);
                } else if (element instanceof ExecutableElement constructor
                        && constructor.getKind() == ElementKind.CONSTRUCTOR
                        && constructor.getEnclosingElement() instanceof TypeElement made
                        && ctx.facts().isShared(made)) {
                    reportNew(getCurrentPath(), made, "makes constructor reference " + node + " of shared class "
                            + TypeFacts.displayName(made));
                }
                return super.visitMemberReference(node, null);
            }

            @Override
            protected void onNewClass(NewClassTree node) {
                if (ctx.trees().getElement(getCurrentPath()) instanceof ExecutableElement constructor
                        && constructor.getEnclosingElement() instanceof TypeElement made
                        && ctx.facts().isShared(made)) {
                    if (made.getNestingKind() == NestingKind.ANONYMOUS) {
                        TypeElement parent = ctx.facts().asElement(made.getSuperclass());
                        reportNew(getCurrentPath(), parent, "creates an anonymous subclass of shared class "
                                + TypeFacts.displayName(parent) + " with new");
                    } else {
                        reportNew(getCurrentPath(), made, "creates shared class " + TypeFacts.displayName(made)
                                + " with new");
                    }
                }
            }

            private void report(TreePath at, String what, ExecutableElement method) {
                String why = method.getSimpleName().contentEquals("release")
                        ? "; the channels, SharedQueues and running work() that hold a shared value each release"
                                + " their own reference, so a release by hand frees a value that others still read."
                                + " Let work() release what it made or took, and drop what a SharedQueue holds with"
                                + " dropFirst() or clear()"
                        : "; a reference taken by hand is never given back, so the value never returns to its pool."
                                + " To keep a value across releases, add it to a SharedQueue, which retains it until"
                                + " it is removed";
                add(at, "code in " + Where.code(at, c) + " " + what + why);
            }

            private void reportNew(TreePath at, TypeElement made, String what) {
                add(at, "code in " + Where.code(at, c) + " " + what + "; shared values come from their class's pool,"
                        + " through a static factory that also gives the running work() the reference it releases"
                        + " when it returns. Call a static factory of " + TypeFacts.displayName(made) + " instead, as"
                        + " FloatSeg.make(timebase, start, length) for segments");
            }

            private void add(TreePath at, String text) {
                out.add(new Finding(info(), at, p -> p.inRcs(type), p -> text));
            }
        }.scanClass(c);
    }

    /** {@code Shared.retain()} or {@code Shared.release()}: final there, so no subclass has its own. */
    private static boolean isReferenceCount(ExecutableElement method) {
        return (method.getSimpleName().contentEquals("retain") || method.getSimpleName().contentEquals("release"))
                && method.getParameters().isEmpty()
                && method.getEnclosingElement() instanceof TypeElement owner
                && owner.getQualifiedName().contentEquals(SHARED);
    }
}
