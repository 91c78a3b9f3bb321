package org.streamflex.checker;

import java.util.Set;
import javax.lang.model.element.TypeElement;

/** The whole program, once every class has been analyzed: its classes and its reachable class set. */
public record Program(TypeFacts facts, Set<TypeElement> sources, Set<TypeElement> reachable) {

    public boolean inRcs(TypeElement type) {
        return reachable.contains(type);
    }

    /** R2, R4: a stable class of the set, or a parent in the set of a stable class of the set. */
    public boolean holdsStableState(TypeElement type) {
        if (!inRcs(type)) {
            return false;
        }
        return facts.isStable(type) || stableSubclass(type) != null;
    }

    /** "stable class Buffer" or "class Base, a parent of stable class Buffer,". */
    public String describeHolder(TypeElement type) {
        if (facts.isStable(type)) {
            return "stable class " + TypeFacts.displayName(type);
        }
        TypeElement child = stableSubclass(type);
        return "class " + TypeFacts.displayName(type)
                + (child == null ? "" : ", a parent of stable class " + TypeFacts.displayName(child) + ",");
    }

    /** Whether another class of the compilation extends this one. */
    public boolean extendedInSource(TypeElement type) {
        for (TypeElement other : sources) {
            if (!other.equals(type) && facts.isSubclass(other, type)) {
                return true;
            }
        }
        return false;
    }

    private TypeElement stableSubclass(TypeElement type) {
        for (TypeElement other : reachable) {
            if (!other.equals(type) && facts.isStable(other) && facts.isSubclass(other, type)) {
                return other;
            }
        }
        return null;
    }
}
