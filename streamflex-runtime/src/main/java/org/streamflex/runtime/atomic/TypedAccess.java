package org.streamflex.runtime.atomic;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Loads and stores of a location by its JVM type letter, values as raw 64-bit patterns. The
 * orderings, named once: a Java caller reads the filter's state with opaque loads (each load
 * returns a value some write stored, and the sequence lock's acquire loads order them), and the
 * filter's thread, the only writer, applies writes with plain stores published by its release of
 * the sequence lock.
 */
final class TypedAccess {
    static final char Z = 'Z', B = 'B', C = 'C', S = 'S', I = 'I', J = 'J', F = 'F', D = 'D', L = 'L';

    private static final VarHandle BOOLEANS = MethodHandles.arrayElementVarHandle(boolean[].class);
    private static final VarHandle BYTES = MethodHandles.arrayElementVarHandle(byte[].class);
    private static final VarHandle CHARS = MethodHandles.arrayElementVarHandle(char[].class);
    private static final VarHandle SHORTS = MethodHandles.arrayElementVarHandle(short[].class);
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle FLOATS = MethodHandles.arrayElementVarHandle(float[].class);
    private static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);

    private TypedAccess() {
    }

    /**
     * The kind of a location as logged: woven code names {@code byte[]} and {@code boolean[]}
     * elements alike ({@code baload}/{@code bastore} serve both), the array tells which.
     */
    static char kindOf(Object owner, VarHandle field, int kind) {
        return field == null && kind == B && owner instanceof boolean[] ? Z : (char) kind;
    }

    /**
     * A value as the JVM would store it into a location of the kind: {@code bastore} into a
     * {@code boolean[]} keeps the lowest bit, narrow integer stores truncate.
     */
    static long narrow(char kind, long bits) {
        return switch (kind) {
            case Z -> bits & 1;
            case B -> (byte) bits;
            case C -> (char) bits;
            case S -> (short) bits;
            case I, F -> (int) bits;
            default -> bits;
        };
    }

    /** The element kind of a primitive array, for {@code System.arraycopy}. */
    static char kindOfArray(Object array) {
        return switch (array) {
            case boolean[] a -> Z;
            case byte[] a -> B;
            case char[] a -> C;
            case short[] a -> S;
            case int[] a -> I;
            case long[] a -> J;
            case float[] a -> F;
            case double[] a -> D;
            default -> throw new ArrayStoreException("arraycopy: " + array.getClass().getName()
                    + " is not a primitive array");
        };
    }

    static long load(Object owner, VarHandle field, int index, char kind) {
        if (field != null) {
            return switch (kind) {
                case Z -> (boolean) field.getOpaque(owner) ? 1 : 0;
                case B -> (byte) field.getOpaque(owner);
                case C -> (char) field.getOpaque(owner);
                case S -> (short) field.getOpaque(owner);
                case I -> (int) field.getOpaque(owner);
                case J -> (long) field.getOpaque(owner);
                case F -> Float.floatToRawIntBits((float) field.getOpaque(owner));
                case D -> Double.doubleToRawLongBits((double) field.getOpaque(owner));
                default -> throw new IllegalArgumentException("kind " + kind);
            };
        }
        return switch (kind) {
            case Z -> (boolean) BOOLEANS.getOpaque((boolean[]) owner, index) ? 1 : 0;
            case B -> (byte) BYTES.getOpaque((byte[]) owner, index);
            case C -> (char) CHARS.getOpaque((char[]) owner, index);
            case S -> (short) SHORTS.getOpaque((short[]) owner, index);
            case I -> (int) INTS.getOpaque((int[]) owner, index);
            case J -> (long) LONGS.getOpaque((long[]) owner, index);
            case F -> Float.floatToRawIntBits((float) FLOATS.getOpaque((float[]) owner, index));
            case D -> Double.doubleToRawLongBits((double) DOUBLES.getOpaque((double[]) owner, index));
            default -> throw new IllegalArgumentException("kind " + kind);
        };
    }

    static Object loadReference(Object owner, VarHandle field, int index) {
        return field != null ? field.getOpaque(owner) : ((Object[]) owner)[index];
    }

    static void store(Object owner, VarHandle field, int index, char kind, long bits, Object ref) {
        if (field != null) {
            switch (kind) {
                case Z -> field.set(owner, bits != 0);
                case B -> field.set(owner, (byte) bits);
                case C -> field.set(owner, (char) bits);
                case S -> field.set(owner, (short) bits);
                case I -> field.set(owner, (int) bits);
                case J -> field.set(owner, bits);
                case F -> field.set(owner, Float.intBitsToFloat((int) bits));
                case D -> field.set(owner, Double.longBitsToDouble(bits));
                default -> field.set(owner, ref);
            }
            return;
        }
        switch (kind) {
            case Z -> ((boolean[]) owner)[index] = bits != 0;
            case B -> ((byte[]) owner)[index] = (byte) bits;
            case C -> ((char[]) owner)[index] = (char) bits;
            case S -> ((short[]) owner)[index] = (short) bits;
            case I -> ((int[]) owner)[index] = (int) bits;
            case J -> ((long[]) owner)[index] = bits;
            case F -> ((float[]) owner)[index] = Float.intBitsToFloat((int) bits);
            case D -> ((double[]) owner)[index] = Double.longBitsToDouble(bits);
            default -> ((Object[]) owner)[index] = ref;
        }
    }
}
