package org.streamflex.checker;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a {@link Rule} is, as Error Prone's {@code @BugPattern} says it of a check: every message
 * of the rule is prefixed with its suppression key and ends with where to read more
 * ({@link Reporter#format}), and {@code streamflex-checker/README.md} lists the same id, name,
 * summary and section (a test keeps the two in step). One rule per class:
 *
 * <pre>{@code
 * @RuleInfo(id = "R3", name = "StaticReferences", section = "paper section 4.2",
 *         summary = "Filter code reads only final, reference-immutable static fields and writes none")
 * public final class R3StaticReferences implements Rule { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RuleInfo {
    /**
     * The paper's own name for the rule ({@code R1}..{@code R7}, {@code D4}), or a name for rules
     * the paper does not have ({@code Atomic}, {@code Internals}, {@code S1}..{@code S3} for shared
     * values, {@code W1} for channel rates, {@code F1} for fission). It is the suffix of the
     * suppression key, {@code @SuppressWarnings("StreamFlex:R3")}, so it has no spaces.
     */
    String id();

    /** A name that says what the rule is about, in upper camel case: {@code StaticReferences}. */
    String name();

    /** One line: what the rule requires. */
    String summary();

    /**
     * Where the rule comes from, worded to follow "rule R3 StaticReferences,": {@code "paper section
     * 4.2"}, or for a rule the paper does not have, {@code "not in the paper, for StreamFlex on a
     * stock JVM"}.
     */
    String section();
}
