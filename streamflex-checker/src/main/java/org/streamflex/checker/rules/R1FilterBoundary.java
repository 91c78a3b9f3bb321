package org.streamflex.checker.rules;

import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
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
 * R1: what a filter shows to code outside it carries no references. Public and protected methods
 * of a filter take only primitives, primitive arrays, value types (immutable records and enums,
 * which cannot reach the filter's objects) and shared values (borrowed for the call: S1-S3 keep the
 * filter from holding them), and return only primitives and value types; its public and protected
 * fields are primitive or value types. Constructors are exempt: only the runtime calls them,
 * reflectively and without arguments.
 */
@RuleInfo(id = "R1", name = "FilterBoundary", section = "paper section 4.2",
        summary = "What a filter shows to other code carries no references: its public and protected methods and"
                + " fields are primitive")
public final class R1FilterBoundary implements Rule {
    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        if (!ctx.facts().isFilter(c.element())) {
            return; // filters are in the reachable class set by D1: no condition to wait for
        }
        for (Tree member : c.tree().getMembers()) {
            TreePath path = new TreePath(c.path(), member);
            Element element = ctx.trees().getElement(path);
            if (element == null || !visible(element.getModifiers())) {
                continue;
            }
            if (member instanceof MethodTree method && element instanceof ExecutableElement executable
                    && !method.getName().contentEquals("<init>")) {
                checkMethod(c, path, executable, out, ctx);
            } else if (member instanceof VariableTree field && !element.asType().getKind().isPrimitive()
                    && !ctx.immutability().isValueType(element.asType())) {
                out.add(Finding.always(info(), path, visibility(element) + " field " + c.displayName() + "."
                        + field.getName() + " has reference type " + TypeFacts.typeName(element.asType())
                        + "; code outside the filter could reach the filter's objects through it."
                        + " Make it private, or give it a primitive type"));
            }
        }
    }

    private void checkMethod(SourceClass c, TreePath path, ExecutableElement executable, List<Finding> out,
            Analysis ctx) {
        MethodTree method = (MethodTree) path.getLeaf();
        String name = visibility(executable) + " method " + c.displayName() + "." + method.getName() + "("
                + executable.getParameters().stream().map(p -> TypeFacts.typeName(p.asType()))
                        .collect(Collectors.joining(", ")) + ")";
        for (int i = 0; i < method.getParameters().size(); i++) {
            TypeMirror type = executable.getParameters().get(i).asType();
            if (!type.getKind().isPrimitive() && !TypeFacts.isPrimitiveArray(type)
                    && !ctx.immutability().isValueType(type) && !sharedValue(type, ctx)) {
                VariableTree parameter = method.getParameters().get(i);
                out.add(Finding.always(info(), new TreePath(path, parameter), name + " takes parameter '"
                        + parameter.getName() + "' of reference type " + TypeFacts.typeName(type) + "; code outside"
                        + " the filter could pass in objects the filter keeps. Filter methods that others can call take"
                        + " only primitives, primitive arrays and immutable records or enums"));
            }
        }
        TypeMirror result = executable.getReturnType();
        if (result.getKind() != TypeKind.VOID && !result.getKind().isPrimitive()
                && !ctx.immutability().isValueType(result)) {
            out.add(Finding.always(info(), new TreePath(path, method.getReturnType()), name + " returns reference type "
                    + TypeFacts.typeName(result) + "; its caller would hold a reference into the filter's memory."
                    + " Return a primitive, or make the method private"));
        }
    }

    /**
     * A shared value (a signal segment) may be a parameter: the method borrows it for the call, and
     * rules S1-S3 keep the filter from holding on to it. That is what a library's hook for its
     * subclasses needs ({@code protected boolean keep(FloatSeg window)}). A result may not be one: the
     * caller, outside the filter's {@code work()}, would hold a value only valid inside it.
     */
    private static boolean sharedValue(TypeMirror type, Analysis ctx) {
        return ctx.facts().isSharedValue(type);
    }

    private static boolean visible(Set<Modifier> modifiers) {
        return modifiers.contains(Modifier.PUBLIC) || modifiers.contains(Modifier.PROTECTED);
    }

    private static String visibility(Element element) {
        return element.getModifiers().contains(Modifier.PUBLIC) ? "public" : "protected";
    }
}
