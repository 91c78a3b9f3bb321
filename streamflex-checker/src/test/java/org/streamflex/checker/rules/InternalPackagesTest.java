package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class InternalPackagesTest {
    @Test
    void filterCodeNamingTheAbiOrTheSpiIsRejectedWhereverItNamesThem() {
        CheckerHarness.check("Internals/NamesInternals.java");
    }

    @Test
    void codeNoFilterReachesMayNameThemAndFilterCodeMayUseTheApi() {
        CheckerHarness.check("Internals/OutsideTheReachableSet.java", "Internals/ApiOnly.java");
    }
}
