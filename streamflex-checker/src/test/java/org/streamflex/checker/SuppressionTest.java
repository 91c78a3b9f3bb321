package org.streamflex.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuppressionTest {
    private static final String R3_WRITE = "PerRule.java:13: [StreamFlex:R3] code in Poster.work() writes static field"
            + " Board.posted; an object stored in a static field outlives work() and is shared by every filter. Keep it"
            + " in a field of a Stable object instead (StreamFlex rule R3 StaticReferences, paper section 4.2: see"
            + " streamflex-checker/README.md#r3-staticreferences)";

    @Test
    void suppressWarningsStreamFlexSkipsAClassAndItsNestedClassesOnly() {
        CheckerHarness.check("suppress/AllRules.java");
    }

    @Test
    void suppressingR3OnAClassSilencesItsR3Error() {
        CheckerHarness.check("suppress/PerRule.java");
    }

    @Test
    void suppressingR2OnTheSameClassLeavesItsR3ErrorReported() {
        assertEquals(List.of(R3_WRITE),
                CheckerHarness.errors("suppress/PerRule.java", "\"StreamFlex:R3\"", "\"StreamFlex:R2\""));
    }

    @Test
    void fieldsConstructorsMethodsAndLocalVariablesSuppressOnlyTheRulesTheyName() {
        CheckerHarness.check("suppress/Members.java");
    }

    @Test
    void suppressingInternalsOnATopLevelClassCoversTheImportsOfItsFile() {
        CheckerHarness.check("suppress/InternalsImport.java");
    }

    @Test
    void suppressingAnotherRuleLeavesTheImportAndTheUseReported() {
        String internals = ", part of StreamFlex's woven-code ABI: that package is what the plugin's rewriting calls,"
                + " not an API; write new, @Atomic and the org.streamflex classes instead (StreamFlex rule Internals"
                + " InternalPackages, not in the paper, for StreamFlex on a stock JVM: see"
                + " streamflex-checker/README.md#internals-internalpackages)";
        assertEquals(List.of(
                        "InternalsImport.java:3: [StreamFlex:Internals] filter code names org.streamflex.abi.Regions"
                                + internals,
                        "InternalsImport.java:11: [StreamFlex:Internals] filter code names org.streamflex.abi.Regions"
                                + internals),
                CheckerHarness.errors("suppress/InternalsImport.java", "\"StreamFlex:Internals\"",
                        "\"StreamFlex:R3\""));
    }

    @Test
    void theSharedValueRulesAreSuppressedByTheirKeys() {
        CheckerHarness.check("suppress/SharedRules.java");
    }

    @Test
    void suppressingAnotherRuleLeavesEachSharedValueErrorReportedAloneWhereItIs() {
        for (String[] rule : new String[][] {{"S1", "17"}, {"S2", "22"}, {"S3", "24"}}) {
            List<String> errors = CheckerHarness.errors("suppress/SharedRules.java", "\"StreamFlex:" + rule[0] + "\"",
                    "\"StreamFlex:R3\"");
            assertEquals(1, errors.size(), errors::toString);
            assertTrue(errors.getFirst().startsWith("SharedRules.java:" + rule[1] + ": [StreamFlex:" + rule[0] + "] "),
                    errors.getFirst());
        }
    }
}
