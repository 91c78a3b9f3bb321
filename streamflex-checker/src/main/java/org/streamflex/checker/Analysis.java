package org.streamflex.checker;

import com.sun.source.util.Trees;
import java.util.function.Predicate;
import javax.lang.model.element.TypeElement;

/**
 * What rules use while a class's trees are attributed: trees, type facts, reference immutability,
 * which classes are compiled from source (their bodies are checked) rather than read from the
 * class path, the calls {@code @Atomic} methods may make, and the code {@code @Stateless} filters
 * may run.
 */
public record Analysis(Trees trees, TypeFacts facts, ReferenceImmutability immutability,
        Predicate<TypeElement> compiledFromSource, AtomicCallGraph atomicCalls, StatelessCode stateless) {

    /** Whether a class's source is part of this compilation. */
    public boolean isSource(TypeElement type) {
        return compiledFromSource.test(type);
    }
}
