package org.streamflex.checker;

import org.junit.jupiter.api.Test;

/** The paper's own examples behave as the paper says: Figure 5 is rejected (see R2), the others compile. */
class PaperExamplesTest {
    @Test
    void figures1And2CompileCleanly() {
        CheckerHarness.check("paper/Figure1Simple.java");
    }

    @Test
    void figure6CompilesCleanly() {
        CheckerHarness.check("paper/Figure6MutatingFilter.java");
    }

    @Test
    void figure11CompilesCleanly() {
        CheckerHarness.check("paper/Figure11Writeable.java");
    }

    @Test
    void figures13And15CompileCleanlyWithTheIdsCapsules() {
        CheckerHarness.check("paper/PacketHeaders.java", "paper/Figure13TearDrop.java",
                "paper/Figure15PacketReader.java");
    }
}
