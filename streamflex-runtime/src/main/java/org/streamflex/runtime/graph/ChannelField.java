package org.streamflex.runtime.graph;

import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import org.streamflex.Capsule;
import org.streamflex.StreamFlexError;

/** A channel field of one filter, and whether it is connected yet. */
final class ChannelField {
    final Field field;
    final ChannelKind kind;
    /** The instance name of the filter the field belongs to. */
    final String owner;
    final FieldRole role;
    /** For capsule channels, the capsule type carried; else null. */
    final Class<? extends Capsule> elementType;
    /** Set once a connect names or chooses this field (even if that connect had a problem). */
    boolean claimed;
    /** The channel injected, once connected without problems. */
    Object channel;

    ChannelField(Field field, ChannelKind kind, String owner, FieldRole role) {
        this.field = field;
        this.kind = kind;
        this.owner = owner;
        this.role = role;
        this.elementType = kind == ChannelKind.CAPSULE ? elementTypeOf(field) : null;
    }

    String name() {
        return field.getName();
    }

    /** How a message names this field: {@code Gen.out (IntChannel)}, with the filter's instance name. */
    String describe() {
        return owner + "." + field.getName() + " ("
                + (elementType == null ? kind.displayName() : "Channel<" + elementType.getSimpleName() + ">") + ")";
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

    @SuppressWarnings("unchecked")
    private static Class<? extends Capsule> elementTypeOf(Field field) {
        Type generic = field.getGenericType();
        if (generic instanceof ParameterizedType parameterized) {
            Class<?> bound = erase(parameterized.getActualTypeArguments()[0]);
            if (bound != null && Capsule.class.isAssignableFrom(bound)) {
                return (Class<? extends Capsule>) bound;
            }
        }
        return Capsule.class;
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
