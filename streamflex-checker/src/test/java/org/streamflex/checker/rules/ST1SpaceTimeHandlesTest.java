package org.streamflex.checker.rules;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class ST1SpaceTimeHandlesTest {
    private static final String[] RUNTIME = {"ST1/runtime/ItemView.java", "ST1/runtime/InputConnection.java",
        "ST1/runtime/SpaceTimeThread.java", "ST1/runtime/SpaceTimeChannel.java", "ST1/runtime/SpaceTimePacer.java",
        "ST1/runtime/Wildcard.java", "ST1/runtime/SpaceTimeException.java",
        "ST1/runtime/ItemNotAvailableException.java", "ST1/runtime/SpaceTimeItem.java",
        "ST1/runtime/SpaceTimeInput.java", "ST1/runtime/SpaceTimeOutput.java", "ST1/runtime/SpaceTimeFilter.java",
        "ST1/runtime/SpaceTimeQueueInput.java", "ST1/runtime/SpaceTimeQueueOutput.java",
        "ST1/runtime/SpaceTimeRegisterHandle.java", "ST1/runtime/QueueInput.java", "ST1/runtime/QueueOutput.java",
        "ST1/runtime/RegisterConnection.java"};

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

    @Test
    void aFilterGetsAndConsumesQueueItemsThroughItsBoundQueueInputHandle() {
        CheckerHarness.check(with("ST1/QueueInputHandle.java"));
    }

    @Test
    void aFilterNamingAPlainThreadsQueueInputIsToldToDeclareASpaceTimeQueueInput() {
        CheckerHarness.check(with("ST1/QueueInputPlain.java"));
    }

    @Test
    void aFilterPutsOnAQueueThroughItsBoundQueueOutputHandle() {
        CheckerHarness.check(with("ST1/QueueOutputHandle.java"));
    }

    @Test
    void aFilterNamingAPlainThreadsQueueOutputIsToldToDeclareASpaceTimeQueueOutput() {
        CheckerHarness.check(with("ST1/QueueOutputPlain.java"));
    }

    @Test
    void aFilterReadsAndWritesARegisterThroughItsBoundRegisterHandle() {
        CheckerHarness.check(with("ST1/RegisterHandleUse.java"));
    }

    @Test
    void aFilterNamingAPlainThreadsRegisterConnectionIsToldToDeclareASpaceTimeRegisterHandle() {
        CheckerHarness.check(with("ST1/RegisterPlain.java"));
    }

    private static String[] with(String snippet) {
        String[] all = Arrays.copyOf(RUNTIME, RUNTIME.length + 1);
        all[RUNTIME.length] = snippet;
        return all;
    }
}
