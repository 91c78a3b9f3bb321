package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class R4StableArraysTest {
    @Test
    void badDeclarationsAreReportedAtTheFieldAndBorrowedArraysAtTheAssignment() {
        CheckerHarness.check("R4/StableArrays.java");
    }

    @Test
    void privateFinalArraysAllocatedInEveryConstructorOrAnInitializerAreAcceptedAsInFigure15() {
        CheckerHarness.check("R4/Figure15Buffer.java");
    }
}
