package org.streamflex.runtime.channel;

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

/**
 * The channels the runtime gives filters: each API channel class on its ring.
 *
 * <pre>{@code
 * IntChannel out = (IntChannel) Channels.primitive(IntChannel.class, new LongRing(64, "Gen.out -> Sink.in"));
 * }</pre>
 */
public final class Channels {
    private Channels() {
    }

    /** A capsule channel on {@code ring}. */
    public static Channel<Capsule> capsule(CapsuleRing ring) {
        return new RingCapsuleChannel<>(ring);
    }

    /** A channel of shared values (signal segments) on {@code ring}. */
    public static SharedChannel<Shared> shared(SharedRing ring) {
        return new RingSharedChannel<>(ring);
    }

    /**
     * The primitive channel of API class {@code type} (such as {@code IntChannel.class}) on
     * {@code ring}.
     *
     * @throws IllegalArgumentException if {@code type} is not a primitive channel class
     */
    public static DataChannel primitive(Class<? extends DataChannel> type, LongRing ring) {
        if (type == IntChannel.class) {
            return new RingIntChannel(ring);
        } else if (type == LongChannel.class) {
            return new RingLongChannel(ring);
        } else if (type == FloatChannel.class) {
            return new RingFloatChannel(ring);
        } else if (type == DoubleChannel.class) {
            return new RingDoubleChannel(ring);
        } else if (type == ShortChannel.class) {
            return new RingShortChannel(ring);
        } else if (type == ByteChannel.class) {
            return new RingByteChannel(ring);
        } else if (type == CharChannel.class) {
            return new RingCharChannel(ring);
        } else if (type == BooleanChannel.class) {
            return new RingBooleanChannel(ring);
        }
        throw new IllegalArgumentException(type.getName() + " is not a primitive channel class");
    }

    /**
     * The one-slot channel ({@link SlotDoubleChannel} and kin) of the kind of {@code onRing}, a
     * primitive channel on a {@link LongRing}, on the same ring: the edge of a fused chain run depth
     * first.
     *
     * @throws IllegalArgumentException if {@code onRing} is not a primitive channel on a ring
     */
    public static DataChannel oneSlot(DataChannel onRing) {
        return oneSlot(onRing, false);
    }

    /**
     * As {@link #oneSlot(DataChannel)}; {@code trusted} gives the slot without checks
     * ({@link SlotDoubleChannel.Trusted} and kin), for a link whose filters were proven to take and
     * put one item per {@code work()}.
     *
     * <pre>{@code
     * DataChannel edge = Channels.oneSlot(ringChannel, true);   // a SlotIntChannel.Trusted on an IntChannel's ring
     * }</pre>
     */
    public static DataChannel oneSlot(DataChannel onRing, boolean trusted) {
        if (!(onRing instanceof RingBacked backed) || !(backed.ring() instanceof LongRing ring)) {
            throw new IllegalArgumentException(onRing + " is not a primitive channel on a ring");
        }
        return switch (onRing) {
            case RingIntChannel _ -> trusted ? new SlotIntChannel.Trusted(ring) : new SlotIntChannel(ring);
            case RingLongChannel _ -> trusted ? new SlotLongChannel.Trusted(ring) : new SlotLongChannel(ring);
            case RingFloatChannel _ -> trusted ? new SlotFloatChannel.Trusted(ring) : new SlotFloatChannel(ring);
            case RingDoubleChannel _ -> trusted ? new SlotDoubleChannel.Trusted(ring) : new SlotDoubleChannel(ring);
            case RingShortChannel _ -> trusted ? new SlotShortChannel.Trusted(ring) : new SlotShortChannel(ring);
            case RingByteChannel _ -> trusted ? new SlotByteChannel.Trusted(ring) : new SlotByteChannel(ring);
            case RingCharChannel _ -> trusted ? new SlotCharChannel.Trusted(ring) : new SlotCharChannel(ring);
            case RingBooleanChannel _ -> trusted ? new SlotBooleanChannel.Trusted(ring)
                    : new SlotBooleanChannel(ring);
            default -> throw new IllegalArgumentException(onRing.name() + " is not a primitive channel");
        };
    }
}
