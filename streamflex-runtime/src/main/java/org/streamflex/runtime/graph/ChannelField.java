package org.streamflex.runtime.graph;

import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import org.streamflex.Capsule;
import org.streamflex.Shared;
import org.streamflex.StreamFlexError;

/** A channel field of one filter, and whether it is connected yet. */
final class ChannelField {
    final Field field;
    final ChannelKind kind;
    /** The instance name of the filter the field belongs to. */
    final String owner;
    final FieldRole role;
    /** For capsule channels, the capsule type carried; else null. */
    final Class<?> elementType;
    /**
     * Whether the field's element type is a type variable ({@code SharedChannel<S>} of a generic operator): its
     * {@link #elementType} is the variable's bound, and an output feeds any consumer within it.
     */
    final boolean generic;
    /** Set once a connect names or chooses this field (even if that connect had a problem). */
    boolean claimed;
    /** The channel injected, once connected without problems. */
    Object channel;

    ChannelField(Field field, ChannelKind kind, String owner, FieldRole role) {
        this.field = field;
        this.kind = kind;
        this.owner = owner;
        this.role = role;
        Class<?> base = kind == ChannelKind.CAPSULE ? Capsule.class : Shared.class;
        this.elementType = kind.typed() ? elementTypeOf(field, base) : null;
        this.generic = kind.typed() && field.getGenericType() instanceof ParameterizedType p
                && p.getActualTypeArguments()[0] instanceof TypeVariable<?>;
    }

    String name() {
        return field.getName();
    }

    /** How a message names this field: {@code Gen.out (IntChannel)}, with the filter's instance name. */
    String describe() {
        return owner + "." + field.getName() + " ("
                + kind.displayName() + (elementType == null ? "" : "<" + elementType.getSimpleName() + ">") + ")";
    }

    void inject(Object filter, Object value) {
        try {
            field.setAccessible(true);
            field.set(filter, value);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new StreamFlexError("cannot inject a channel into " + describe() + ": " + e
                    + "; open the filter's package to the StreamFlex runtime if it is in a named module");
        }
        channel = value;
    }

    /** The class a {@code Channel<T>} or {@code SharedChannel<T>} field declares, or {@code base} for a raw one. */
    private static Class<?> elementTypeOf(Field field, Class<?> base) {
        Type generic = field.getGenericType();
        if (generic instanceof ParameterizedType parameterized) {
            Class<?> bound = erase(parameterized.getActualTypeArguments()[0]);
            if (bound != null && base.isAssignableFrom(bound)) {
                return bound;
            }
        }
        return base;
    }

    private static Class<?> erase(Type type) {
        return switch (type) {
            case Class<?> c -> c;
            case ParameterizedType p -> erase(p.getRawType());
            case WildcardType w -> erase(w.getUpperBounds()[0]);
            case TypeVariable<?> v -> erase(v.getBounds()[0]);
            case null, default -> null;
        };
    }
}
