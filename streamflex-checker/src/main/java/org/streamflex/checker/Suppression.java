package org.streamflex.checker;

import java.util.List;
import javax.lang.model.element.Element;

/**
 * The keys of {@code @SuppressWarnings} that StreamFlex rules honour: {@code "StreamFlex"} for
 * every rule, {@code "StreamFlex:R3"} for one. A finding is suppressed when a declaration around
 * its tree (class, enclosing class, method, constructor, field, parameter, local variable) carries
 * either; the key of a rule is also the prefix of its messages, {@code [StreamFlex:R3]}.
 *
 * <pre>{@code
 * @SuppressWarnings("StreamFlex:R3") // reads the test's script through a static field, on purpose
 * public void work() { script.step(); }
 * }</pre>
 */
public final class Suppression {
    /** Suppresses every rule. */
    public static final String ALL = "StreamFlex";

    private Suppression() {
    }

    /** The key that suppresses {@code rule} alone: {@code "StreamFlex:R3"}. */
    public static String key(RuleInfo rule) {
        return ALL + ":" + rule.id();
    }

    /** Whether {@code declaration} itself carries {@code @SuppressWarnings} naming {@code rule} or all rules. */
    public static boolean suppresses(Element declaration, RuleInfo rule) {
        SuppressWarnings s = declaration.getAnnotation(SuppressWarnings.class);
        if (s == null) {
            return false;
        }
        List<String> values = List.of(s.value());
        return values.contains(ALL) || values.contains(key(rule));
    }
}
