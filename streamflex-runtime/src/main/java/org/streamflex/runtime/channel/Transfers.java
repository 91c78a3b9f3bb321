package org.streamflex.runtime.channel;

import org.streamflex.DataChannel;

/** Checks for {@link DataChannel#transferTo(DataChannel)}. */
final class Transfers {
    private Transfers() {
    }

    static <C extends DataChannel> C sameKind(DataChannel source, DataChannel target, Class<C> kind) {
        if (!kind.isInstance(target)) {
            throw new IllegalArgumentException("transferTo: " + source.name() + " and "
                    + (target == null ? "null" : target.name()) + " do not carry the same kind of item");
        }
        return kind.cast(target);
    }
}
