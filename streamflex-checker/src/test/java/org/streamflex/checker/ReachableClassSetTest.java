package org.streamflex.checker;

import org.junit.jupiter.api.Test;

class ReachableClassSetTest {
    @Test
    void classesReachedByNewAndStaticCallsAreCheckedAndOthersAreNot() {
        CheckerHarness.check("rcs/ReachableClassSet.java");
    }
}
