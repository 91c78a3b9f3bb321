package org.streamflex.checker.rules;

import java.util.List;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;

/**
 * R5: capsules hold only primitives and primitive arrays, so they carry no references between
 * filters. Stricter than the paper: array fields are final (and so allocated by the capsule's
 * constructor, which the runtime runs on the heap), because work() allocates its own arrays in a
 * transient region that is recycled when it returns.
 */
@RuleInfo(id = "R5", name = "CapsuleFields", section = "paper section 4.2",
        summary = "Capsules hold only primitives and final primitive arrays")
public final class R5CapsuleFields implements Rule {
    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        if (!ctx.facts().isCapsule(c.element())) {
            return;
        }
        for (SourceClass.Field field : c.instanceFields(ctx.trees())) {
            TypeMirror type = field.element().asType();
            if (ctx.facts().sharedIn(type) != null) {
                continue; // S1's, with advice for shared values
            }
            if (!type.getKind().isPrimitive() && !TypeFacts.isPrimitiveArray(type)) {
                out.add(Finding.always(info(), field.path(), "capsule class " + c.displayName() + " has field '"
                        + field.name() + "' of type " + TypeFacts.typeName(type) + "; capsules travel between"
                        + " filters and may hold only primitives and primitive arrays. Use primitive fields, or a"
                        + " primitive array (for text, a char[] or byte[])"));
            } else if (type.getKind() == TypeKind.ARRAY && !field.element().getModifiers().contains(Modifier.FINAL)) {
                out.add(Finding.always(info(), field.path(), "capsule class " + c.displayName() + " has array"
                        + " field '" + field.name() + "' that is not final; work() could point it at one of its"
                        + " transient arrays, which are recycled when work() returns while the capsule travels on."
                        + " Declare it final and allocate it in the capsule's constructor"));
            }
        }
    }
}
