package org.streamflex.runtime.graph;

import java.util.ArrayList;
import java.util.List;
import org.streamflex.DataChannel;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.RingBacked;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.channel.TimeSlot;
import org.streamflex.runtime.schedule.FusedMember;
import org.streamflex.runtime.schedule.Replica;
import org.streamflex.runtime.schedule.Schedulable;

/**
 * Makes the replicas of a fused stateless filter for fission: k copies of the filter
 * ({@link FilterFactory#replicaOf}), each with channels of its own of the kinds and capacities of
 * the filter's, in the order of the filter's channels in the fused task (a capsule output's ring bound
 * to the copy as producer and the filter as consumer). The copies take the
 * filter's other fields when its first batch is split, so that configuration set between
 * {@code validate()} and the first run reaches them.
 */
final class Replication {
    private Replication() {
    }

    static FusedMember fissioned(GraphModel model, FilterFactory factory, FilterWiring w, long repetitions,
            SpscRing[] inputs, int[] pops, int[] windows, SpscRing[] outputs, int[] pushes, int replicas,
            long minPartNanos) {
        DataChannel[] inChannels = channelsOf(w, inputs);
        DataChannel[] outChannels = channelsOf(w, outputs);
        Replica[] copies = new Replica[replicas];
        for (int j = 0; j < replicas; j++) {
            var task = factory.replicaOf(w, j + 1);
            DataChannel[] ins = new DataChannel[inputs.length];
            DataChannel[] outs = new DataChannel[outputs.length];
            for (int i = 0; i < inputs.length; i++) {
                ins[i] = copyChannel(w, inputs[i], task.filter(), task.filterName());
            }
            for (int o = 0; o < outputs.length; o++) {
                outs[o] = copyChannel(w, outputs[o], task.filter(), task.filterName());
                // The replica makes and puts the capsules; the filter's batch takes them in the join and
                // forwards them, so they are its to publish (or to reclaim, if the batch is undone).
                if (((RingBacked) outs[o]).ring() instanceof CapsuleRing capsules) {
                    capsules.bind(task, w.task);
                }
            }
            task.wire(ringsOf(ins), ringsOf(outs), new TimeSlot[0], new Schedulable[0], false, false);
            copies[j] = new Replica(task, ins, outs);
        }
        // Copied when the first batch is split: configuration set after validate() reaches the copies too.
        Runnable copyFields = () -> {
            for (Replica r : copies) {
                FilterFactory.copyFields(w, r.filter());
            }
        };
        return FusedMember.fissioned(w.task, repetitions, inputs, pops, windows, outputs, pushes, inChannels,
                outChannels, copies, minPartNanos, copyFields);
    }

    /** The filter's channel objects holding {@code rings}, in their order. */
    private static DataChannel[] channelsOf(FilterWiring w, SpscRing[] rings) {
        DataChannel[] channels = new DataChannel[rings.length];
        for (int i = 0; i < rings.length; i++) {
            channels[i] = (DataChannel) fieldOf(w, rings[i]).channel;
        }
        return channels;
    }

    /** A channel like the filter's on {@code ring}, set in the copy's field of the same name. */
    private static DataChannel copyChannel(FilterWiring w, SpscRing ring, Object copy, String copyName) {
        ChannelField field = fieldOf(w, ring);
        DataChannel channel = field.kind.newChannel(ring.capacity(), copyName + "." + field.name(), field.elementType);
        try {
            field.field.setAccessible(true);
            field.field.set(copy, channel);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot set " + copyName + "." + field.name() + ": " + e, e);
        }
        return channel;
    }

    private static ChannelField fieldOf(FilterWiring w, SpscRing ring) {
        for (ChannelField f : w.fields.values()) {
            // A ring is equal only to itself.
            if (f.channel instanceof RingBacked backed && backed.ring().equals(ring)) {
                return f;
            }
        }
        throw new IllegalStateException(w.name + " has no channel field on " + ring);
    }

    private static SpscRing[] ringsOf(DataChannel[] channels) {
        List<SpscRing> rings = new ArrayList<>();
        for (DataChannel c : channels) {
            rings.add(((RingBacked) c).ring());
        }
        return rings.toArray(SpscRing[]::new);
    }
}
