package org.streamflex.bench.passchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DisruptorPassChainTest {
    @ParameterizedTest
    @EnumSource(DisruptorPassChain.Wait.class)
    void everyItemGoesThroughTheTenHandlersToTheSinkAndNoThreadOutlivesClose(DisruptorPassChain.Wait wait) {
        PlainPassChain plain = new PlainPassChain();
        for (int i = 0; i < 10_000; i++) {
            plain.push(i);
        }
        List<Thread> threads;
        // A ring smaller than a run, so that the producer also waits for the handlers to free slots.
        try (DisruptorPassChain chain = new DisruptorPassChain(256, wait)) {
            threads = chain.threads();
            assertEquals(PassChainGraph.STAGES + 1, threads.size());
            for (int i = 1; i <= 8; i++) {
                chain.run(1000);
                assertEquals(1000L * i, chain.received()); // run returns once the sink has taken them all
            }
            chain.run(1);
            chain.run(0);
            chain.run(1999);
            assertEquals(plain.received(), chain.received());
            assertEquals(plain.sum(), chain.sum());
            for (int stage = 0; stage < PassChainGraph.STAGES; stage++) {
                assertEquals(plain.sum(), chain.stageSum(stage), "stage " + stage);
            }
            for (Thread t : threads) {
                assertTrue(t.isDaemon(), t.getName());
                assertFalse(t.isVirtual(), t.getName());
            }
        }
        for (Thread t : threads) {
            assertFalse(t.isAlive(), t.getName() + " is alive after close");
        }
    }
}
