package org.streamflex.checker;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReachableClassSetTest {
    /** Where class Pool is in rcs/SharedClasses.java; class Pooled, after it, breaks the same rules. */
    private static final int POOL_FIRST_LINE = 9;
    private static final int POOL_LAST_LINE = 22;

    @Test
    void classesReachedByNewAndStaticCallsAreCheckedAndOthersAreNot() {
        CheckerHarness.check("rcs/ReachableClassSet.java");
    }

    @Test
    void aClassDeclaredReachableIsCheckedThoughNoFilterUsesIt() {
        CheckerHarness.check("rcs/DeclaredReachable.java");
    }

    @Test
    void aSharedClassCalledByAFilterBringsNeitherItselfNorItsPoolIntoTheSet() {
        CheckerHarness.check("rcs/SharedClasses.java");
    }

    @Test
    void aPoolThatAFilterCallsItselfIsCheckedWhileTheSharedClassStaysOut() {
        List<String> errors = CheckerHarness.errors("rcs/SharedClasses.java", "Pooled p = Pooled.make();",
                "Pooled p = Pool.take();");
        assertFalse(errors.isEmpty(), "the pool's code breaks the rules");
        for (String error : errors) {
            int line = Integer.parseInt(error.substring(error.indexOf(':') + 1, error.indexOf(": ")));
            assertTrue(line >= POOL_FIRST_LINE && line <= POOL_LAST_LINE, "not in Pool: " + error);
        }
    }
}
