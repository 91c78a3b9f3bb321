package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class R6CapsuleCreationTest {
    @Test
    void capsulesHaveOnePrivateConstructorOrAProtectedOneWhenExtended() {
        CheckerHarness.check("R6/CapsuleConstructors.java");
    }

    @Test
    void onlyTheRuntimeCreatesCapsules() {
        CheckerHarness.check("R6/NewCapsule.java");
    }
}
