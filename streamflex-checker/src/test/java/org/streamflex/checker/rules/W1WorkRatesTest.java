package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class W1WorkRatesTest {
    @Test
    void straightLineTakesAndPutsThatAddUpToAnotherRateThanDeclaredAreRejected() {
        CheckerHarness.check("W1/StraightLineCounts.java");
    }

    @Test
    void takesAndPutsThatOnlyARunCanCountAreLeftToTheRuntime() {
        CheckerHarness.check("W1/CannotShow.java");
    }

    @Test
    void rateOnAFieldThatIsNotADataChannelANegativeRateOrANarrowWindowIsRejected() {
        CheckerHarness.check("W1/MisplacedRates.java");
    }

    @Test
    void aConstantPeekOutsideTheDeclaredWindowIsRejectedWhereverItIsInWork() {
        CheckerHarness.check("W1/PeekWindow.java");
    }
}
