package org.streamflex.checker.rules;

import java.util.List;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;

/**
 * R2: a stable object never refers to a transient one. Instance fields of stable classes, and of
 * their parents in the reachable class set, are primitive or of a stable type (a class implementing
 * {@code Stable}, a filter, or one of the runtime's channels), or of a value type (an immutable
 * record or enum, which lives on the heap: see {@code ReferenceImmutability.isValueType}). Array
 * fields are R4's, fields that hold shared values S1's.
 */
@RuleInfo(id = "R2", name = "StableFields", section = "paper section 4.2",
        summary = "A stable object never refers to a transient one: fields of stable classes are primitive or stable")
public final class R2StableFields implements Rule {
    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        TypeElement holder = c.element();
        hiddenReferences(c, ctx, out);
        for (SourceClass.Field field : c.instanceFields(ctx.trees())) {
            TypeMirror type = field.element().asType();
            // Fields holding shared values are S1's: its advice (a SharedQueue) is the one that works for them;
            // fields of space-time memory's plain-thread API are ST1's, for the same reason.
            if (type.getKind() == TypeKind.ARRAY || ctx.facts().isStableType(type)
                    || ctx.immutability().isValueType(type) || ctx.facts().sharedIn(type) != null
                    || ST1SpaceTimeHandles.refuses(type, ctx)) {
                continue;
            }
            TypeElement target = ctx.facts().asElement(type);
            String name = field.name();
            out.add(new Finding(info(), field.path(), p -> p.holdsStableState(holder),
                    p -> p.describeHolder(holder) + " keeps a reference "
                            + what(type, target, name, ctx, p.sources())));
        }
    }

    /**
     * Fields the compiler adds: an inner class keeps its enclosing instance, a local or anonymous
     * class its captured variables. A stable class may have neither unless the enclosing instance
     * is itself stable.
     */
    private void hiddenReferences(SourceClass c, Analysis ctx, List<Finding> out) {
        TypeElement type = c.element();
        if (!ctx.facts().isStable(type)) {
            return;
        }
        String problem = switch (type.getNestingKind()) {
            case LOCAL, ANONYMOUS -> "is a local or anonymous class: it keeps hidden references to the variables it"
                    + " captures and to its enclosing instance, which may be transient. Make it a static nested"
                    + " or top-level class";
            case MEMBER -> type.getModifiers().contains(Modifier.STATIC)
                    || type.getEnclosingElement().getKind().isInterface()
                    || ctx.facts().isStable((TypeElement) type.getEnclosingElement()) ? null
                    : "is an inner class of " + TypeFacts.displayName((TypeElement) type.getEnclosingElement())
                            + ", which is not stable: it keeps a hidden reference to its enclosing instance. Declare it"
                            + " static";
            default -> null;
        };
        if (problem != null) {
            String text = "stable class " + c.displayName() + " " + problem;
            out.add(new Finding(info(), c.path(), p -> p.inRcs(type), p -> text));
        }
    }

    private static String what(TypeMirror type, TypeElement target, String field, Analysis ctx,
            java.util.Set<TypeElement> sources) {
        if (type.getKind() == TypeKind.TYPEVAR) {
            return "of type variable " + type + " in field '" + field + "', which can stand for a transient class;"
                    + " transient objects die when work() returns. Bound it by a stable type, as in <" + type
                    + " extends Stable>";
        }
        if (target != null && ctx.facts().isCapsule(target)) {
            return "to capsule class " + TypeFacts.typeName(type) + " in field '" + field + "'; a capsule belongs to"
                    + " the channel or the work() that holds it and goes back to its pool when work() returns."
                    + " Copy the values you need into primitive fields";
        }
        boolean isInterface = target != null && target.getKind().isInterface();
        boolean ours = target != null && !isInterface && sources.contains(target);
        return "to transient " + (isInterface ? "type " : "class ") + TypeFacts.typeName(type) + " in field '" + field
                + "'; transient objects die when work() returns. "
                + (ours ? "Make " + TypeFacts.displayName(target) + " implement Stable, or copy" : "Copy")
                + " the values you need into primitive fields";
    }
}
