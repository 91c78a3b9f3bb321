package org.streamflex.runtime.net;

import java.util.Locale;

/**
 * The kind of item a link carries: one of the eight primitive channel kinds, fixed size and
 * big-endian on the wire, or capsules or shared values (signal segments), each a length-prefixed run
 * of bytes.
 *
 * <pre>{@code
 * ElementKind.LONG.size();    // 8 bytes per item in a DATA frame
 * ElementKind.CAPSULE.size(); // 0: each item is prefixed by its length
 * }</pre>
 */
public enum ElementKind {
    BOOLEAN(1, 1),
    BYTE(2, 1),
    CHAR(3, 2),
    SHORT(4, 2),
    INT(5, 4),
    LONG(6, 8),
    FLOAT(7, 4),
    DOUBLE(8, 8),
    CAPSULE(9, 0),
    /** Shared values ({@code SharedChannel}): signal segments and tuples, each as its {@link SharedCodec} writes it. */
    SHARED(10, 0);

    private final int code;
    private final int size;

    ElementKind(int code, int size) {
        this.code = code;
        this.size = size;
    }

    /** The kind's byte in a HELLO frame. */
    public int code() {
        return code;
    }

    /** Bytes per item on the wire; 0 for capsules and shared values, whose items carry their own length. */
    public int size() {
        return size;
    }

    /** The name a Java programmer knows it by: {@code long}, {@code capsule}, {@code shared}. */
    public String javaName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind for a HELLO frame's byte, or null when no kind has that code. */
    static ElementKind ofCode(int code) {
        for (ElementKind kind : values()) {
            if (kind.code == code) {
                return kind;
            }
        }
        return null;
    }
}
