package org.streamflex.runtime.net;

import java.lang.foreign.MemorySegment;
import java.util.ServiceLoader;
import org.streamflex.Shared;

/**
 * How a {@link Shared} value (a signal segment) travels on a link: its encoded size, its bytes, and
 * a value decoded from them, allocated from the receiving side's pools. The runtime moves shared
 * values by reference and knows nothing of their layout, so the library that defines a shared type
 * provides its codec ({@code streamflex-dsp} does for its segments and tuples).
 *
 * <p>Codecs are found with {@link ServiceLoader}: a {@link SharedCodecProvider} listed in
 * {@code META-INF/services/org.streamflex.runtime.net.SharedCodecProvider} on the class path (or
 * {@code provides} in a module) of the shared type's class loader. A graph that crosses a
 * {@code SharedChannel<T>} needs nothing else: having the library on the class path is enough.
 *
 * <p>A codec instance is used by one thread at a time, so it may keep caches without
 * synchronization: a sending link sizes values on the producer's thread with the codec it was given
 * and encodes them on its event loop with a {@link #copy()}; a receiving link decodes on its event
 * loop. In steady state none of the three allocates on the heap. Bytes go into the outgoing frame's
 * memory and come from the received frame's (segments over direct buffers, or over heap arrays when
 * the channel's buffers are on the heap), at any offset: write multi-byte values big-endian and
 * unaligned, as the rest of the protocol does.
 *
 * <pre>{@code
 * SharedCodec<FloatSeg> codec = SharedCodec.of(FloatSeg.class);
 * MemorySegment bytes = MemorySegment.ofArray(new byte[codec.encodedSize(seg)]);
 * codec.encode(seg, bytes, 0);
 * FloatSeg copy = codec.decode(bytes, 0, (int) bytes.byteSize()); // a new segment, bit for bit equal
 * }</pre>
 *
 * @param <T> the shared type
 */
public interface SharedCodec<T extends Shared> {
    /** The class it encodes and decodes; a link's HELLO names it. */
    Class<T> type();

    /** The bytes {@code value} encodes to. */
    int encodedSize(T value);

    /**
     * Writes {@code value} into {@code target} at {@code offset}: exactly {@link #encodedSize} bytes.
     * The caller keeps its reference to {@code value}; the codec keeps none.
     */
    void encode(T value, MemorySegment target, long offset);

    /**
     * A codec of the same type with caches of its own, for another thread (a sending link encodes
     * with it on its event loop while its producer sizes values with this one). The default asks
     * the providers again, as {@link #of} does; a codec made otherwise overrides it.
     */
    default SharedCodec<T> copy() {
        return of(type());
    }

    /**
     * A new value from the {@code length} bytes at {@code offset}, allocated from its pools and held
     * as a new value is: by the running {@code work()} (released when it returns unless put on a
     * channel), or, outside one, by the caller, who releases it.
     *
     * @throws ProtocolException if the bytes are not a value of this type: the message names the
     *     type and the field that is wrong, and nothing is allocated that is not freed again
     */
    T decode(MemorySegment source, long offset, int length);

    /**
     * A new codec of {@code type} from the first provider on its class loader that has one.
     *
     * @throws IllegalArgumentException if no provider has a codec for it, naming the type and the
     *     service file to add
     */
    static <T extends Shared> SharedCodec<T> of(Class<T> type) {
        ClassLoader loader = type.getClassLoader() != null ? type.getClassLoader() : SharedCodec.class.getClassLoader();
        for (SharedCodecProvider provider : ServiceLoader.load(SharedCodecProvider.class, loader)) {
            SharedCodec<T> codec = provider.codec(type);
            if (codec != null) {
                if (codec.type() != type) {
                    throw new IllegalStateException(provider.getClass().getName() + " gave a codec of "
                            + codec.type().getName() + " when asked for " + type.getName());
                }
                return codec;
            }
        }
        throw new IllegalArgumentException("no SharedCodec for " + type.getName() + ": a channel of it cannot cross"
                + " machines until a library on the class path provides one (a SharedCodecProvider listed in"
                + " META-INF/services/" + SharedCodecProvider.class.getName() + "); streamflex-dsp does for its"
                + " segments and SegTuple");
    }
}
