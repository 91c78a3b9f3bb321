package org.streamflex.runtime.net;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.streamflex.Capsule;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.capsule.CapsuleType;

/**
 * How a capsule travels on a link: its fields, in a fixed order, as bytes. The order is the class
 * hierarchy from {@link Capsule} down (a superclass's fields before its subclass's), and within a
 * class the fields in declared order (as the class file lists them; javac keeps the source order);
 * static fields are not sent. A primitive is written big-endian at its own size ({@code boolean} one
 * byte, 0 or 1; {@code float} and {@code double} as their raw bits, so every NaN arrives unchanged);
 * an array as its length, u32, then its elements so written; a null array as length 0xFFFFFFFF.
 * Nothing else is written: no type name, no field names (the link's HELLO names the capsule type, and
 * a receiver with another type refuses the link).
 *
 * <p>Decoding writes into a capsule the caller took from its pool, into that capsule's own arrays:
 * nothing is allocated. An array on the wire of another length than the target's array (or a null
 * one where the target has an array, or the other way round) is a {@link ProtocolException} naming
 * the type and field: capsules crossing a link must have arrays of the same length on both sides,
 * which a capsule whose constructor allocates its arrays has.
 *
 * <pre>{@code
 * CapsuleCodec<Reading> codec = CapsuleCodec.of(Reading.class);
 * byte[] bytes = new byte[codec.encodedSize(reading)];
 * codec.encode(reading, bytes, 0);
 * codec.decode(bytes, 0, bytes.length, pooledReading); // pooledReading now equals reading, bit for bit
 * }</pre>
 *
 * @param <C> the capsule type
 */
public final class CapsuleCodec<C extends Capsule> {
    /** The length that stands for a null array. */
    static final int NULL_ARRAY = -1;
    private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final Class<C> type;
    private final FieldCodec[] fields;
    /** Bytes of the primitive fields, the same for every instance. */
    private final int fixedBytes;

    private CapsuleCodec(Class<C> type, FieldCodec[] fields) {
        this.type = type;
        this.fields = fields;
        int fixed = 0;
        for (FieldCodec f : fields) {
            fixed += f.array ? 4 : f.elementBytes;
        }
        this.fixedBytes = fixed;
    }

    /**
     * The codec of a capsule class.
     *
     * @throws StreamFlexError if a field is neither a primitive nor a primitive array (rule R5)
     */
    public static <C extends Capsule> CapsuleCodec<C> of(Class<C> type) {
        CapsuleType.checkFields(type);
        Deque<Class<?>> hierarchy = new ArrayDeque<>();
        for (Class<?> c = type; c != Capsule.class; c = c.getSuperclass()) {
            hierarchy.push(c);
        }
        List<FieldCodec> codecs = new ArrayList<>();
        for (Class<?> c : hierarchy) {
            for (Field field : c.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    codecs.add(FieldCodec.of(field));
                }
            }
        }
        return new CapsuleCodec<>(type, codecs.toArray(FieldCodec[]::new));
    }

    /** The capsule class. */
    public Class<C> type() {
        return type;
    }

    /** Fields written, in wire order, as {@code Class.field}: for documentation and messages. */
    public List<String> fieldNames() {
        List<String> names = new ArrayList<>(fields.length);
        for (FieldCodec f : fields) {
            names.add(f.name);
        }
        return names;
    }

    /** Bytes {@code capsule} takes on the wire. */
    public int encodedSize(Capsule capsule) {
        long size = fixedBytes;
        for (FieldCodec f : fields) {
            if (f.array) {
                Object array = f.handle.get(capsule);
                if (array != null) {
                    size += (long) Array.getLength(array) * f.elementBytes;
                }
            }
        }
        if (size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("capsule " + type.getName() + " takes " + size
                    + " bytes encoded, more than a link item can hold");
        }
        return (int) size;
    }

    /**
     * Writes {@code capsule} at {@code offset}, which must have {@link #encodedSize} bytes of room,
     * and returns the offset after it.
     */
    public int encode(Capsule capsule, byte[] out, int offset) {
        int at = offset;
        for (FieldCodec f : fields) {
            at = f.array ? f.writeArray(capsule, out, at) : f.writeValue(capsule, out, at);
        }
        return at;
    }

    /**
     * Writes {@code capsule} at {@code index} of {@code out} (its indices untouched), which must have
     * {@link #encodedSize} bytes of room, byte for byte as {@link #encode(Capsule, byte[], int)}
     * writes it into an array, and returns the index after it: straight into a frame to send, with
     * no copy of the item in between.
     *
     * <pre>{@code
     * int end = codec.encode(reading, frame, frame.writerIndex());
     * frame.writerIndex(end);
     * }</pre>
     */
    public int encode(Capsule capsule, ByteBuf out, int index) {
        int at = index;
        for (FieldCodec f : fields) {
            at = f.array ? f.writeArray(capsule, out, at) : f.writeValue(capsule, out, at);
        }
        return at;
    }

    /**
     * Reads a capsule of {@code length} bytes at {@code offset} into {@code target}, into its own
     * arrays.
     *
     * @throws ProtocolException if the bytes are short, left over, or carry an array of another
     *     length than the target's; the message names the type and field
     */
    public void decode(byte[] in, int offset, int length, C target) {
        int end = offset + length;
        int at = offset;
        for (FieldCodec f : fields) {
            if (f.array) {
                at = readArray(f, in, at, end, target);
            } else {
                need(f, at, end, f.elementBytes, length);
                f.readValue(target, in, at);
                at += f.elementBytes;
            }
        }
        requireEnd(at, end, length);
    }

    /**
     * Reads a capsule of {@code length} bytes at {@code index} of {@code in} (its reader index and
     * bytes untouched) into {@code target}, as {@link #decode(byte[], int, int, Capsule)} reads one
     * from an array: straight from a received frame, with no copy of the item in between.
     *
     * <pre>{@code
     * codec.decode(frame, frame.readerIndex(), length, pooledReading);
     * }</pre>
     *
     * @throws ProtocolException as the array form does
     */
    public void decode(ByteBuf in, int index, int length, C target) {
        int end = index + length;
        int at = index;
        for (FieldCodec f : fields) {
            if (f.array) {
                need(f, at, end, 4, end - at);
                int n = in.getInt(at);
                at += 4;
                Object array = arrayFor(f, n, target);
                if (array != null) {
                    long bytes = (long) n * f.elementBytes;
                    need(f, at, end, bytes, end - at);
                    f.readElements(array, n, in, at);
                    at += (int) bytes;
                }
            } else {
                need(f, at, end, f.elementBytes, length);
                f.readValue(target, in, at);
                at += f.elementBytes;
            }
        }
        requireEnd(at, end, length);
    }

    /** Refuses bytes after the last field: the sender's capsule has fields this one lacks. */
    private void requireEnd(int at, int end, int length) {
        if (at != end) {
            throw new ProtocolException("capsule " + type.getName() + ": " + (end - at) + " bytes follow its last"
                    + " field " + fields[fields.length - 1].name + " in an item of " + length
                    + " bytes: the sender's capsule has other fields");
        }
    }

    private int readArray(FieldCodec f, byte[] in, int at, int end, C target) {
        need(f, at, end, 4, end - at);
        int n = (int) INTS.get(in, at);
        at += 4;
        Object array = arrayFor(f, n, target);
        if (array == null) {
            return at;
        }
        long bytes = (long) n * f.elementBytes;
        need(f, at, end, bytes, end - at);
        f.readElements(array, n, in, at);
        return at + (int) bytes;
    }

    /** The target's array of field {@code f} that {@code n} elements are read into; null for a null array. */
    private Object arrayFor(FieldCodec f, int n, C target) {
        Object array = f.handle.get(target);
        if (n == NULL_ARRAY) {
            if (array != null) {
                throw new ProtocolException("capsule " + type.getName() + " field " + f.name + " arrives null,"
                        + " but the receiving capsule has an array of " + Array.getLength(array)
                        + ": a null array cannot be written into it");
            }
            return null;
        }
        if (n < 0) {
            throw new ProtocolException("capsule " + type.getName() + " field " + f.name + " says its array has "
                    + Integer.toUnsignedString(n) + " elements: more than an item holds");
        }
        int have = array == null ? -1 : Array.getLength(array);
        if (have != n) {
            throw new ProtocolException("capsule " + type.getName() + " field " + f.name + " arrives with "
                    + n + " elements, but the receiving capsule's array " + (array == null ? "is null"
                    : "has " + have) + ": a link decodes into pooled capsules without allocating, so both"
                    + " sides must make the array the same length");
        }
        return array;
    }

    private void need(FieldCodec f, int at, int end, long bytes, int length) {
        if (end - at < bytes) {
            throw new ProtocolException("capsule " + type.getName() + " field " + f.name + " needs " + bytes
                    + " bytes, " + (end - at) + " are left of the item (" + length + " bytes from there):"
                    + " the item is short, or the sender's capsule has other fields");
        }
    }

    /** One field: how to read and write it through a private lookup of its class. */
    private static final class FieldCodec {
        final String name;
        final VarHandle handle;
        final Class<?> element;
        final int elementBytes;
        final boolean array;

        private FieldCodec(String name, VarHandle handle, Class<?> element, boolean array) {
            this.name = name;
            this.handle = handle;
            this.element = element;
            this.elementBytes = element == boolean.class || element == byte.class ? 1
                    : element == char.class || element == short.class ? 2
                    : element == int.class || element == float.class ? 4 : 8;
            this.array = array;
        }

        static FieldCodec of(Field field) {
            VarHandle vh;
            try {
                vh = MethodHandles.privateLookupIn(field.getDeclaringClass(), MethodHandles.lookup())
                        .unreflectVarHandle(field);
            } catch (IllegalAccessException e) {
                throw new StreamFlexError("cannot access capsule field " + field + ": " + e.getMessage());
            }
            Class<?> t = field.getType();
            boolean isArray = t.isArray();
            return new FieldCodec(field.getDeclaringClass().getSimpleName() + "." + field.getName(), vh,
                    isArray ? t.getComponentType() : t, isArray);
        }

        int writeValue(Capsule c, byte[] out, int at) {
            if (element == int.class) {
                INTS.set(out, at, (int) handle.get(c));
            } else if (element == long.class) {
                LONGS.set(out, at, (long) handle.get(c));
            } else if (element == double.class) {
                LONGS.set(out, at, Double.doubleToRawLongBits((double) handle.get(c)));
            } else if (element == float.class) {
                INTS.set(out, at, Float.floatToRawIntBits((float) handle.get(c)));
            } else if (element == short.class) {
                SHORTS.set(out, at, (short) handle.get(c));
            } else if (element == char.class) {
                SHORTS.set(out, at, (short) (char) handle.get(c));
            } else if (element == byte.class) {
                out[at] = (byte) handle.get(c);
            } else {
                out[at] = (byte) ((boolean) handle.get(c) ? 1 : 0);
            }
            return at + elementBytes;
        }

        int writeValue(Capsule c, ByteBuf out, int at) {
            if (element == int.class) {
                out.setInt(at, (int) handle.get(c));
            } else if (element == long.class) {
                out.setLong(at, (long) handle.get(c));
            } else if (element == double.class) {
                out.setLong(at, Double.doubleToRawLongBits((double) handle.get(c)));
            } else if (element == float.class) {
                out.setInt(at, Float.floatToRawIntBits((float) handle.get(c)));
            } else if (element == short.class) {
                out.setShort(at, (short) handle.get(c));
            } else if (element == char.class) {
                out.setShort(at, (char) handle.get(c));
            } else if (element == byte.class) {
                out.setByte(at, (byte) handle.get(c));
            } else {
                out.setByte(at, (boolean) handle.get(c) ? 1 : 0);
            }
            return at + elementBytes;
        }

        void readValue(Capsule c, byte[] in, int at) {
            if (element == int.class) {
                handle.set(c, (int) INTS.get(in, at));
            } else if (element == long.class) {
                handle.set(c, (long) LONGS.get(in, at));
            } else if (element == double.class) {
                handle.set(c, Double.longBitsToDouble((long) LONGS.get(in, at)));
            } else if (element == float.class) {
                handle.set(c, Float.intBitsToFloat((int) INTS.get(in, at)));
            } else if (element == short.class) {
                handle.set(c, (short) SHORTS.get(in, at));
            } else if (element == char.class) {
                handle.set(c, (char) (short) SHORTS.get(in, at));
            } else if (element == byte.class) {
                handle.set(c, in[at]);
            } else {
                handle.set(c, in[at] != 0);
            }
        }

        void readValue(Capsule c, ByteBuf in, int at) {
            if (element == int.class) {
                handle.set(c, in.getInt(at));
            } else if (element == long.class) {
                handle.set(c, in.getLong(at));
            } else if (element == double.class) {
                handle.set(c, Double.longBitsToDouble(in.getLong(at)));
            } else if (element == float.class) {
                handle.set(c, Float.intBitsToFloat(in.getInt(at)));
            } else if (element == short.class) {
                handle.set(c, in.getShort(at));
            } else if (element == char.class) {
                handle.set(c, (char) in.getShort(at));
            } else if (element == byte.class) {
                handle.set(c, in.getByte(at));
            } else {
                handle.set(c, in.getByte(at) != 0);
            }
        }

        int writeArray(Capsule c, byte[] out, int at) {
            Object a = handle.get(c);
            if (a == null) {
                INTS.set(out, at, NULL_ARRAY);
                return at + 4;
            }
            int n = Array.getLength(a);
            INTS.set(out, at, n);
            int p = at + 4;
            switch (a) {
                case int[] v -> {
                    for (int x : v) {
                        INTS.set(out, p, x);
                        p += 4;
                    }
                }
                case long[] v -> {
                    for (long x : v) {
                        LONGS.set(out, p, x);
                        p += 8;
                    }
                }
                case double[] v -> {
                    for (double x : v) {
                        LONGS.set(out, p, Double.doubleToRawLongBits(x));
                        p += 8;
                    }
                }
                case float[] v -> {
                    for (float x : v) {
                        INTS.set(out, p, Float.floatToRawIntBits(x));
                        p += 4;
                    }
                }
                case short[] v -> {
                    for (short x : v) {
                        SHORTS.set(out, p, x);
                        p += 2;
                    }
                }
                case char[] v -> {
                    for (char x : v) {
                        SHORTS.set(out, p, (short) x);
                        p += 2;
                    }
                }
                case byte[] v -> {
                    System.arraycopy(v, 0, out, p, n);
                    p += n;
                }
                case boolean[] v -> {
                    for (boolean x : v) {
                        out[p++] = (byte) (x ? 1 : 0);
                    }
                }
                default -> throw new IllegalStateException("field " + name + " is not a primitive array");
            }
            return p;
        }

        int writeArray(Capsule c, ByteBuf out, int at) {
            Object a = handle.get(c);
            if (a == null) {
                out.setInt(at, NULL_ARRAY);
                return at + 4;
            }
            int n = Array.getLength(a);
            out.setInt(at, n);
            int p = at + 4;
            switch (a) {
                case int[] v -> {
                    for (int x : v) {
                        out.setInt(p, x);
                        p += 4;
                    }
                }
                case long[] v -> {
                    for (long x : v) {
                        out.setLong(p, x);
                        p += 8;
                    }
                }
                case double[] v -> {
                    for (double x : v) {
                        out.setLong(p, Double.doubleToRawLongBits(x));
                        p += 8;
                    }
                }
                case float[] v -> {
                    for (float x : v) {
                        out.setInt(p, Float.floatToRawIntBits(x));
                        p += 4;
                    }
                }
                case short[] v -> {
                    for (short x : v) {
                        out.setShort(p, x);
                        p += 2;
                    }
                }
                case char[] v -> {
                    for (char x : v) {
                        out.setShort(p, x);
                        p += 2;
                    }
                }
                case byte[] v -> {
                    out.setBytes(p, v, 0, n);
                    p += n;
                }
                case boolean[] v -> {
                    for (boolean x : v) {
                        out.setByte(p++, x ? 1 : 0);
                    }
                }
                default -> throw new IllegalStateException("field " + name + " is not a primitive array");
            }
            return p;
        }

        void readElements(Object a, int n, byte[] in, int at) {
            int p = at;
            switch (a) {
                case int[] v -> {
                    for (int i = 0; i < n; i++, p += 4) {
                        v[i] = (int) INTS.get(in, p);
                    }
                }
                case long[] v -> {
                    for (int i = 0; i < n; i++, p += 8) {
                        v[i] = (long) LONGS.get(in, p);
                    }
                }
                case double[] v -> {
                    for (int i = 0; i < n; i++, p += 8) {
                        v[i] = Double.longBitsToDouble((long) LONGS.get(in, p));
                    }
                }
                case float[] v -> {
                    for (int i = 0; i < n; i++, p += 4) {
                        v[i] = Float.intBitsToFloat((int) INTS.get(in, p));
                    }
                }
                case short[] v -> {
                    for (int i = 0; i < n; i++, p += 2) {
                        v[i] = (short) SHORTS.get(in, p);
                    }
                }
                case char[] v -> {
                    for (int i = 0; i < n; i++, p += 2) {
                        v[i] = (char) (short) SHORTS.get(in, p);
                    }
                }
                case byte[] v -> System.arraycopy(in, p, v, 0, n);
                case boolean[] v -> {
                    for (int i = 0; i < n; i++) {
                        v[i] = in[p + i] != 0;
                    }
                }
                default -> throw new IllegalStateException("field " + name + " is not a primitive array");
            }
        }

        void readElements(Object a, int n, ByteBuf in, int at) {
            int p = at;
            switch (a) {
                case int[] v -> {
                    for (int i = 0; i < n; i++, p += 4) {
                        v[i] = in.getInt(p);
                    }
                }
                case long[] v -> {
                    for (int i = 0; i < n; i++, p += 8) {
                        v[i] = in.getLong(p);
                    }
                }
                case double[] v -> {
                    for (int i = 0; i < n; i++, p += 8) {
                        v[i] = Double.longBitsToDouble(in.getLong(p));
                    }
                }
                case float[] v -> {
                    for (int i = 0; i < n; i++, p += 4) {
                        v[i] = Float.intBitsToFloat(in.getInt(p));
                    }
                }
                case short[] v -> {
                    for (int i = 0; i < n; i++, p += 2) {
                        v[i] = in.getShort(p);
                    }
                }
                case char[] v -> {
                    for (int i = 0; i < n; i++, p += 2) {
                        v[i] = (char) in.getShort(p);
                    }
                }
                case byte[] v -> in.getBytes(p, v, 0, n);
                case boolean[] v -> {
                    for (int i = 0; i < n; i++) {
                        v[i] = in.getByte(p + i) != 0;
                    }
                }
                default -> throw new IllegalStateException("field " + name + " is not a primitive array");
            }
        }
    }
}
