package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class AtomicMethodsTest {
    @Test
    void atomicCodeStaysWithinWhatTheRuntimeLogs() {
        CheckerHarness.check("Atomic/AtomicCode.java");
    }
}
