package org.streamflex.checker;

import java.util.List;

/** One rule of the StreamFlex type system. */
public interface Rule {
    /**
     * Records the possible violations in {@code c}, while its trees are attributed. Conditions
     * that need the whole program (the reachable class set, subclasses) go into the findings.
     */
    void collect(SourceClass c, Analysis analysis, List<Finding> out);
}
