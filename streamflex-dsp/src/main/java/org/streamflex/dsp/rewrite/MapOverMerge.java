package org.streamflex.dsp.rewrite;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.streamflex.DataChannel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;

/**
 * {@code map(f, merge(x, y)) = merge(map(f, x), map(f, y))}: WaveScript's enabling rule, which moves
 * a map above a merge so that rules below the merge see it. Side conditions: {@code f} keeps no
 * state, so two copies of it compute what one does (every field its class declares below the
 * library's base, other than channels, is final: parameters, not state); and the merge has no
 * other use. Merging in arrival order commutes with a stateless per-item function.
 */
public final class MapOverMerge implements Rule {
    @Override
    public String law() {
        return "map(f, merge(x, y)) = merge(map(f, x), map(f, y))";
    }

    @Override
    public Node rewrite(Node node, Plan plan, Map<Node, Integer> uses) {
        if (!(node.op() instanceof Op.Map map) || !(node.input().op() instanceof Op.Merge)
                || !Rule.usedOnce(node.input(), uses) || !stateless(map.function())) {
            return null;
        }
        List<Node> mapped = new ArrayList<>();
        for (Node in : node.input().inputs()) {
            mapped.add(plan.node(map, in));
        }
        return plan.node(node.input().op(), mapped);
    }

    /**
     * Whether a map class keeps no state: every instance field declared by it and its superclasses
     * up to {@link Filter}, other than channels, is final. A library base class's own fields are
     * its channels.
     */
    static boolean stateless(Class<?> type) {
        for (Class<?> c = type; c != null && c != Filter.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || Modifier.isFinal(f.getModifiers())
                        || DataChannel.class.isAssignableFrom(f.getType())
                        || SharedChannel.class.isAssignableFrom(f.getType())) {
                    continue;
                }
                return false;
            }
        }
        return true;
    }
}
