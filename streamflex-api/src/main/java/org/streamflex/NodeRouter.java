package org.streamflex;

import java.util.Objects;
import java.util.function.Function;

/**
 * Which node of the inventory receives each item of a channel from a server filter to a node
 * filter, instead of every node ({@link Deployment#routeToNodes(String, NodeRouter)}): one node for
 * the whole channel ({@link #to}), or one chosen per item by a key function ({@link #bySlot} for
 * channels of primitives, {@link #byItem} for capsules and shared values). Used on the server only.
 *
 * <p>A key function runs on the producer's thread for every item, so it must not block or
 * allocate: return one of a fixed set of ids (an array made once), not a string built per item.
 * An id the inventory does not list, or null, drops the item, counts it in the channel's
 * {@code unrouted} counter and logs the first such id: a bad key costs that item, not the server's
 * graph.
 *
 * <pre>{@code
 * String[] ids = {"n1", "n2", "n3"};
 * Deployment.server(listen, List.of(ids))
 *         .routeToNodes("Planner.command", NodeRouter.byItem(Command.class, c -> ids[c.target]))
 *         .routeToNodes("Planner.reset", NodeRouter.to("n2"))
 *         .routeToNodes("Planner.gain", NodeRouter.bySlot(slot -> ids[(int) (slot >>> 60)]))
 *         .build(Planner::new);
 * }</pre>
 */
public sealed interface NodeRouter {
    /** Every item of the channel to {@code node}. */
    static NodeRouter to(String node) {
        return new Fixed(node);
    }

    /**
     * Each item of a channel of primitives to the node {@code key} names for its 64-bit slot: an
     * integer as its value (a {@code char} without sign, a {@code boolean} 0 or 1), a {@code float}
     * or {@code double} as its raw bits ({@link Float#floatToRawIntBits}).
     */
    static NodeRouter bySlot(SlotKey key) {
        return new BySlot(key);
    }

    /** Each item of a channel of capsules or shared values of {@code type} to the node {@code key} names. */
    static <T> NodeRouter byItem(Class<T> type, Function<? super T, String> key) {
        return new ByItem<>(type, key);
    }

    /** A key function of a primitive channel's slot. */
    @FunctionalInterface
    interface SlotKey {
        /** The id of the node to send the item in {@code slot} to. */
        String node(long slot);
    }

    /**
     * One node for every item.
     *
     * @param node its id, as the inventory lists it
     */
    record Fixed(String node) implements NodeRouter {
        /** Checks the id is given. */
        public Fixed {
            Objects.requireNonNull(node, "node");
        }
    }

    /**
     * A node per item of a channel of primitives.
     *
     * @param key the node of each slot
     */
    record BySlot(SlotKey key) implements NodeRouter {
        /** Checks the key is given. */
        public BySlot {
            Objects.requireNonNull(key, "key");
        }
    }

    /**
     * A node per item of a channel of capsules or shared values.
     *
     * @param type the channel's element class, or a superclass of it
     * @param key the node of each item
     * @param <T> the element type
     */
    record ByItem<T>(Class<T> type, Function<? super T, String> key) implements NodeRouter {
        /** Checks both are given. */
        public ByItem {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(key, "key");
        }

        /** The node of {@code item}, which must be of {@link #type()}. */
        public String nodeOf(Object item) {
            return key.apply(type.cast(item));
        }
    }
}
