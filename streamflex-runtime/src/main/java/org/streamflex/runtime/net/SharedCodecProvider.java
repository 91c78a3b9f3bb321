package org.streamflex.runtime.net;

import org.streamflex.Shared;

/**
 * Gives the {@link SharedCodec}s of a library's shared types, found by {@link java.util.ServiceLoader}
 * (list the implementation in {@code META-INF/services/org.streamflex.runtime.net.SharedCodecProvider}).
 * It needs a public no-argument constructor.
 *
 * <pre>{@code
 * public final class SegCodecs implements SharedCodecProvider {
 *     public <T extends Shared> SharedCodec<T> codec(Class<T> type) {
 *         return type == FloatSeg.class ? (SharedCodec<T>) new SegCodec<>(...) : null;
 *     }
 * }
 * }</pre>
 */
public interface SharedCodecProvider {
    /** A new codec of {@code type}, or null if this provider has none for it. */
    <T extends Shared> SharedCodec<T> codec(Class<T> type);
}
