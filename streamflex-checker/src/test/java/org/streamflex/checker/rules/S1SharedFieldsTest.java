package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class S1SharedFieldsTest {
    @Test
    void fieldsOfStableClassesAndCapsulesHoldingSharedValuesAreRejectedOnceWithSharedQueueAdvice() {
        CheckerHarness.check("S1/SharedFields.java");
    }

    @Test
    void sharedChannelAndSharedQueueFieldsAreAccepted() {
        CheckerHarness.check("S1/SharedContainers.java");
    }
}
