package org.streamflex.runtime.channel;

/**
 * How each primitive channel stores its values in a {@link LongRing}'s 64-bit slots: integers are
 * widened (and narrowed back), {@code float} and {@code double} keep their raw bit patterns (so
 * every NaN travels unchanged), and {@code boolean} is 0 or 1. These pairs are the only code that
 * differs between the primitive channels, which the build generates from {@code RingDoubleChannel}.
 */
final class SlotBits {
    private SlotBits() {
    }

    static long ofBoolean(boolean v) {
        return v ? 1 : 0;
    }

    static boolean toBoolean(long slot) {
        return slot != 0;
    }

    static long ofByte(byte v) {
        return v;
    }

    static byte toByte(long slot) {
        return (byte) slot;
    }

    static long ofChar(char v) {
        return v;
    }

    static char toChar(long slot) {
        return (char) slot;
    }

    static long ofShort(short v) {
        return v;
    }

    static short toShort(long slot) {
        return (short) slot;
    }

    static long ofInt(int v) {
        return v;
    }

    static int toInt(long slot) {
        return (int) slot;
    }

    static long ofLong(long v) {
        return v;
    }

    static long toLong(long slot) {
        return slot;
    }

    static long ofFloat(float v) {
        return Float.floatToRawIntBits(v);
    }

    static float toFloat(long slot) {
        return Float.intBitsToFloat((int) slot);
    }

    static long ofDouble(double v) {
        return Double.doubleToRawLongBits(v);
    }

    static double toDouble(long slot) {
        return Double.longBitsToDouble(slot);
    }
}
