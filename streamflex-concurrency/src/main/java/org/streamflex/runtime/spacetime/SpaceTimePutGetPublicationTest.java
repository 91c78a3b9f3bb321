package org.streamflex.runtime.spacetime;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.Arrays;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * A put copies its bytes into off-heap memory before it takes the space's lock and publishes the
 * item (OutputConnection): a consumer whose get finds the item must see every byte put, never
 * the slot's old contents. Each byte is 1, so the sum of the 64 is 64.
 */
@JCStressTest
@Outcome(id = "-1", expect = ACCEPTABLE, desc = "the get ran before the put")
@Outcome(id = "64", expect = ACCEPTABLE, desc = "the get saw every byte put")
@Outcome(expect = FORBIDDEN, desc = "the get found the item but not all its bytes")
@State
public class SpaceTimePutGetPublicationTest {
    private static final byte[] ITEM = filled();
    private final SpaceTime space = SpaceTime.create(64);
    private final SpaceTimeChannel channel = space.createChannel("published");
    private final InputConnection in = space.join("consumer", 0).attachInput(channel);
    private final OutputConnection out = space.join("producer", 0).attachOutput(channel);

    private static byte[] filled() {
        byte[] b = new byte[64];
        Arrays.fill(b, (byte) 1);
        return b;
    }

    @Actor
    public void producer() {
        out.put(1, ITEM);
    }

    @Actor
    public void consumer(I_Result r) {
        try (ItemView v = in.get(1)) {
            int sum = 0;
            for (int i = 0; i < 64; i++) {
                sum += v.getByte(i);
            }
            r.r1 = sum;
        } catch (ItemNotAvailableException miss) {
            r.r1 = -1;
        }
    }

    @Arbiter
    public void close() {
        space.close(); // the arena's memory, which no later state reuses
    }
}
