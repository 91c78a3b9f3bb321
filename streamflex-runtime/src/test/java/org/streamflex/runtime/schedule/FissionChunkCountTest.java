package org.streamflex.runtime.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * How many chunks a split batch is cut into: heavy calls one a chunk, so that a batch ends with a
 * wait of at most one call; light calls in few chunks, so that claims stay cheap beside them.
 */
class FissionChunkCountTest {

    @Test
    void aBatchOfHeavyCallsIsCutIntoOneChunkPerCall() {
        // 32 DOA calls of 0.7 ms on 2 parts: 32 chunks, not the 16 chunks of 2 calls of the light rule.
        assertEquals(32, Fission.chunkCount(32, 2, 1, true));
        assertEquals(8, Fission.chunkCount(8, 2, 1, true));
        assertEquals(Fission.MAX_CHUNKS, Fission.chunkCount(1000, 2, 1, true));
    }

    @Test
    void aBatchOfLightCallsIsCutIntoAtMostEightChunksAPartOfAQuarterPartEach() {
        assertEquals(16, Fission.chunkCount(512, 2, 20, false));
        // 40 calls, parts of at least 20: chunks of at least 5 calls, so 8.
        assertEquals(8, Fission.chunkCount(40, 2, 20, false));
        // Nothing measured (the minimum part 0 splits every batch of two calls): the light rule.
        assertEquals(16, Fission.chunkCount(32, 2, 1, false));
    }

    @Test
    void everyCountTheRulesGiveCanBeCut() {
        FissionChunks chunks = new FissionChunks(Fission.MAX_CHUNKS, 1);
        for (int count = 2; count <= 1024; count++) {
            for (int k = 2; k <= 4 && k <= count; k++) {
                chunks.cut(count, Fission.chunkCount(count, k, 1, true));
                chunks.cut(count, Fission.chunkCount(count, k, count / k, false));
            }
        }
        assertEquals(Fission.MAX_CHUNKS, chunks.maxChunks());
    }
}
