package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streamflex.runtime.GraphDriver;

class FilterBankTest {
    @Test
    void theFirst100000OutputsMatchTheStreamItLibrary() throws Exception {
        float[] expected = ReferenceTrace.load("filterbank-new.out");
        FilterBankGraph graph = new FilterBankGraph();
        GraphDriver.of(graph).run(expected.length / FilterBankGraph.OUTPUTS_PER_ITERATION);
        assertEquals(expected.length, graph.printer.count(), "one steady state of 8 outputs per release");
        int bad = ReferenceTrace.firstMismatch(expected, graph.printer);
        assertEquals(-1, bad, () -> "output " + bad + ": expected " + expected[bad] + ", got " + graph.printer.value(bad));
    }
}
