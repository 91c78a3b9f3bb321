package org.streamflex.dsp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import org.streamflex.runtime.net.ProtocolException;

/**
 * A {@link Timebase} on a link: its name (u16 byte length, UTF-8), its sample rate (the raw bits of
 * the double) and its origin (i64 nanoseconds), big-endian. A signal's segments share a handful of
 * timebases, so each side caches the last few: the sender their names' bytes, the receiver the
 * timebases their bytes decode to, so that neither allocates once it has seen a signal's timebase.
 * One thread at a time uses an instance (a link's producer, or its consumer).
 *
 * <pre>{@code
 * TimebaseCodec timebases = new TimebaseCodec();
 * long at = timebases.write(mic, bytes, 0);       // returns where the next field starts
 * Timebase same = timebases.read(bytes, 0, at, "FloatSeg");
 * }</pre>
 */
final class TimebaseCodec {
    /** Bytes besides the name: its length u16, the rate f64 and the origin i64. */
    static final int FIXED_BYTES = 2 + 8 + 8;
    private static final int ENTRIES = 8;
    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final Timebase[] sent = new Timebase[ENTRIES];
    private final MemorySegment[] sentNames = new MemorySegment[ENTRIES];
    private int nextSent;
    private final Timebase[] received = new Timebase[ENTRIES];
    /** The whole encoded block of each received timebase, to compare with the next item's. */
    private final MemorySegment[] receivedBytes = new MemorySegment[ENTRIES];
    private int nextReceived;

    /** The bytes {@code timebase} encodes to. */
    int size(Timebase timebase) {
        return FIXED_BYTES + (int) name(timebase).byteSize();
    }

    /** Writes {@code timebase} at {@code offset}; returns the offset after it. */
    long write(Timebase timebase, MemorySegment target, long offset) {
        MemorySegment name = name(timebase);
        int length = (int) name.byteSize();
        target.set(U16, offset, (short) length);
        MemorySegment.copy(name, 0, target, offset + 2, length);
        long at = offset + 2 + length;
        target.set(I64, at, Double.doubleToRawLongBits(timebase.sampleRate()));
        target.set(I64, at + 8, timebase.originNanos());
        return at + 16;
    }

    /**
     * The timebase encoded at {@code offset}, whose block ends at {@code end} (the caller checked the
     * name's length against the item).
     *
     * @throws ProtocolException if the name is not UTF-8 or the rate not positive and finite, naming
     *     {@code type} and the field
     */
    Timebase read(MemorySegment source, long offset, long end, String type) {
        int length = (int) (end - offset);
        for (int i = 0; i < ENTRIES; i++) {
            MemorySegment known = receivedBytes[i];
            if (known != null && known.byteSize() == length
                    && MemorySegment.mismatch(source, offset, end, known, 0, length) < 0) {
                return received[i];
            }
        }
        // A timebase not seen lately: decoded once, then cached (allocation only here).
        byte[] bytes = source.asSlice(offset, length).toArray(ValueLayout.JAVA_BYTE);
        String name;
        try {
            name = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes, 2, length - 16 - 2)).toString();
        } catch (CharacterCodingException e) {
            throw new ProtocolException("a " + type + " on the link has a timebase name that is not UTF-8: " + e);
        }
        double rate = Double.longBitsToDouble(source.get(I64, end - 16));
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new ProtocolException("a " + type + " on the link has timebase " + name + " of sample rate " + rate
                    + ": field sampleRate must be positive and finite");
        }
        Timebase timebase = Timebase.of(name, rate, source.get(I64, end - 8));
        int slot = nextReceived;
        nextReceived = (slot + 1) % ENTRIES;
        received[slot] = timebase;
        receivedBytes[slot] = MemorySegment.ofArray(bytes);
        return timebase;
    }

    /** The UTF-8 bytes of the timebase's name, cached for the last few timebases sent. */
    private MemorySegment name(Timebase timebase) {
        for (int i = 0; i < ENTRIES; i++) {
            Timebase known = sent[i];
            if (timebase.equals(known)) {
                return sentNames[i];
            }
        }
        byte[] bytes = timebase.name().getBytes(StandardCharsets.UTF_8);
        if (bytes.length > 0xFFFF) {
            throw new IllegalArgumentException("timebase " + timebase.name().substring(0, 40) + "... has a name of "
                    + bytes.length + " UTF-8 bytes; a link carries at most 65535");
        }
        int slot = nextSent;
        nextSent = (slot + 1) % ENTRIES;
        sent[slot] = timebase;
        sentNames[slot] = MemorySegment.ofArray(bytes);
        return sentNames[slot];
    }
}
