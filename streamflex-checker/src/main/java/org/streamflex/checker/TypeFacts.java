package org.streamflex.checker;

import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.IntersectionType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** What the rules ask of types: filter, capsule, stable, channel, shared, primitive, and how to name them. */
public final class TypeFacts {
    private final Elements elements;
    private final Types types;
    private final TypeElement filter;
    private final TypeElement capsule;
    private final TypeElement stable;
    private final TypeElement dataChannel;
    private final TypeElement timeChannel;
    private final TypeElement shared;

    TypeFacts(Elements elements, Types types) {
        this.elements = elements;
        this.types = types;
        this.filter = elements.getTypeElement("org.streamflex.Filter");
        this.capsule = elements.getTypeElement("org.streamflex.Capsule");
        this.stable = elements.getTypeElement("org.streamflex.Stable");
        this.dataChannel = elements.getTypeElement("org.streamflex.DataChannel");
        this.timeChannel = elements.getTypeElement("org.streamflex.TimeChannel");
        this.shared = elements.getTypeElement("org.streamflex.Shared");
    }

    /** Whether the StreamFlex API is on the class path; without it there is nothing to check. */
    boolean apiPresent() {
        return filter != null && capsule != null && stable != null;
    }

    public Types types() {
        return types;
    }

    public Elements elements() {
        return elements;
    }

    /** D1: a user's filter class (a subclass of Filter). */
    public boolean isFilter(TypeElement type) {
        return type != null && !type.equals(filter) && isSubclass(type, filter);
    }

    /** D1: a user's capsule class (a subclass of Capsule). */
    public boolean isCapsule(TypeElement type) {
        return type != null && !type.equals(capsule) && isSubclass(type, capsule);
    }

    /**
     * A library class annotated {@code @Reachable}: in the reachable class set of its compilation as if a
     * filter there used it, so that it is checked and woven for filter code of other compilations.
     */
    public boolean isDeclaredReachable(TypeElement type) {
        for (AnnotationMirror a : type.getAnnotationMirrors()) {
            if (((TypeElement) a.getAnnotationType().asElement()).getQualifiedName()
                    .contentEquals("org.streamflex.Reachable")) {
                return true;
            }
        }
        return false;
    }

    /** D5: implements Stable (transitively), or is a filter. */
    public boolean isStable(TypeElement type) {
        return type != null && (isSubclass(type, stable) || isSubclass(type, filter));
    }

    /** The runtime's channels count as stable: they belong to the graph, not to a work(). */
    public boolean isChannel(TypeElement type) {
        return type != null && (isSubclass(type, dataChannel) || isSubclass(type, timeChannel));
    }

    /** A channel that carries items (IntChannel, Channel, SharedChannel...), which {@code @Rate} counts. */
    public boolean isDataChannel(TypeElement type) {
        return type != null && isSubclass(type, dataChannel);
    }

    /** A clock's channel: it releases {@code work()} and carries no items. */
    public boolean isTimeChannel(TypeElement type) {
        return type != null && isSubclass(type, timeChannel);
    }

    /**
     * A shared value's class: {@code org.streamflex.Shared} or a subclass. Like channels, it is memory
     * the runtime and the library manage (pooled, reference counted, outliving {@code work()}), so its
     * code is trusted as written: outside the reachable class set and never woven.
     */
    public boolean isShared(TypeElement type) {
        return type != null && isSubclass(type, shared);
    }

    /** A value of this type is a shared value: a shared class, or a type variable bounded by one. */
    public boolean isSharedValue(TypeMirror type) {
        return switch (type.getKind()) {
            case DECLARED -> isShared(asElement(type));
            case TYPEVAR, INTERSECTION -> isShared(asElement(types.erasure(type)));
            default -> false;
        };
    }

    /**
     * The shared type that a value of {@code type} is or holds (as array elements, type arguments or
     * the bound of a type variable), as written: {@code FloatSeg} for {@code List<FloatSeg>}, {@code S}
     * for {@code S extends Shared}; null if it holds none. Stable types and channels hold none:
     * {@code SharedQueue} and {@code SharedChannel} retain what they keep, and are the way to hold
     * shared values.
     */
    public TypeMirror sharedIn(TypeMirror type) {
        return sharedIn(type, new HashSet<>());
    }

    private TypeMirror sharedIn(TypeMirror type, Set<Element> variablesSeen) {
        return switch (type.getKind()) {
            case ARRAY -> sharedIn(((ArrayType) type).getComponentType(), variablesSeen);
            case WILDCARD -> {
                WildcardType wildcard = (WildcardType) type;
                TypeMirror bound = wildcard.getExtendsBound() != null ? wildcard.getExtendsBound()
                        : wildcard.getSuperBound();
                yield bound == null ? null : sharedIn(bound, variablesSeen);
            }
            case TYPEVAR -> {
                // A bound may name the variable again (T extends Comparable<T>).
                if (!variablesSeen.add(((TypeVariable) type).asElement())) {
                    yield null;
                }
                yield isSharedValue(type) || sharedIn(((TypeVariable) type).getUpperBound(), variablesSeen) != null
                        ? type : null;
            }
            case INTERSECTION -> {
                for (TypeMirror bound : ((IntersectionType) type).getBounds()) {
                    TypeMirror held = sharedIn(bound, variablesSeen);
                    if (held != null) {
                        yield held;
                    }
                }
                yield null;
            }
            case DECLARED -> {
                TypeElement element = asElement(type);
                if (element == null) {
                    yield null;
                }
                if (isShared(element)) {
                    yield type;
                }
                // A stable class's own fields are checked where it is declared (S1 there), and a channel
                // retains what it carries: SharedQueue<FloatSeg> and SharedChannel<FloatSeg> hold none.
                if (isStable(element) || isChannel(element)) {
                    yield null;
                }
                for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
                    TypeMirror held = sharedIn(argument, variablesSeen);
                    if (held != null) {
                        yield held;
                    }
                }
                yield null;
            }
            default -> null;
        };
    }

    /** A field of this type may be kept by a stable object (R2): primitive, stable or channel. */
    public boolean isStableType(TypeMirror type) {
        if (type.getKind().isPrimitive()) {
            return true;
        }
        if (type.getKind() == TypeKind.TYPEVAR) {
            return isStableType(((TypeVariable) type).getUpperBound());
        }
        TypeElement element = asElement(type);
        return element != null && (isStable(element) || isChannel(element));
    }

    public TypeElement asElement(TypeMirror type) {
        if (type.getKind() == TypeKind.DECLARED) {
            Element e = ((DeclaredType) type).asElement();
            return e instanceof TypeElement t ? t : null;
        }
        return null;
    }

    public boolean isSubclass(TypeElement type, TypeElement base) {
        return base != null && types.isSubtype(types.erasure(type.asType()), types.erasure(base.asType()));
    }

    public static boolean isPrimitiveArray(TypeMirror type) {
        return type.getKind() == TypeKind.ARRAY && ((ArrayType) type).getComponentType().getKind().isPrimitive();
    }

    /** A type as a user writes it, without package names: {@code Map<String, Complex>}, {@code int[]}. */
    public static String typeName(TypeMirror type) {
        return switch (type.getKind()) {
            case ARRAY -> typeName(((ArrayType) type).getComponentType()) + "[]";
            case DECLARED -> {
                DeclaredType declared = (DeclaredType) type;
                StringBuilder name = new StringBuilder(displayName((TypeElement) declared.asElement()));
                if (!declared.getTypeArguments().isEmpty()) {
                    name.append('<');
                    for (int i = 0; i < declared.getTypeArguments().size(); i++) {
                        name.append(i == 0 ? "" : ", ").append(typeName(declared.getTypeArguments().get(i)));
                    }
                    name.append('>');
                }
                yield name.toString();
            }
            case WILDCARD -> {
                WildcardType wildcard = (WildcardType) type;
                yield wildcard.getExtendsBound() != null ? "? extends " + typeName(wildcard.getExtendsBound())
                        : wildcard.getSuperBound() != null ? "? super " + typeName(wildcard.getSuperBound()) : "?";
            }
            default -> type.toString();
        };
    }

    /** A class's name as a user knows it: {@code Outer.Inner}, or "an anonymous class in Outer". */
    public static String displayName(TypeElement type) {
        if (type.getNestingKind() == NestingKind.ANONYMOUS) {
            Element outer = type.getEnclosingElement();
            while (outer != null && !(outer instanceof TypeElement)) {
                outer = outer.getEnclosingElement();
            }
            return "an anonymous class in " + (outer == null ? "?" : displayName((TypeElement) outer));
        }
        if (type.getNestingKind() == NestingKind.MEMBER && type.getEnclosingElement() instanceof TypeElement outer) {
            return displayName(outer) + "." + type.getSimpleName();
        }
        return type.getSimpleName().toString();
    }
}
