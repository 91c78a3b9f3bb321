package org.streamflex.checker.rules;

import java.util.List;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;

/** R7: capsules are not stable: they move between filters and are reclaimed by the runtime. */
@RuleInfo(id = "R7", name = "CapsuleNotStable", section = "paper section 4.2",
        summary = "Capsules are not stable, directly or through an interface")
public final class R7CapsuleNotStable implements Rule {
    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        if (ctx.facts().isCapsule(c.element()) && ctx.facts().isStable(c.element())) {
            out.add(Finding.always(info(), c.path(), "capsule class " + c.displayName() + " implements Stable;"
                    + " a capsule moves from filter to filter and goes back to the runtime's pool, so it cannot live"
                    + " in a filter's stable memory. Remove Stable from it (or from the interface that brings it in)"));
        }
    }
}
