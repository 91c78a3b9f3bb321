package org.streamflex.checker.rules;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;

/**
 * R4: a stable object may own an array only if no one else can refer to it. An array field of a
 * stable class is private final, one-dimensional, of primitives or stable objects, and assigned a
 * freshly allocated array in every constructor (or by its initializer), like the paper's
 * {@code Buffer}. A problem with the declaration is reported at the field; an assignment of an
 * array the class did not allocate, at that assignment.
 */
@RuleInfo(id = "R4", name = "StableArrays", section = "paper section 4.2",
        summary = "A stable object's arrays are private final, one-dimensional, of primitives or stable objects, and"
                + " allocated by the object itself")
public final class R4StableArrays implements Rule {
    private static final String HOW = "; a stable array must be private final, one-dimensional, of primitives or"
            + " stable objects, and assigned a new array in every constructor, so that it never refers to a"
            + " transient or borrowed array";

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        for (SourceClass.Field declared : c.instanceFields(ctx.trees())) {
            VariableTree field = declared.tree();
            Element element = declared.element();
            // An array of shared values is S1's: its advice (a SharedQueue) is the one that works for it.
            if (element.asType().getKind() != TypeKind.ARRAY || ctx.facts().sharedIn(element.asType()) != null) {
                continue;
            }
            String subject = " has array field '" + field.getName() + "'";
            TypeMirror component = ((ArrayType) element.asType()).getComponentType();
            if (ctx.facts().isFilter(c.element()) && isChannel(component, ctx)) {
                checkChannelArray(c, ctx, declared, subject, out);
            } else if (component.getKind() == TypeKind.ARRAY) {
                report(c, declared.path(), subject + " of type " + TypeFacts.typeName(element.asType())
                        + ", which has more than one dimension", out);
            } else if (!component.getKind().isPrimitive() && !ctx.facts().isStableType(component)) {
                report(c, declared.path(), subject + " whose elements, of type " + TypeFacts.typeName(component)
                        + ", are not stable", out);
            } else if (!element.getModifiers().contains(Modifier.PRIVATE)
                    || !element.getModifiers().contains(Modifier.FINAL)) {
                report(c, declared.path(), subject + " that is not private final", out);
            } else {
                checkAssignments(c, ctx, declared, subject, out);
            }
        }
    }

    /**
     * A private final field is assigned exactly once on every path through construction: by its
     * initializer, in an instance initializer block, or in every constructor that does not
     * delegate to {@code this(...)}. Each of those assignments must be a new array.
     */
    private void checkAssignments(SourceClass c, Analysis ctx, SourceClass.Field field, String subject,
            List<Finding> out) {
        ExpressionTree initializer = field.tree().getInitializer();
        if (initializer != null) {
            if (!(initializer instanceof NewArrayTree)) {
                report(c, new TreePath(field.path(), initializer), subject
                        + " that is assigned an array the initializer did not allocate (" + initializer + ")", out);
            }
            return;
        }
        List<TreePath> byBlocks = new ArrayList<>();
        for (Tree member : c.tree().getMembers()) {
            if (member instanceof BlockTree block && !block.isStatic()) {
                byBlocks.addAll(assignments(new TreePath(c.path(), member), field.element(), ctx));
            }
        }
        if (!byBlocks.isEmpty()) {
            reportBorrowed(c, byBlocks, subject, "the initializer", out);
            return;
        }
        boolean unassigned = false;
        for (Tree member : c.tree().getMembers()) {
            if (member instanceof MethodTree constructor && constructor.getName().contentEquals("<init>")
                    && !delegatesToThis(constructor.getBody())) {
                List<TreePath> assigned = assignments(new TreePath(c.path(), member), field.element(), ctx);
                unassigned |= assigned.isEmpty();
                reportBorrowed(c, assigned, subject, "the constructor", out);
            }
        }
        if (unassigned) {
            report(c, field.path(), subject + " that is not assigned in a constructor", out);
        }
    }

    private static boolean isChannel(TypeMirror type, Analysis ctx) {
        TypeElement element = ctx.facts().asElement(type);
        return element != null && ctx.facts().isChannel(element);
    }

    /**
     * A filter's array of channels ({@code SharedChannel<FloatSeg>[] in}) is the runtime's: one channel per
     * connect, injected when the graph is validated, like a channel field. Filter code only reads it.
     */
    private void checkChannelArray(SourceClass c, Analysis ctx, SourceClass.Field field, String subject,
            List<Finding> out) {
        if (!field.element().getModifiers().contains(Modifier.PRIVATE)) {
            report(c, field.path(), subject + " of channels that is not private", out);
            return;
        }
        if (field.tree().getInitializer() != null) {
            report(c, field.path(), subject + " of channels that has an initializer: the runtime fills it, one channel"
                    + " per connect", out);
            return;
        }
        for (TreePath assignment : assignments(c.path(), field.element(), ctx)) {
            report(c, assignment, subject + " of channels that its code assigns: the runtime fills it, one channel"
                    + " per connect", out);
        }
    }

    private void reportBorrowed(SourceClass c, List<TreePath> assignments, String subject, String allocator,
            List<Finding> out) {
        for (TreePath assignment : assignments) {
            ExpressionTree value = ((AssignmentTree) assignment.getLeaf()).getExpression();
            if (!(value instanceof NewArrayTree)) {
                report(c, assignment, subject + " that is assigned an array " + allocator + " did not allocate ("
                        + value + ")", out);
            }
        }
    }

    private void report(SourceClass c, TreePath at, String problem, List<Finding> out) {
        TypeElement holder = c.element();
        String text = problem + HOW;
        out.add(new Finding(info(), at, p -> p.holdsStableState(holder), p -> p.describeHolder(holder) + text));
    }

    /** The assignments to {@code field} in the code at {@code path}. */
    private static List<TreePath> assignments(TreePath path, Element field, Analysis ctx) {
        List<TreePath> found = new ArrayList<>();
        new TreePathScanner<Void, Void>() {
            @Override
            public Void visitAssignment(AssignmentTree node, Void unused) {
                if (field.equals(ctx.trees().getElement(new TreePath(getCurrentPath(), node.getVariable())))) {
                    found.add(getCurrentPath());
                }
                return super.visitAssignment(node, null);
            }
        }.scan(path, null);
        return found;
    }

    private static boolean delegatesToThis(BlockTree body) {
        if (body == null || body.getStatements().isEmpty()) {
            return false;
        }
        StatementTree first = body.getStatements().getFirst();
        return first instanceof ExpressionStatementTree statement
                && statement.getExpression() instanceof MethodInvocationTree call
                && call.getMethodSelect().toString().equals("this");
    }
}
