package org.streamflex.runtime.graph;

import org.streamflex.BooleanChannel;
import org.streamflex.ByteChannel;
import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.CharChannel;
import org.streamflex.DataChannel;
import org.streamflex.DoubleChannel;
import org.streamflex.FloatChannel;
import org.streamflex.IntChannel;
import org.streamflex.LongChannel;
import org.streamflex.Shared;
import org.streamflex.SharedChannel;
import org.streamflex.ShortChannel;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.Channels;
import org.streamflex.runtime.channel.LongRing;
import org.streamflex.runtime.channel.SharedRing;

/** The kinds of channel field a filter can declare, and how to make a channel of each. */
enum ChannelKind {
    CAPSULE(Channel.class),
    /** {@link SharedChannel}: shared, reference-counted values such as signal segments. */
    SHARED(SharedChannel.class),
    INT(IntChannel.class),
    LONG(LongChannel.class),
    FLOAT(FloatChannel.class),
    DOUBLE(DoubleChannel.class),
    SHORT(ShortChannel.class),
    BYTE(ByteChannel.class),
    CHAR(CharChannel.class),
    BOOLEAN(BooleanChannel.class),
    TIME(TimeChannel.class),
    /**
     * A field typed {@link DataChannel}: only the built-in joiners and splitters have them; its kind comes from
     * its peers.
     */
    ANY(DataChannel.class);

    final Class<?> apiType;

    ChannelKind(Class<?> apiType) {
        this.apiType = apiType;
    }

    /** The kind of a field of this declared type, or null if it is not a channel. */
    static ChannelKind of(Class<?> fieldType) {
        for (ChannelKind kind : values()) {
            if (kind.apiType == fieldType) {
                return kind;
            }
        }
        return null;
    }

    /** Whether channels of this kind carry a declared class ({@code Channel<T>}, {@code SharedChannel<T>}). */
    boolean typed() {
        return this == CAPSULE || this == SHARED;
    }

    String displayName() {
        return apiType.getSimpleName();
    }

    /** A new channel of this data kind: the API's channel class on a new ring. */
    DataChannel newChannel(int capacity, String name, Class<?> elementType) {
        return switch (this) {
            case CAPSULE -> Channels.capsule(new CapsuleRing(capacity, name, elementType.asSubclass(Capsule.class)));
            case SHARED -> Channels.shared(new SharedRing(capacity, name, elementType.asSubclass(Shared.class)));
            case TIME, ANY -> throw new IllegalStateException("not a data channel kind: " + this);
            default -> Channels.primitive(apiType.asSubclass(DataChannel.class), new LongRing(capacity, name));
        };
    }
}
