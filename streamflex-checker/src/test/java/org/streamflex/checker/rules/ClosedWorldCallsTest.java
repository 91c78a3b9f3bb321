package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class ClosedWorldCallsTest {
    @Test
    void staticCallsIntoUncheckedCodeAreLimitedToHarmlessSignaturesAndKnownHelpers() {
        CheckerHarness.check("D4/ClassPathCalls.java");
    }

    @Test
    void sharedValuesInAClassPathSignatureAreAcceptedArraysOfThemAreNot() {
        CheckerHarness.check("D4/SharedSignatures.java");
    }

    @Test
    void memorySegmentsCrossLikePrimitiveArrays() {
        CheckerHarness.check("D4/MemorySegments.java");
    }
}
