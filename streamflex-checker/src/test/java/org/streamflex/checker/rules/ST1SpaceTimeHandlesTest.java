package org.streamflex.checker.rules;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class ST1SpaceTimeHandlesTest {
    private static final String[] RUNTIME = {"ST1/runtime/ItemView.java", "ST1/runtime/InputConnection.java",
        "ST1/runtime/SpaceTimeThread.java", "ST1/runtime/SpaceTimeChannel.java", "ST1/runtime/SpaceTimePacer.java",
        "ST1/runtime/Wildcard.java", "ST1/runtime/SpaceTimeException.java",
        "ST1/runtime/ItemNotAvailableException.java", "ST1/runtime/SpaceTimeItem.java",
        "ST1/runtime/SpaceTimeInput.java", "ST1/runtime/SpaceTimeOutput.java", "ST1/runtime/SpaceTimeFilter.java"};

    @Test
    void filterCodeNamingThePlainThreadApiIsRejectedWhereverItNamesIt() {
        CheckerHarness.check(with("ST1/PlainThreadApi.java"));
    }

    @Test
    void filterCodeUsingTheBoundHandlesAndCodeNoFilterReachesCompileCleanly() {
        CheckerHarness.check(with("ST1/Handles.java"));
    }

    @Test
    void aSpaceTimeItemIsASharedValueSoTheSharedRulesKeepItWithinItsWork() {
        CheckerHarness.check(with("ST1/ItemLifetimes.java"));
    }

    private static String[] with(String snippet) {
        String[] all = Arrays.copyOf(RUNTIME, RUNTIME.length + 1);
        all[RUNTIME.length] = snippet;
        return all;
    }
}
