package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SpaceTimeRegisterTest {
    private final SpaceTime space = SpaceTime.create(64);
    private final SpaceTimeRegister register = space.createRegister("done");
    private final RegisterConnection writer = space.join("writer", 0).attach(register);
    private final RegisterConnection reader = space.join("reader", 0).attach(register);

    @AfterEach
    void close() {
        space.close();
    }

    @Test
    void aReadSucceedsOncePerWriteAndSeesTheLastValue() throws Exception {
        byte[] dst = new byte[8];
        assertFalse(reader.isFull());
        assertThrows(ItemNotAvailableException.class, () -> reader.readNew(dst, 0, TimeUnit.SECONDS));
        writer.write(new byte[] {1, 2});
        writer.write(new byte[] {3, 4, 5}); // overwrites
        assertTrue(reader.isFull());
        assertEquals(3, reader.readNew(dst, 0, TimeUnit.SECONDS));
        assertArrayEquals(new byte[] {3, 4, 5}, Arrays.copyOf(dst, 3));
        assertFalse(reader.isFull(), "a read empties it");
        assertThrows(ItemNotAvailableException.class, () -> reader.readNew(dst, 1, TimeUnit.MILLISECONDS));
        assertTrue(writer.isFull(), "each connection has its own full/empty state");
    }

    @Test
    void aBlockedReadIsWokenByAWrite() throws Exception {
        CompletableFuture<Byte> read = CompletableFuture.supplyAsync(() -> {
            byte[] dst = new byte[1];
            try {
                reader.readNew(dst, 30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return dst[0];
        });
        writer.write(new byte[] {42});
        assertEquals((byte) 42, read.get(30, TimeUnit.SECONDS));
    }

    @Test
    void aDestinationTooSmallIsRefusedAndTheRegisterStaysFull() {
        writer.write(new byte[4]);
        assertThrows(IllegalArgumentException.class, () -> reader.readNew(new byte[3], 0, TimeUnit.SECONDS));
        assertTrue(reader.isFull());
    }
}
