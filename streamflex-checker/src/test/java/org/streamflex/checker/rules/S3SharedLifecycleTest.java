package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class S3SharedLifecycleTest {
    @Test
    void filterCodeThatRetainsReleasesOrCreatesSharedValuesIsRejectedTheLibraryAndPlainJavaAreNot() {
        CheckerHarness.check("S3/SharedLifecycle.java");
    }
}
