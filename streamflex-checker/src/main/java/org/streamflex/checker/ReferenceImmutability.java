package org.streamflex.checker;

import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Reference-immutable types (D6, D7): types through which no reference can ever be stored.
 *
 * <ul>
 *   <li>a primitive type;
 *   <li>an array of primitives (its elements can change, but they are not references). Arrays of
 *       references are <em>not</em> reference-immutable, stricter than the paper's D7: any code
 *       could store a transient object into a {@code static final String[]};
 *   <li>a class whose instance fields, its own and its superclasses', are all primitive or final of
 *       reference-immutable types (D6), and that no subclass can extend with mutable state: it is
 *       final (records and enums are). An interface or a non-final class never is: an
 *       implementation the checker does not see may hold mutable references.
 * </ul>
 * Works on class-path classes too, from their field signatures ({@code String} and the boxed
 * types qualify).
 */
public final class ReferenceImmutability {
    private final TypeFacts facts;
    private final Map<TypeElement, Boolean> known = new HashMap<>();

    ReferenceImmutability(TypeFacts facts) {
        this.facts = facts;
    }

    public boolean test(TypeMirror type) {
        if (type.getKind().isPrimitive()) {
            return true;
        }
        if (type.getKind() == TypeKind.ARRAY) {
            return ((ArrayType) type).getComponentType().getKind().isPrimitive();
        }
        TypeElement element = facts.asElement(type);
        return element != null && test(element);
    }

    public boolean test(TypeElement type) {
        Boolean cached = known.get(type);
        if (cached != null) {
            return cached;
        }
        known.put(type, Boolean.TRUE); // a cycle of final fields is immutable if the rest is
        boolean result = closed(type) && fieldsImmutable(type);
        known.put(type, result);
        return result;
    }

    /** Why a type is not reference-immutable, for messages; null if it is. */
    public String whyNot(TypeMirror type) {
        if (test(type)) {
            return null;
        }
        if (type.getKind() == TypeKind.ARRAY) {
            return "an array of references: code can store any object in it";
        }
        TypeElement element = facts.asElement(type);
        if (element == null) {
            return "its class is not known at compile time";
        }
        if (element.getKind().isInterface()) {
            return TypeFacts.displayName(element) + " is an interface: an implementation may hold mutable references";
        }
        if (!closed(element)) {
            return TypeFacts.displayName(element) + " is not final: a subclass may add mutable references";
        }
        return TypeFacts.displayName(element) + " has a reference field that is not final or not reference-immutable";
    }

    private static boolean closed(TypeElement type) {
        return !type.getKind().isInterface()
                && (type.getModifiers().contains(Modifier.FINAL) || type.getKind() == ElementKind.RECORD
                        || type.getKind() == ElementKind.ENUM);
    }

    private boolean fieldsImmutable(TypeElement type) {
        for (TypeElement c = type; c != null; c = facts.asElement(c.getSuperclass())) {
            for (Element member : c.getEnclosedElements()) {
                if (member.getKind() == ElementKind.FIELD && !member.getModifiers().contains(Modifier.STATIC)) {
                    TypeMirror fieldType = ((VariableElement) member).asType();
                    if (!fieldType.getKind().isPrimitive()
                            && (!member.getModifiers().contains(Modifier.FINAL) || !test(fieldType))) {
                        return false;
                    }
                }
            }
        }
        return true;
    }
}
