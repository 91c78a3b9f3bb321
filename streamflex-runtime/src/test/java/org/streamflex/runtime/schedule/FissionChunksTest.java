package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The chunks of a split batch: consecutive, near equal, each claimed by exactly one part, in order. */
class FissionChunksTest {

    @Test
    void aBatchIsCutIntoConsecutiveNearEqualChunksCoveringEveryCall() {
        FissionChunks chunks = new FissionChunks(16, 2);
        chunks.cut(10, 4);
        assertEquals(4, chunks.chunks());
        int[] starts = new int[4];
        int[] calls = new int[4];
        for (int c = 0; c < 4; c++) {
            starts[c] = chunks.start(c);
            calls[c] = chunks.calls(c);
        }
        assertArrayEquals(new int[] {0, 3, 6, 8}, starts);
        assertArrayEquals(new int[] {3, 3, 2, 2}, calls);
    }

    @Test
    void chunksAreClaimedOnceInOrderUntilNoneIsLeft() {
        FissionChunks chunks = new FissionChunks(8, 1);
        chunks.cut(8, 3);
        assertEquals(0, chunks.claim());
        assertEquals(1, chunks.claim());
        assertEquals(2, chunks.claim());
        assertEquals(-1, chunks.claim());
        assertEquals(-1, chunks.claim());
        chunks.cut(8, 2); // the next batch starts from its first chunk again
        assertEquals(0, chunks.claim());
    }

    @Test
    void afterAFailureNoChunkIsClaimed() {
        FissionChunks chunks = new FissionChunks(8, 1);
        chunks.cut(8, 8);
        assertEquals(0, chunks.claim());
        chunks.stop();
        assertEquals(-1, chunks.claim());
    }

    @Test
    void aCutIntoMoreChunksThanCallsOrRoomIsRefusedNamingBoth() {
        FissionChunks chunks = new FissionChunks(4, 1);
        var tooMany = assertThrows(IllegalArgumentException.class, () -> chunks.cut(3, 4));
        assertTrue(tooMany.getMessage().contains("3 calls cannot be cut into 4 chunks"), tooMany.getMessage());
        var noRoom = assertThrows(IllegalArgumentException.class, () -> chunks.cut(100, 5));
        assertTrue(noRoom.getMessage().contains("at most 4"), noRoom.getMessage());
    }

    /** Two threads claim the chunks of batch after batch for a while: each chunk goes to exactly one. */
    @Test
    void twoThreadsClaimingAtOnceGetEachChunkExactlyOnce() throws Exception {
        FissionChunks chunks = new FissionChunks(64, 1);
        int[][] claimedBy = new int[2][64];
        CyclicBarrier cut = new CyclicBarrier(2);
        CyclicBarrier claimed = new CyclicBarrier(2);
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
        boolean[] stop = new boolean[1]; // written before the barrier the other thread then passes
        Thread other = new Thread(() -> {
            try {
                while (true) {
                    cut.await(1, TimeUnit.MINUTES);
                    if (stop[0]) {
                        return;
                    }
                    claimAll(chunks, claimedBy[1]);
                    claimed.await(1, TimeUnit.MINUTES);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        other.start();
        int batches = 0;
        while (System.nanoTime() < until) {
            Arrays.fill(claimedBy[0], 0);
            Arrays.fill(claimedBy[1], 0);
            chunks.cut(64, 64);
            cut.await(1, TimeUnit.MINUTES);
            claimAll(chunks, claimedBy[0]);
            claimed.await(1, TimeUnit.MINUTES);
            for (int c = 0; c < 64; c++) {
                assertEquals(1, claimedBy[0][c] + claimedBy[1][c], "chunk " + c + " of batch " + batches
                        + ": claimed once, in order");
            }
            batches++;
        }
        stop[0] = true;
        cut.await(1, TimeUnit.MINUTES);
        other.join();
    }

    /** Claims until none is left, counting each chunk claimed; a chunk not after the one before counts -64. */
    private static void claimAll(FissionChunks chunks, int[] claimedBy) {
        int last = -1;
        for (int c = chunks.claim(); c >= 0; c = chunks.claim()) {
            claimedBy[c] += c > last ? 1 : -64;
            last = c;
        }
    }
}
