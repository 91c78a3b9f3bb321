package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class R1FilterBoundaryTest {
    @Test
    void referenceParametersResultsAndFieldsOfVisibleFilterMembersAreRejected() {
        CheckerHarness.check("R1/ReferencesAcrossTheBoundary.java");
    }

    @Test
    void primitivesPrimitiveArraysAndPrivateMembersAreAccepted() {
        CheckerHarness.check("R1/PrimitivesAcrossTheBoundary.java");
    }
}
