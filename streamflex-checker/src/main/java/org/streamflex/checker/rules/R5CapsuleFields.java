package org.streamflex.checker.rules;

import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeMirror;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;

/** R5: capsules hold only primitives and primitive arrays, so they carry no references between filters. */
public final class R5CapsuleFields implements Rule {
    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        if (!ctx.facts().isCapsule(c.element())) {
            return;
        }
        for (Tree member : c.tree().getMembers()) {
            if (!(member instanceof VariableTree field)) {
                continue;
            }
            Element element = ctx.trees().getElement(new TreePath(c.path(), member));
            if (element == null || element.getKind() != ElementKind.FIELD || element.getModifiers().contains(Modifier.STATIC)) {
                continue;
            }
            TypeMirror type = element.asType();
            if (!type.getKind().isPrimitive() && !TypeFacts.isPrimitiveArray(type)) {
                out.add(Finding.always("R5", field, c.unit(), "capsule class " + c.displayName() + " has field '"
                        + field.getName() + "' of type " + TypeFacts.typeName(type) + "; capsules travel between"
                        + " filters and may hold only primitives and primitive arrays. Use primitive fields, or a"
                        + " primitive array (for text, a char[] or byte[])"));
            }
        }
    }
}
