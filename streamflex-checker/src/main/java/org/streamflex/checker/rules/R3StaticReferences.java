package org.streamflex.checker.rules;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.util.TreePath;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.BodyScanner;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;
import org.streamflex.checker.Where;

/**
 * R3: static fields do not connect filters to anything. Code of the reachable class set reads a
 * static reference field only if it is final and of a reference-immutable type (D6, D7); it never
 * writes one (stricter than the paper, which only restricted reads). {@code System.out} and
 * {@code System.err} may be read. Storing a shared value in a static field is reported by S2
 * instead: the usual advice, a field of a Stable object, would be an S1 error.
 */
@RuleInfo(id = "R3", name = "StaticReferences", section = "paper section 4.2",
        summary = "Filter code reads only final, reference-immutable static fields and writes none")
public final class R3StaticReferences implements Rule {
    /**
     * Static fields filter code may read although their type is not reference-immutable: the
     * standard streams, because printing keeps nothing of what it prints and the paper's own
     * Figure 1 prints from a filter.
     */
    private static final Set<String> TRUSTED_READS = Set.of("java.lang.System.out", "java.lang.System.err");
    private static final String ALLOWED = " Read only static final fields of reference-immutable types (primitives,"
            + " primitive arrays, String, boxed numbers, final classes of such fields)";

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        TypeElement type = c.element();
        new BodyScanner() {
            @Override
            public Void visitIdentifier(IdentifierTree node, Void unused) {
                inspect(node);
                return super.visitIdentifier(node, null);
            }

            @Override
            public Void visitMemberSelect(MemberSelectTree node, Void unused) {
                if (!node.getIdentifier().contentEquals("class")) {
                    inspect(node);
                }
                return super.visitMemberSelect(node, null);
            }

            private void inspect(ExpressionTree node) {
                Element element = ctx.trees().getElement(getCurrentPath());
                if (element == null || element.getKind() != ElementKind.FIELD
                        || !element.getModifiers().contains(Modifier.STATIC)
                        || element.asType().getKind().isPrimitive()) {
                    return;
                }
                TypeElement owner = (TypeElement) element.getEnclosingElement();
                String field = TypeFacts.displayName(owner) + "." + element.getSimpleName();
                String where = "code in " + Where.code(getCurrentPath(), c);
                TypeMirror fieldType = element.asType();
                // Keeping a capsule in a stable object is an R2 error: for capsules the usual advice would not work.
                String capsules = capsuleAdvice(fieldType, ctx.facts());
                String message = null;
                Tree parent = getCurrentPath().getParentPath().getLeaf();
                if (parent instanceof AssignmentTree a && a.getVariable() == node && storesShared(a)) {
                    return; // S2 reports it, saying why a shared value cannot be kept at all
                }
                if (isWrite(node, parent)) {
                    message = where + " writes static field " + field + "; an object stored in a static field"
                            + " outlives work() and is shared by every filter."
                            + (capsules == null ? " Keep it in a field of a Stable object instead" : capsules);
                } else if (TRUSTED_READS.contains(owner.getQualifiedName() + "." + element.getSimpleName())) {
                    return;
                } else if (!element.getModifiers().contains(Modifier.FINAL)) {
                    message = where + " reads static field " + field + ", which is not final; objects reachable"
                            + " from it are shared with code outside the filter."
                            + (capsules == null ? ALLOWED : capsules);
                } else if (!ctx.immutability().test(fieldType)) {
                    message = where + " reads static field " + field + " of type " + TypeFacts.typeName(fieldType)
                            + ", which is not reference-immutable (" + ctx.immutability().whyNot(fieldType)
                            + "); a filter could store its transient objects in it."
                            + (capsules == null ? ALLOWED : capsules);
                }
                if (message != null) {
                    String text = message;
                    out.add(new Finding(info(), getCurrentPath(), p -> p.inRcs(type), p -> text));
                }
            }

            private boolean storesShared(AssignmentTree assignment) {
                TypeMirror value = ctx.trees().getTypeMirror(
                        new TreePath(getCurrentPath().getParentPath(), assignment.getExpression()));
                return value != null && ctx.facts().sharedIn(value) != null;
            }
        }.scanClass(c);
    }

    /** The capsule class that a value of {@code type} is, or holds as array elements or type arguments, or null. */
    private static TypeElement capsuleIn(TypeMirror type, TypeFacts facts) {
        return switch (type.getKind()) {
            case ARRAY -> capsuleIn(((ArrayType) type).getComponentType(), facts);
            case WILDCARD -> {
                WildcardType wildcard = (WildcardType) type;
                TypeMirror bound = wildcard.getExtendsBound() != null ? wildcard.getExtendsBound()
                        : wildcard.getSuperBound();
                yield bound == null ? null : capsuleIn(bound, facts);
            }
            case DECLARED -> {
                TypeElement element = facts.asElement(type);
                if (facts.isCapsule(element)) {
                    yield element;
                }
                for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
                    TypeElement held = capsuleIn(argument, facts);
                    if (held != null) {
                        yield held;
                    }
                }
                yield null;
            }
            default -> null; // a static field's type has no type variables of its class
        };
    }

    /** What to do instead when {@code type} is or holds a capsule class; null when it holds none. */
    private static String capsuleAdvice(TypeMirror type, TypeFacts facts) {
        TypeElement capsule = capsuleIn(type, facts);
        if (capsule == null) {
            return null;
        }
        String name = TypeFacts.displayName(capsule);
        return (capsule.equals(facts.asElement(type)) ? " " + name + " is a capsule class"
                : " Its type " + TypeFacts.typeName(type) + " holds capsule class " + name)
                + ", and a capsule cannot be kept in a static field or in a stable object at all: it goes back to its"
                + " pool when work() returns. Copy the values you need into primitive fields or primitive arrays of a"
                + " stable object, such as the filter";
    }

    private static boolean isWrite(ExpressionTree node, Tree parent) {
        return (parent instanceof AssignmentTree a && a.getVariable() == node)
                || (parent instanceof CompoundAssignmentTree ca && ca.getVariable() == node)
                || (parent instanceof UnaryTree u && u.getExpression() == node && switch (u.getKind()) {
                    case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT -> true;
                    default -> false;
                });
    }
}
