package org.streamflex.checker.rules;

import org.junit.jupiter.api.Test;
import org.streamflex.checker.CheckerHarness;

class F1StatelessWorkTest {
    @Test
    void everyWriteOfAFieldOrOfWhatAFieldHoldsInCodeTheRunsRunIsRejected() {
        CheckerHarness.check("F1/FieldWrites.java");
    }

    @Test
    void callsOnWhatAFieldHoldsAndHandingItOnAreRejectedUnlessItIsAChannelOrImmutable() {
        CheckerHarness.check("F1/CallsAndEscapes.java");
    }

    @Test
    void codeInOtherClassesThatTheRunsCallOrMakeIsFollowedForStaticWrites() {
        CheckerHarness.check("F1/FollowedCalls.java");
    }

    @Test
    void statelessGoesOnConcreteFiltersWhoseCodeTheCheckerSees() {
        CheckerHarness.check("F1/Declarations.java");
    }

    @Test
    void readingFieldsInPlaceLocalsChannelsImmutableValuesAndTransientObjectsAreAllowed() {
        CheckerHarness.check("F1/StatelessFilters.java");
    }
}
