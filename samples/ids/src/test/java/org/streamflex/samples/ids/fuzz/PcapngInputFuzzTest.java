package org.streamflex.samples.ids.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Any bytes, starting from pcapng seeds (two sections in both byte orders, interfaces of several
 * link types and timestamp units, enhanced, simple and obsolete packet blocks, metadata blocks),
 * through the capture reader and the IDS graph ({@link CaptureFuzzing}). Runs its seed inputs in
 * every build and fuzzes for 5 s with {@code JAZZER_FUZZ=1} (its own surefire execution: Jazzer
 * fuzzes one test per JVM).
 */
class PcapngInputFuzzTest {
    @FuzzTest(maxDuration = "5s")
    void anyBytesAreSurvivedAndAccountedFor(byte[] input) {
        CaptureFuzzing.survivedAndAccountedFor(input);
    }
}
