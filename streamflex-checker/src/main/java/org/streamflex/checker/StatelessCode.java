package org.streamflex.checker;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Which code of the compilation the runs of each {@code @Stateless} filter may run, for rule F1:
 * each method's calls and the classes it instantiates, and which methods override which, filled
 * while classes are analyzed and read when findings are decided (by then every class has added
 * its part). A node is a method or constructor, or a class standing for its instance initializers
 * (field initializers and initializer blocks), which every constructor of the class runs.
 *
 * <pre>{@code
 * code.stateless(filter);                                   // a class annotated @Stateless
 * code.call(work, helper, StatelessCode.Call.ON_THIS, filter); // work() calls helper()
 * ...
 * code.runners(helper);                                     // once decided: [Runner(filter, work)]
 * }</pre>
 */
public final class StatelessCode {
    /** How a call picks the method it runs. */
    public enum Call {
        /** Static, private, {@code super.m()}, constructors: the method named. */
        EXACT,
        /**
         * A call on the running object ({@code m()}, {@code this.m()}, {@code Outer.this.m()}): when that
         * object may be the {@code @Stateless} filter, the filter's own implementation; else as
         * {@link #VIRTUAL}.
         */
        ON_THIS,
        /** Any other instance call: the method named and every override compiled here. */
        VIRTUAL
    }

    /** A {@code @Stateless} filter whose runs may run a node, reached from {@code root}. */
    public record Runner(TypeElement filter, ExecutableElement root) {
        /** {@code Gen.work()}. */
        public String rootName() {
            return TypeFacts.displayName((TypeElement) root.getEnclosingElement()) + "." + root.getSimpleName() + "()";
        }
    }

    /** {@code receiver}: for {@link Call#ON_THIS}, the class whose running instance the call is on. */
    private record Edge(ExecutableElement callee, Call kind, TypeElement receiver) {
    }

    private final TypeFacts facts;
    private final Set<TypeElement> filters = new LinkedHashSet<>();
    private final Map<Element, Set<Edge>> calls = new HashMap<>();
    private final Map<Element, Set<TypeElement>> creates = new HashMap<>();
    private final Map<ExecutableElement, Set<ExecutableElement>> overriders = new HashMap<>();
    private Map<Element, List<Runner>> runners;

    StatelessCode(TypeFacts facts) {
        this.facts = facts;
    }

    /** A filter class annotated {@code @Stateless}: its roots are where the search starts. */
    public void stateless(TypeElement filter) {
        filters.add(filter);
        runners = null;
    }

    /**
     * {@code from} calls {@code callee}; for {@link Call#ON_THIS}, on the running instance of
     * {@code receiver} (the class itself, or an enclosing class of it), else null.
     */
    public void call(Element from, ExecutableElement callee, Call kind, TypeElement receiver) {
        calls.computeIfAbsent(from, k -> new LinkedHashSet<>()).add(new Edge(callee, kind, receiver));
        runners = null;
    }

    /**
     * {@code from} makes an instance of {@code type}: every instance method of it may run from then
     * on, called by code that holds the object, the class path's included (a listener, a comparator).
     */
    public void creates(Element from, TypeElement type) {
        creates.computeIfAbsent(from, k -> new LinkedHashSet<>()).add(type);
        runners = null;
    }

    /** {@code method} overrides {@code overridden}: a virtual call to the latter may run it. */
    public void overrides(ExecutableElement method, ExecutableElement overridden) {
        overriders.computeIfAbsent(overridden, k -> new LinkedHashSet<>()).add(method);
        runners = null;
    }

    /**
     * The {@code @Stateless} filters whose runs may run {@code node}, each with one root it is
     * reached from; in the order of the filters' names.
     */
    public List<Runner> runners(Element node) {
        if (runners == null) {
            Map<Element, List<Runner>> found = new HashMap<>();
            List<TypeElement> ordered = new ArrayList<>(filters);
            ordered.sort(Comparator.comparing(f -> f.getQualifiedName().toString()));
            for (TypeElement filter : ordered) {
                reach(filter).forEach((reached, root) ->
                        found.computeIfAbsent(reached, k -> new ArrayList<>()).add(new Runner(filter, root)));
            }
            runners = found;
        }
        return runners.getOrDefault(node, List.of());
    }

    /**
     * What the runs of {@code filter} start from: its {@code work()}, its own {@code trigger()} (the
     * runtime calls it between runs), and its {@code @Atomic} methods (plain Java threads call them
     * between runs, and they exist to change the filter's fields).
     */
    public List<ExecutableElement> roots(TypeElement filter) {
        List<ExecutableElement> roots = new ArrayList<>();
        TypeElement base = facts.elements().getTypeElement("org.streamflex.Filter");
        for (ExecutableElement m : ElementFilter.methodsIn(base.getEnclosedElements())) {
            if (m.getParameters().isEmpty() && (m.getSimpleName().contentEquals("work")
                    || m.getSimpleName().contentEquals("trigger"))) {
                ExecutableElement runs = implementation(m, filter);
                if (!runs.getEnclosingElement().equals(base) || m.getSimpleName().contentEquals("work")) {
                    roots.add(runs);
                }
            }
        }
        for (TypeElement t = filter; t != null; t = facts.asElement(t.getSuperclass())) {
            for (ExecutableElement m : ElementFilter.methodsIn(t.getEnclosedElements())) {
                if (isAtomic(m)) {
                    ExecutableElement runs = implementation(m, filter);
                    if (!roots.contains(runs)) {
                        roots.add(runs);
                    }
                }
            }
        }
        return roots;
    }

    /**
     * The method an instance of exactly {@code type} runs for a call of {@code method} on itself:
     * the nearest override in its class chain, else {@code method} (an interface's default included).
     */
    public ExecutableElement implementation(ExecutableElement method, TypeElement type) {
        if (method.getKind() != ElementKind.METHOD || method.getModifiers().contains(Modifier.STATIC)
                || method.getModifiers().contains(Modifier.PRIVATE)) {
            return method;
        }
        for (TypeElement t = type; t != null; t = facts.asElement(t.getSuperclass())) {
            for (ExecutableElement candidate : ElementFilter.methodsIn(t.getEnclosedElements())) {
                if (candidate.equals(method) || facts.elements().overrides(candidate, method, type)) {
                    return candidate;
                }
            }
        }
        return method;
    }

    /** Every node the runs of {@code filter} may run, each with the first root found to reach it. */
    private Map<Element, ExecutableElement> reach(TypeElement filter) {
        Map<Element, ExecutableElement> reached = new LinkedHashMap<>();
        Deque<Element> work = new ArrayDeque<>();
        for (ExecutableElement root : roots(filter)) {
            add(reached, work, root, root);
        }
        while (!work.isEmpty()) {
            Element node = work.poll();
            ExecutableElement root = reached.get(node);
            if (node.getKind() == ElementKind.CONSTRUCTOR) {
                add(reached, work, node.getEnclosingElement(), root);
            }
            for (Edge edge : calls.getOrDefault(node, Set.of())) {
                for (ExecutableElement target : targets(edge, filter)) {
                    add(reached, work, target, root);
                }
            }
            for (TypeElement type : creates.getOrDefault(node, Set.of())) {
                add(reached, work, type, root);
                for (TypeElement t : withSupertypes(type)) {
                    for (ExecutableElement m : ElementFilter.methodsIn(t.getEnclosedElements())) {
                        if (!m.getModifiers().contains(Modifier.STATIC)) {
                            add(reached, work, m, root);
                        }
                    }
                }
            }
        }
        return reached;
    }

    /** The class, its superclasses and every interface they implement: the methods an instance has. */
    private Set<TypeElement> withSupertypes(TypeElement type) {
        Set<TypeElement> all = new LinkedHashSet<>();
        Deque<TypeElement> todo = new ArrayDeque<>(List.of(type));
        while (!todo.isEmpty()) {
            TypeElement t = todo.poll();
            if (all.add(t)) {
                for (TypeMirror s : facts.types().directSupertypes(t.asType())) {
                    TypeElement sup = facts.asElement(s);
                    if (sup != null) {
                        todo.add(sup);
                    }
                }
            }
        }
        return all;
    }

    private static void add(Map<Element, ExecutableElement> reached, Deque<Element> work, Element node,
            ExecutableElement root) {
        if (reached.putIfAbsent(node, root) == null) {
            work.add(node);
        }
    }

    private List<ExecutableElement> targets(Edge edge, TypeElement filter) {
        ExecutableElement callee = edge.callee();
        if (edge.kind() == Call.EXACT) {
            return List.of(callee);
        }
        if (edge.kind() == Call.ON_THIS && facts.isSubclass(filter, edge.receiver())) {
            return List.of(implementation(callee, filter));
        }
        List<ExecutableElement> targets = new ArrayList<>();
        targets.add(callee);
        targets.addAll(overriders.getOrDefault(callee, Set.of()));
        return targets;
    }

    private static boolean isAtomic(Element method) {
        return method.getAnnotationMirrors().stream()
                .anyMatch(a -> a.getAnnotationType().toString().equals("org.streamflex.Atomic"));
    }
}
