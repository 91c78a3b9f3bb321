package org.streamflex.checker;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;

/**
 * Which methods of the compilation {@code @Atomic} calls may run: the {@code @Atomic} methods and
 * what they call, over every class compiled from source, overrides included. Filled while classes
 * are analyzed, read when findings are decided (by then every class has added its calls).
 */
public final class AtomicCallGraph {
    private final Set<ExecutableElement> roots = new LinkedHashSet<>();
    private final Map<ExecutableElement, Set<ExecutableElement>> calls = new HashMap<>();
    private Map<ExecutableElement, ExecutableElement> rootOf;

    public void root(ExecutableElement atomic) {
        roots.add(atomic);
        rootOf = null;
    }

    /** {@code caller} may run {@code callee} (a call, or {@code callee} overrides what it calls). */
    public void edge(ExecutableElement caller, ExecutableElement callee) {
        calls.computeIfAbsent(caller, k -> new LinkedHashSet<>()).add(callee);
        rootOf = null;
    }

    /** An {@code @Atomic} method whose calls may run {@code method}, or null if none may. */
    public ExecutableElement rootReaching(ExecutableElement method) {
        if (rootOf == null) {
            Map<ExecutableElement, ExecutableElement> found = new HashMap<>();
            for (ExecutableElement root : roots) {
                Deque<ExecutableElement> work = new ArrayDeque<>();
                if (found.putIfAbsent(root, root) == null) {
                    work.add(root);
                }
                while (!work.isEmpty()) {
                    for (ExecutableElement next : calls.getOrDefault(work.poll(), Set.of())) {
                        if (found.putIfAbsent(next, root) == null) {
                            work.add(next);
                        }
                    }
                }
            }
            rootOf = found;
        }
        return rootOf.get(method);
    }
}
