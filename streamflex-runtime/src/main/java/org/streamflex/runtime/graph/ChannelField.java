package org.streamflex.runtime.graph;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.List;
import org.streamflex.Capsule;
import org.streamflex.Shared;
import org.streamflex.StreamFlexError;

/**
 * A channel field of one filter, and whether it is connected yet. An array of channels
 * ({@code SharedChannel<FloatSeg>[] in}) is one field that takes any number of connects: each adds
 * a channel, in connection order, and the array is injected when the graph freezes.
 */
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
    /** Whether the field is an array of channels, filled one connect at a time. */
    final boolean array;
    /** Set once a connect names or chooses this field (even if that connect had a problem). */
    boolean claimed;
    /** The channel injected, once connected without problems; for an array, the last one added. */
    Object channel;
    /** For an array field: its channels, in connection order. */
    final List<Object> elements = new ArrayList<>();

    ChannelField(Field field, ChannelKind kind, String owner, FieldRole role) {
        this.field = field;
        this.kind = kind;
        this.owner = owner;
        this.role = role;
        this.array = field.getType().isArray();
        Class<?> base = kind == ChannelKind.CAPSULE ? Capsule.class : Shared.class;
        this.elementType = kind.typed() ? elementTypeOf(field, base) : null;
        this.generic = kind.typed() && componentType(field) instanceof ParameterizedType p
                && p.getActualTypeArguments()[0] instanceof TypeVariable<?>;
    }

    String name() {
        return field.getName();
    }

    /** How a message names this field: {@code Gen.out (IntChannel)}, with the filter's instance name. */
    String describe() {
        return owner + "." + field.getName() + " (" + kind.displayName()
                + (elementType == null ? "" : "<" + elementType.getSimpleName() + ">") + (array ? "[]" : "") + ")";
    }

    /** How a channel's name shows this end: {@code Sync.in[2]} for the third channel of an array. */
    String endName() {
        return owner + "." + indexedName();
    }

    /** The field's name, with the index the next channel of an array gets: {@code in[2]}. */
    String indexedName() {
        return field.getName() + (array ? "[" + elements.size() + "]" : "");
    }

    /** Sets the field, or for an array adds the channel to those injected when the graph freezes. */
    void inject(Object filter, Object value) {
        if (array) {
            elements.add(value);
            channel = value;
            return;
        }
        set(filter, value);
        channel = value;
    }

    /** Injects an array field's channels, in connection order. */
    void injectArray(Object filter) {
        Object channels = Array.newInstance(field.getType().getComponentType(), elements.size());
        for (int i = 0; i < elements.size(); i++) {
            Array.set(channels, i, elements.get(i));
        }
        set(filter, channels);
    }

    private void set(Object filter, Object value) {
        try {
            field.setAccessible(true);
            field.set(filter, value);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new StreamFlexError("cannot inject a channel into " + describe() + ": " + e
                    + "; open the filter's package to the StreamFlex runtime if it is in a named module");
        }
    }

    /** The class a {@code Channel<T>} or {@code SharedChannel<T>} field declares, or {@code base} for a raw one. */
    private static Class<?> elementTypeOf(Field field, Class<?> base) {
        Type generic = componentType(field);
        if (generic instanceof ParameterizedType parameterized) {
            Class<?> bound = erase(parameterized.getActualTypeArguments()[0]);
            if (bound != null && base.isAssignableFrom(bound)) {
                return bound;
            }
        }
        return base;
    }

    /** The declared type of the field, or of its elements for an array field. */
    private static Type componentType(Field field) {
        Type generic = field.getGenericType();
        return generic instanceof GenericArrayType array ? array.getGenericComponentType() : generic;
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
