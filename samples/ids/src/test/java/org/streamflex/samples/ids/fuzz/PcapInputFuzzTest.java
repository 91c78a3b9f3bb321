package org.streamflex.samples.ids.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Any bytes, starting from classic pcap seeds, through the capture reader and the IDS graph
 * ({@link CaptureFuzzing}). Runs its seed inputs in every build and fuzzes for 5 s with
 * {@code JAZZER_FUZZ=1} (its own surefire execution).
 */
class PcapInputFuzzTest {
    @FuzzTest(maxDuration = "5s")
    void anyBytesAreSurvivedAndAccountedFor(byte[] input) {
        CaptureFuzzing.survivedAndAccountedFor(input);
    }
}
