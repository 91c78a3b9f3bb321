package org.streamflex.checker;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
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
    private static final Set<String> BOXES = Set.of("java.lang.Boolean", "java.lang.Byte",
            "java.lang.Character", "java.lang.Short", "java.lang.Integer", "java.lang.Long", "java.lang.Float",
            "java.lang.Double");

    private final TypeFacts facts;
    private final Map<TypeElement, Boolean> known = new HashMap<>();
    private final Map<TypeElement, Boolean> deeplyKnown = new HashMap<>();

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

    /**
     * The JDK's memory layouts ({@code ValueLayout.JAVA_FLOAT} and the rest of
     * {@code java.lang.foreign.MemoryLayout}): sealed interfaces whose implementations, all in the
     * JDK, are immutable value-based classes. No code outside the JDK can implement them, so the
     * rule that an interface is never reference-immutable does not need to hold for them; without
     * this, no filter could read samples through the FFM API's constants.
     */
    private boolean jdkLayout(TypeElement type) {
        TypeElement layout = facts.elements().getTypeElement("java.lang.foreign.MemoryLayout");
        return layout != null && type.getQualifiedName().toString().startsWith("java.lang.foreign.")
                && facts.isSubclass(type, layout);
    }

    public boolean test(TypeElement type) {
        Boolean cached = known.get(type);
        if (cached != null) {
            return cached;
        }
        known.put(type, Boolean.TRUE); // a cycle of final fields is immutable if the rest is
        boolean result = jdkLayout(type) || (closed(type) && fieldsImmutable(type));
        known.put(type, result);
        return result;
    }

    /**
     * A value type: a record or an enum whose reference fields are all final and hold Strings, boxed
     * primitives or value types. Such an object cannot point at a transient one, cannot change, and
     * always lives on the heap (the weaver never allocates records or enums in a region, nor JDK
     * classes), so a stable object may keep it (R2) and Java code may hand one to a filter and take
     * one back (R1): a {@code Timebase} or a policy enum. A bare String stays a reference as the paper
     * has it; records are how filters take immutable values.
     */
    public boolean isValueType(TypeMirror type) {
        TypeElement element = facts.asElement(type);
        if (element == null || (element.getKind() != ElementKind.RECORD && element.getKind() != ElementKind.ENUM)) {
            return false;
        }
        return valueFields(element, new HashSet<>());
    }

    private boolean valueFields(TypeElement type, Set<TypeElement> seen) {
        if (!seen.add(type)) {
            return true; // a cycle is a value type if the rest is
        }
        if (!test(type)) {
            return false;
        }
        for (Element member : type.getEnclosedElements()) {
            if (member.getKind() != ElementKind.FIELD || member.getModifiers().contains(Modifier.STATIC)) {
                continue;
            }
            TypeMirror fieldType = ((VariableElement) member).asType();
            if (fieldType.getKind().isPrimitive()) {
                continue;
            }
            TypeElement field = facts.asElement(fieldType);
            if (field == null) {
                return false;
            }
            String name = field.getQualifiedName().toString();
            boolean plainValue = name.equals("java.lang.String") || BOXES.contains(name);
            boolean nested = (field.getKind() == ElementKind.RECORD || field.getKind() == ElementKind.ENUM)
                    && valueFields(field, seen);
            if (!plainValue && !nested) {
                return false;
            }
        }
        return true;
    }

    /**
     * Deeply immutable (rule F1): no code can change a value of this type, nor anything it reaches.
     * Primitives, {@code String} and the boxed types (their caches are not state anyone reads back),
     * and final classes, records and enums without constant bodies whose instance fields, their own and
     * their superclasses' ({@code java.lang.Enum}'s hash cache aside), are all final and deeply
     * immutable. Arrays never are: any element can be written; nor interfaces and non-final classes,
     * whose subclasses may add fields. Stricter than {@link #test}, which lets a final class keep
     * non-final primitive fields, and than {@link #isValueType}, which a nested record need only pass.
     */
    public boolean deeplyImmutable(TypeMirror type) {
        if (type.getKind().isPrimitive()) {
            return true;
        }
        TypeElement element = facts.asElement(type);
        return element != null && deeplyImmutable(element);
    }

    private boolean deeplyImmutable(TypeElement type) {
        String name = type.getQualifiedName().toString();
        if (name.equals("java.lang.String") || BOXES.contains(name)) {
            return true;
        }
        Boolean cached = deeplyKnown.get(type);
        if (cached != null) {
            return cached;
        }
        deeplyKnown.put(type, Boolean.TRUE); // a cycle of final fields is immutable if the rest is
        boolean result = !type.getKind().isInterface()
                && (type.getModifiers().contains(Modifier.FINAL) || type.getKind() == ElementKind.RECORD);
        for (TypeElement c = type; result && c != null; c = facts.asElement(c.getSuperclass())) {
            String owner = c.getQualifiedName().toString();
            if (owner.equals("java.lang.Enum") || owner.equals("java.lang.Record")
                    || owner.equals("java.lang.Object")) {
                break;
            }
            for (Element member : c.getEnclosedElements()) {
                if (member.getKind() == ElementKind.FIELD && !member.getModifiers().contains(Modifier.STATIC)
                        && (!member.getModifiers().contains(Modifier.FINAL)
                                || !deeplyImmutable(((VariableElement) member).asType()))) {
                    result = false;
                    break;
                }
            }
        }
        deeplyKnown.put(type, result);
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
