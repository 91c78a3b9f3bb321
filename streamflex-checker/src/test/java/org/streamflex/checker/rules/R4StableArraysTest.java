package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class R4StableArraysTest {
    @Test
    void openMultiDimensionalReferenceAndBorrowedArraysAreRejected() {
        CheckerHarness.check("R4/StableArrays.java");
    }

    @Test
    void privateFinalArraysAllocatedInEveryConstructorAreAcceptedAsInFigure15() {
        CheckerHarness.check("R4/Figure15Buffer.java");
    }
}
