package org.streamflex.checker.rules;

import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;

/**
 * S1: a shared value (a signal segment) is valid until the {@code work()} that took or made it
 * returns; after that only the channels and queues that retained it keep it alive, and once they
 * release it its memory holds another value. So no stable object (a filter, a {@code Stable} class,
 * their parents in the reachable class set) and no capsule keeps one in an instance field: not as
 * a shared class, an array of them, a type variable bounded by one, nor inside a generic type.
 * {@code SharedQueue} and {@code SharedChannel} fields are the way to hold them: they retain.
 *
 * <pre>{@code
 * private FloatSeg last;                                             // S1
 * private final SharedQueue<FloatSeg> last = new SharedQueue<>(1);   // what to write
 * }</pre>
 *
 * <p>R2, R4 and R5 leave these fields to this rule, so a field gets one error, with advice that works.
 */
@RuleInfo(id = "S1", name = "SharedFields", section = S1SharedFields.SECTION,
        summary = "Stable objects and capsules keep no shared values in fields: a shared value is valid until the"
                + " work() that took it returns, and a SharedQueue keeps it longer")
public final class S1SharedFields implements Rule {
    /** Where the shared-value rules come from. */
    static final String SECTION = "not in the paper, for signal segments (XStream/WaveScript SigSegs) on a stock JVM";
    /** Why a shared value cannot be kept as it is, for the messages of S1 and S2. */
    static final String VALID = "a shared value is valid only until the work() that took it returns, and then its"
            + " memory may go back to its pool for another value";

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        TypeElement holder = c.element();
        boolean capsule = ctx.facts().isCapsule(holder);
        for (SourceClass.Field field : c.instanceFields(ctx.trees())) {
            TypeMirror type = field.element().asType();
            TypeMirror held = ctx.facts().sharedIn(type);
            if (held == null) {
                continue;
            }
            String kept = (ctx.facts().isSharedValue(type) ? " keeps a shared value" : " keeps shared values")
                    + " in field '" + field.name() + "' of type " + TypeFacts.typeName(type) + "; " + VALID;
            if (capsule) {
                out.add(Finding.always(info(), field.path(), "capsule class " + c.displayName() + kept + ", while"
                        + " the capsule travels on. Put the value on a SharedChannel of its own beside the capsule's"
                        + " channel; a filter keeps shared values across releases in a SharedQueue"));
            } else {
                String advice = ". Keep shared values across releases in a SharedQueue instead: private final"
                        + " SharedQueue<" + TypeFacts.typeName(held) + "> " + field.name()
                        + " = new SharedQueue<>(capacity)";
                out.add(new Finding(info(), field.path(), p -> p.holdsStableState(holder),
                        p -> p.describeHolder(holder) + kept + advice));
            }
        }
    }
}
