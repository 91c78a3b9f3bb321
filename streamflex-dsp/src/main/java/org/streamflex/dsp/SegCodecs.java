package org.streamflex.dsp;

import org.streamflex.Shared;
import org.streamflex.runtime.net.SharedCodec;
import org.streamflex.runtime.net.SharedCodecProvider;

/**
 * The link codecs of this library's shared types, which the runtime finds by
 * {@link java.util.ServiceLoader} when a graph's {@code SharedChannel} of segments crosses machines:
 * {@link SegCodec} for {@link FloatSeg}, {@link DoubleSeg}, {@link ShortSeg}, {@link IntSeg},
 * {@link LongSeg} and {@link ComplexSeg}, {@link SegTupleCodec} for {@link SegTuple}.
 *
 * <pre>{@code
 * SharedCodec<FloatSeg> codec = SharedCodec.of(FloatSeg.class); // a new SegCodec, through this provider
 * }</pre>
 */
public final class SegCodecs implements SharedCodecProvider {
    /** For {@link java.util.ServiceLoader}. */
    public SegCodecs() {
    }

    @Override
    @SuppressWarnings("unchecked") // each codec is of the class it was asked for
    public <T extends Shared> SharedCodec<T> codec(Class<T> type) {
        SharedCodec<?> codec = type == FloatSeg.class ? SegCodec.floats()
                : type == DoubleSeg.class ? SegCodec.doubles()
                : type == ShortSeg.class ? SegCodec.shorts()
                : type == IntSeg.class ? SegCodec.ints()
                : type == LongSeg.class ? SegCodec.longs()
                : type == ComplexSeg.class ? SegCodec.complexes()
                : type == SegTuple.class ? new SegTupleCodec()
                : null;
        return (SharedCodec<T>) codec;
    }
}
