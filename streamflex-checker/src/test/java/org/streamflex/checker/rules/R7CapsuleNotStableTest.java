package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class R7CapsuleNotStableTest {
    @Test
    void capsulesCannotBeStableDirectlyOrThroughAnInterface() {
        CheckerHarness.check("R7/StableCapsule.java");
    }
}
