package org.streamflex.bench.spacetime;

import org.streamflex.runtime.spacetime.InputConnection;
import org.streamflex.runtime.spacetime.ItemHandler;
import org.streamflex.runtime.spacetime.ItemView;
import org.streamflex.runtime.spacetime.OutputConnection;
import org.streamflex.runtime.spacetime.SpaceTimeThread;

/**
 * The relay the space-time latency benchmarks' peers run: each item of {@code ping} put on {@code pong}
 * at its timestamp, consumed, the virtual time moved past it (the same steps as a relay thread's), run
 * by the thread that put the item on {@code ping}, then the get of the next timestamp. One class for
 * {@code LinkBenchPeer}'s {@code spacetime-echo ... on-put} and {@link WakeupPeer}, so that both
 * measure the same relay.
 *
 * <pre>{@code
 * in.getAsync(0, new OnPutRelay(echo, in, out)); // dropped when the space closes
 * }</pre>
 *
 * @param echo the relay's space-time thread, whose virtual time follows the items
 * @param in the {@code ping} channel's input connection
 * @param out the {@code pong} channel's output connection
 */
public record OnPutRelay(SpaceTimeThread echo, InputConnection in, OutputConnection out) implements ItemHandler {
    @Override
    public void onItem(ItemView item) {
        long ts = item.timestamp();
        try (item) {
            out.put(ts, item);
        }
        in.consume(ts);
        echo.setVirtualTime(ts + 1);
        in.getAsync(ts + 1, this);
    }
}
