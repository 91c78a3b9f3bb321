package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class R2StableFieldsTest {
    @Test
    void aFilterKeepingACapsuleItTookIsRejectedAsInFigure5() {
        CheckerHarness.check("R2/Figure5Err.java");
    }

    @Test
    void stableClassesTheirParentsAndUnboundedTypeVariablesCannotKeepTransientObjects() {
        CheckerHarness.check("R2/StableKeepsTransient.java");
    }

    @Test
    void stableInnerLocalAndAnonymousClassesCannotHideReferencesToTransientObjects() {
        CheckerHarness.check("R2/HiddenReferences.java");
    }

    @Test
    void stableObjectsChannelsPrimitivesAndStableBoundsAreAccepted() {
        CheckerHarness.check("R2/StableKeepsStable.java");
    }
}
