package org.streamflex.checker;

import java.util.List;

/**
 * One rule of the StreamFlex type system. Its class carries {@link RuleInfo}, and the findings it
 * records name it by that metadata:
 *
 * <pre>{@code
 * @RuleInfo(id = "R7", name = "CapsuleNotStable", summary = "...", section = "paper section 4.2")
 * public final class R7CapsuleNotStable implements Rule {
 *     public void collect(SourceClass c, Analysis analysis, List<Finding> out) {
 *         if (...) {
 *             out.add(Finding.always(info(), c.path(), "capsule class ... implements Stable; ..."));
 *         }
 *     }
 * }
 * }</pre>
 */
public interface Rule {
    /**
     * Records the possible violations in {@code c}, while its trees are attributed. Conditions
     * that need the whole program (the reachable class set, subclasses) go into the findings.
     */
    void collect(SourceClass c, Analysis analysis, List<Finding> out);

    /** This rule's metadata, from the {@link RuleInfo} on its class. */
    default RuleInfo info() {
        RuleInfo info = getClass().getAnnotation(RuleInfo.class);
        if (info == null) {
            throw new IllegalStateException(getClass().getName() + " has no @RuleInfo");
        }
        return info;
    }
}
