package org.streamflex.bench.streamit;

import org.junit.jupiter.api.Test;

class FilterBankTest {
    @Test
    void theFirst100000OutputsMatchTheStreamItLibrary() throws Exception {
        FilterBankGraph graph = new FilterBankGraph();
        ReferenceTrace.assertGraphMatches("filterbank-new.out", graph, graph.printer,
                FilterBankGraph.OUTPUTS_PER_ITERATION);
    }
}
