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
import org.streamflex.ShortChannel;
import org.streamflex.TimeChannel;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.LongRing;
import org.streamflex.runtime.channel.RingBooleanChannel;
import org.streamflex.runtime.channel.RingByteChannel;
import org.streamflex.runtime.channel.RingCapsuleChannel;
import org.streamflex.runtime.channel.RingCharChannel;
import org.streamflex.runtime.channel.RingDoubleChannel;
import org.streamflex.runtime.channel.RingFloatChannel;
import org.streamflex.runtime.channel.RingIntChannel;
import org.streamflex.runtime.channel.RingLongChannel;
import org.streamflex.runtime.channel.RingShortChannel;

/** The kinds of channel field a filter can declare, and how to make a channel of each. */
enum ChannelKind {
    CAPSULE(Channel.class),
    INT(IntChannel.class),
    LONG(LongChannel.class),
    FLOAT(FloatChannel.class),
    DOUBLE(DoubleChannel.class),
    SHORT(ShortChannel.class),
    BYTE(ByteChannel.class),
    CHAR(CharChannel.class),
    BOOLEAN(BooleanChannel.class),
    TIME(TimeChannel.class),
    /** A field typed {@link DataChannel}: only the built-in joiners and splitters have them; its kind comes from its peers. */
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

    String displayName() {
        return apiType.getSimpleName();
    }

    /** A new channel of this data kind. */
    DataChannel newChannel(int capacity, String name, Class<? extends Capsule> elementType) {
        if (this == CAPSULE) {
            return new RingCapsuleChannel<>(new CapsuleRing(capacity, name, elementType));
        }
        LongRing ring = new LongRing(capacity, name);
        return switch (this) {
            case INT -> new RingIntChannel(ring);
            case LONG -> new RingLongChannel(ring);
            case FLOAT -> new RingFloatChannel(ring);
            case DOUBLE -> new RingDoubleChannel(ring);
            case SHORT -> new RingShortChannel(ring);
            case BYTE -> new RingByteChannel(ring);
            case CHAR -> new RingCharChannel(ring);
            case BOOLEAN -> new RingBooleanChannel(ring);
            default -> throw new IllegalStateException("not a data channel kind: " + this);
        };
    }
}
