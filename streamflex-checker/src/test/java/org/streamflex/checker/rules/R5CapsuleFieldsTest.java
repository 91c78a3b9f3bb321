package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class R5CapsuleFieldsTest {
    @Test
    void capsulesHoldOnlyPrimitivesAndPrimitiveArrays() {
        CheckerHarness.check("R5/CapsuleFields.java");
    }
}
