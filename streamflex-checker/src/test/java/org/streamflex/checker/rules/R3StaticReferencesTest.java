package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class R3StaticReferencesTest {
    @Test
    void writesAndReadsOfMutableStaticReferencesAreRejectedImmutableOnesAccepted() {
        CheckerHarness.check("R3/StaticReferences.java");
    }

    @Test
    void staticFieldsHoldingCapsulesAreRejectedWithAdviceThatDoesNotBreakR2() {
        CheckerHarness.check("R3/CapsulesInStaticFields.java");
    }

    @Test
    void staticFinalFilterEventsAndRaiseAreAcceptedMutableStaticsAndLoggersAreNot() {
        CheckerHarness.check("R3/FilterEvents.java");
    }

    @Test
    void theJdkMemoryLayoutsMayBeRead() {
        CheckerHarness.check("R3/MemoryLayouts.java");
    }

    @Test
    void lambdasAndAnonymousClassesAreCheckedAndUnreachableCodeIsNot() {
        CheckerHarness.check("R3/LambdasAndAnonymousClasses.java");
    }
}
