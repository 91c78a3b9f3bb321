package org.streamflex.checker.rules;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ExpressionStatementTree;
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
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;

/**
 * R4: a stable object may own an array only if no one else can refer to it. An array field of a
 * stable class is private final, one-dimensional, of primitives or stable objects, and assigned a
 * freshly allocated array in every constructor (or by its initializer), like the paper's
 * {@code Buffer}.
 */
public final class R4StableArrays implements Rule {
    private static final String HOW = "; a stable array must be private final, one-dimensional, of primitives or"
            + " stable objects, and assigned a new array in every constructor, so that it never refers to a"
            + " transient or borrowed array";

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        TypeElement holder = c.element();
        for (SourceClass.Field declared : c.instanceFields(ctx.trees())) {
            VariableTree field = declared.tree();
            Element element = declared.element();
            if (element.asType().getKind() != TypeKind.ARRAY) {
                continue;
            }
            String subject = " has array field '" + field.getName() + "'";
            TypeMirror component = ((ArrayType) element.asType()).getComponentType();
            String problem = null;
            if (component.getKind() == TypeKind.ARRAY) {
                problem = subject + " of type " + TypeFacts.typeName(element.asType()) + ", which has more than one dimension";
            } else if (!component.getKind().isPrimitive() && !ctx.facts().isStableType(component)) {
                problem = subject + " whose elements, of type " + TypeFacts.typeName(component) + ", are not stable";
            } else if (!element.getModifiers().contains(Modifier.PRIVATE) || !element.getModifiers().contains(Modifier.FINAL)) {
                problem = subject + " that is not private final";
            } else if (!(field.getInitializer() instanceof NewArrayTree)) {
                String missing = constructorWithoutFreshArray(c, ctx, element);
                problem = missing == null ? null : subject + " that " + missing;
            }
            if (problem != null) {
                String text = problem + HOW;
                out.add(new Finding("R4", field, c.unit(), p -> p.holdsStableState(holder),
                        p -> p.describeHolder(holder) + text));
            }
        }
    }

    /** Describes a constructor that does not assign a new array to the field, or null if all do. */
    private static String constructorWithoutFreshArray(SourceClass c, Analysis ctx, Element field) {
        for (Tree member : c.tree().getMembers()) {
            if (!(member instanceof MethodTree constructor) || !constructor.getName().contentEquals("<init>")
                    || delegatesToThis(constructor.getBody())) {
                continue;
            }
            List<Tree> assigned = new ArrayList<>();
            new TreePathScanner<Void, Void>() {
                @Override
                public Void visitAssignment(AssignmentTree node, Void unused) {
                    if (field.equals(ctx.trees().getElement(new TreePath(getCurrentPath(), node.getVariable())))) {
                        assigned.add(node.getExpression());
                    }
                    return super.visitAssignment(node, unused);
                }
            }.scan(new TreePath(c.path(), member), null);
            if (assigned.isEmpty()) {
                return "is not assigned in a constructor";
            }
            for (Tree value : assigned) {
                if (!(value instanceof NewArrayTree)) {
                    return "is assigned an array the constructor did not allocate (" + value + ")";
                }
            }
        }
        return null;
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
