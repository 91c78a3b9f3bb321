package org.streamflex.checker;

import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.util.Trees;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The reachable class set of the paper (section 4.1), over the classes being compiled and the
 * signatures of the classes on the class path:
 * <ul>
 *   <li>D1: every filter and capsule class is in the set, and every class annotated {@code @Reachable};
 *   <li>D2: every parent (superclass or interface) of a class in the set is in it;
 *   <li>D3: {@code new C(...)} (or {@code C::new}) in a class of the set puts C in it;
 *   <li>D4: a call of a static method {@code C.m()} in a class of the set puts C in it.
 * </ul>
 * Class-path classes join the set by D2-D4 but have no bodies to scan.
 *
 * <p>Shared classes ({@code org.streamflex.Shared} and its subclasses, the library's signal
 * segments) never join it, and nothing joins through them: like channels, they are memory the
 * runtime and the library manage, pooled and outliving {@code work()}, and their code is trusted as
 * written. A filter calling {@code FloatSeg.make(...)} brings neither FloatSeg nor the pools its code
 * uses into the set.
 */
public final class ReachableClassSet {
    private ReachableClassSet() {
    }

    /**
     * @param references for each class of the compilation, what its code instantiates or calls
     *     static methods of ({@link #referencedBy})
     */
    static Set<TypeElement> compute(Map<TypeElement, Set<TypeElement>> references, TypeFacts facts) {
        Set<TypeElement> reached = new LinkedHashSet<>();
        Deque<TypeElement> work = new ArrayDeque<>();
        for (TypeElement type : references.keySet()) {
            if (facts.isFilter(type) || facts.isCapsule(type) || facts.isDeclaredReachable(type)) {
                add(type, reached, work, facts);
            }
        }
        while (!work.isEmpty()) {
            TypeElement type = work.poll();
            for (TypeMirror parent : facts.types().directSupertypes(type.asType())) {
                TypeElement p = facts.asElement(parent);
                if (p != null) {
                    add(p, reached, work, facts);
                }
            }
            for (TypeElement used : references.getOrDefault(type, Set.of())) {
                add(used, reached, work, facts);
            }
        }
        return Collections.unmodifiableSet(reached);
    }

    private static void add(TypeElement type, Set<TypeElement> reached, Deque<TypeElement> work, TypeFacts facts) {
        if (!facts.isShared(type) && reached.add(type)) {
            work.add(type);
        }
    }

    /** The classes a class's code instantiates (D3) or calls static methods of (D4). */
    static Set<TypeElement> referencedBy(SourceClass source, Trees trees) {
        Set<TypeElement> used = new LinkedHashSet<>();
        new BodyScanner() {
            @Override
            protected void onNewClass(NewClassTree node) {
                Element constructor = trees.getElement(getCurrentPath());
                if (constructor != null && constructor.getEnclosingElement() instanceof TypeElement type) {
                    used.add(type);
                }
            }

            @Override
            public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
                if (trees.getElement(getCurrentPath()) instanceof ExecutableElement method
                        && method.getModifiers().contains(Modifier.STATIC)
                        && method.getEnclosingElement() instanceof TypeElement type) {
                    used.add(type);
                }
                return super.visitMethodInvocation(node, null);
            }

            @Override
            public Void visitMemberReference(MemberReferenceTree node, Void unused) {
                if (trees.getElement(getCurrentPath()) instanceof ExecutableElement method
                        && (method.getKind() == ElementKind.CONSTRUCTOR
                                || method.getModifiers().contains(Modifier.STATIC))
                        && method.getEnclosingElement() instanceof TypeElement type
                        && type.asType().getKind() != TypeKind.ARRAY) {
                    used.add(type);
                }
                return super.visitMemberReference(node, null);
            }
        }.scanClass(source);
        return used;
    }
}
