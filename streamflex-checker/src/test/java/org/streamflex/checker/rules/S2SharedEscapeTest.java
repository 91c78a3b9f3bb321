package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class S2SharedEscapeTest {
    @Test
    void capturesCallsOutsideStreamFlexAndStaticStoresAreRejectedLocalsOwnCodeAndLibrariesAccepted() {
        CheckerHarness.check("S2/SharedEscape.java");
    }

    @Test
    void classPathStaticsOverSharedValuesPassD4AndOnlyThoseOutsideStreamFlexAreRejected() {
        CheckerHarness.check("S2/ClassPathCalls.java");
    }
}
