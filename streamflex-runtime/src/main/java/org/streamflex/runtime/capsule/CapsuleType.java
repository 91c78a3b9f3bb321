package org.streamflex.runtime.capsule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.streamflex.Capsule;
import org.streamflex.StreamFlexError;

/**
 * What the runtime knows of one capsule class: how to create an instance through its private
 * constructor and how to copy one into another.
 */
public final class CapsuleType<C extends Capsule> {
    private final Class<C> type;
    private final Constructor<C> constructor;
    private final FieldCopy[] fields;

    private CapsuleType(Class<C> type, Constructor<C> constructor, FieldCopy[] fields) {
        this.type = type;
        this.constructor = constructor;
        this.fields = fields;
    }

    /**
     * Inspects a capsule class.
     *
     * @throws StreamFlexError if instances cannot be made or a field is neither a primitive nor a
     *     primitive array
     */
    public static <C extends Capsule> CapsuleType<C> of(Class<C> type) {
        if (!Capsule.class.isAssignableFrom(type)) {
            throw new StreamFlexError(type.getName() + " is not a capsule: capsules extend org.streamflex.Capsule");
        }
        if (Modifier.isAbstract(type.getModifiers())) {
            throw new StreamFlexError("cannot make a capsule of " + type.getName()
                    + ": it is abstract; make one of its concrete subclasses");
        }
        checkFields(type);
        Constructor<C> constructor;
        try {
            constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new StreamFlexError("cannot make a capsule of " + type.getName()
                    + ": it needs a constructor without parameters (private, rule R6)"
                    + (type.isMemberClass() && !Modifier.isStatic(type.getModifiers())
                            ? "; it is an inner class, make it static" : ""));
        }
        return new CapsuleType<>(type, constructor, copiers(type));
    }

    /** Checks rule R5 for a class and its capsule superclasses; usable on abstract classes. */
    public static void checkFields(Class<?> type) {
        for (Class<?> c = type; c != Capsule.class && c != null; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                Class<?> t = field.getType();
                boolean allowed = t.isPrimitive() || (t.isArray() && t.getComponentType().isPrimitive());
                if (!allowed) {
                    throw new StreamFlexError("capsule " + type.getName() + " has field " + c.getSimpleName()
                            + "." + field.getName() + " of type " + t.getTypeName()
                            + ": capsule fields must be primitives or primitive arrays (rule R5)");
                }
            }
        }
    }

    public Class<C> type() {
        return type;
    }

    /** A new instance, through the capsule's own constructor. */
    public C newInstance() {
        try {
            return constructor.newInstance();
        } catch (InvocationTargetException e) {
            throw new StreamFlexError("the constructor of capsule " + type.getName() + " threw "
                    + e.getCause() + ": capsule constructors should only allocate their arrays");
        } catch (ReflectiveOperationException e) {
            throw new StreamFlexError("cannot make a capsule of " + type.getName() + ": " + e);
        }
    }

    /**
     * Copies every field of {@code source} into {@code target}; array contents are copied into
     * the target's own arrays when their lengths match, else the target gets a clone.
     */
    public void copy(Capsule source, Capsule target) {
        for (FieldCopy field : fields) {
            field.copy(source, target);
        }
    }

    private static FieldCopy[] copiers(Class<?> type) {
        List<FieldCopy> copies = new ArrayList<>();
        for (Class<?> c = type; c != Capsule.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    copies.add(copier(field));
                }
            }
        }
        return copies.toArray(FieldCopy[]::new);
    }

    @SuppressWarnings("ReferenceEquality") // an array field already holding the source's array needs no copy
    private static FieldCopy copier(Field field) {
        VarHandle vh;
        try {
            MethodHandles.Lookup lookup =
                    MethodHandles.privateLookupIn(field.getDeclaringClass(), MethodHandles.lookup());
            vh = lookup.unreflectVarHandle(field);
        } catch (IllegalAccessException e) {
            throw new StreamFlexError("cannot access capsule field " + field + ": " + e.getMessage());
        }
        Class<?> t = field.getType();
        if (t == int.class) {
            return (s, d) -> vh.set(d, (int) vh.get(s));
        } else if (t == long.class) {
            return (s, d) -> vh.set(d, (long) vh.get(s));
        } else if (t == double.class) {
            return (s, d) -> vh.set(d, (double) vh.get(s));
        } else if (t == float.class) {
            return (s, d) -> vh.set(d, (float) vh.get(s));
        } else if (t == short.class) {
            return (s, d) -> vh.set(d, (short) vh.get(s));
        } else if (t == byte.class) {
            return (s, d) -> vh.set(d, (byte) vh.get(s));
        } else if (t == char.class) {
            return (s, d) -> vh.set(d, (char) vh.get(s));
        } else if (t == boolean.class) {
            return (s, d) -> vh.set(d, (boolean) vh.get(s));
        }
        return (s, d) -> {
            Object from = vh.get(s);
            Object to = vh.get(d);
            if (from == null) {
                vh.set(d, (Object) null);
            } else if (to != null && to != from
                    && java.lang.reflect.Array.getLength(to) == java.lang.reflect.Array.getLength(from)) {
                System.arraycopy(from, 0, to, 0, java.lang.reflect.Array.getLength(from));
            } else {
                vh.set(d, cloneArray(from));
            }
        };
    }

    private static Object cloneArray(Object array) {
        int length = java.lang.reflect.Array.getLength(array);
        Object copy = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), length);
        System.arraycopy(array, 0, copy, 0, length);
        return copy;
    }

    @FunctionalInterface
    private interface FieldCopy {
        void copy(Object source, Object target);
    }
}
