package org.streamflex.checker.weave;

import java.lang.constant.ClassDesc;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import org.streamflex.checker.Program;
import org.streamflex.checker.TypeFacts;

/**
 * Decides what to weave in one compilation, and how {@code new} sites link:
 * <ul>
 *   <li>the classes to rewrite are the compilation's classes that filter code reaches (the
 *       reachable class set), plus those an earlier compilation into the same output wove
 *       ({@link WovenIndex}): a helper recompiled alone is woven as the whole program wove it;
 *   <li>a shared class ({@code org.streamflex.Shared} and its subclasses) is never rewritten, even
 *       when an earlier compilation's index names it: its headers and arrays outlive the
 *       {@code work()} that makes them, so they must stay on the heap;
 *   <li>a class is recyclable if it is a plain class (not an interface, enum, record, filter,
 *       capsule, stable, shared or JDK class) and so is every superclass up to {@code Object}, each woven
 *       recyclable in this compilation or, for a class on the class path, marked so by its
 *       {@code @Woven} annotation;
 *   <li>a {@code new C(...)} site in woven code links through {@code NewSites} when C could be
 *       recyclable: always for a class on the class path (the site decides at run time, against
 *       the class actually loaded, and says so if C turns out not to be woven), and for a class of
 *       this compilation when it is woven recyclable here.
 * </ul>
 */
public final class WeavePlanner {
    private final Program program;
    private final TypeFacts facts;
    private final Elements elements;
    /** The classes of this compilation to rewrite. */
    private final Set<TypeElement> woven = new LinkedHashSet<>();
    private final Map<TypeElement, Boolean> recyclable = new HashMap<>();
    private final Map<ClassDesc, Boolean> linkedNew = new HashMap<>();

    public WeavePlanner(Program program, WovenIndex index) {
        this.program = program;
        this.facts = program.facts();
        this.elements = facts.elements();
        for (TypeElement type : program.sources()) {
            if ((program.inRcs(type) || index.regions(binaryName(type))) && !facts.isShared(type)) {
                woven.add(type);
            }
        }
    }

    /** The classes to weave, with how. */
    public List<ClassPlan> plan() {
        List<ClassPlan> plan = new ArrayList<>();
        for (TypeElement type : woven) {
            boolean keepConstructors = facts.isStable(type) || facts.isCapsule(type);
            TypeElement parent = facts.asElement(type.getSuperclass());
            plan.add(new ClassPlan(binaryName(type), keepConstructors, recyclable(type),
                    parent != null && recyclable(parent), facts.isStable(type)));
        }
        return plan;
    }

    /** Whether a {@code new} of this class in woven code links through {@code NewSites}. */
    public boolean linksNew(ClassDesc type) {
        return linkedNew.computeIfAbsent(type, d -> {
            TypeElement t = find(d);
            if (t == null || !candidateChain(t)
                    || t.getModifiers().contains(javax.lang.model.element.Modifier.ABSTRACT)) {
                return false;
            }
            return !program.sources().contains(t) || recyclable(t);
        });
    }

    /** Whether the class is stable, so that its {@code new} is counted against the stable region. */
    public boolean isStable(ClassDesc type) {
        TypeElement t = find(type);
        return t != null && facts.isStable(t) && !facts.isCapsule(t);
    }

    /** Whether a class (of this compilation or of the class path) is, or will be, woven recyclable. */
    boolean recyclable(TypeElement type) {
        Boolean known = recyclable.get(type);
        if (known != null) {
            return known;
        }
        boolean result;
        if (type.getQualifiedName().contentEquals("java.lang.Object") || !candidate(type)) {
            result = false;
        } else if (program.sources().contains(type)) {
            TypeElement parent = facts.asElement(type.getSuperclass());
            result = woven.contains(type) && parent != null
                    && (parent.getQualifiedName().contentEquals("java.lang.Object") || recyclable(parent));
        } else {
            result = wovenRecyclable(type);
        }
        recyclable.put(type, result);
        return result;
    }

    /**
     * A plain class whose instances a region could hold, judged by its declaration alone. A shared
     * value outlives the work() that made it, so a region must never hold one.
     */
    private boolean candidate(TypeElement type) {
        return type.getKind() == ElementKind.CLASS && !facts.isStable(type) && !facts.isCapsule(type)
                && !facts.isShared(type) && !jdk(type);
    }

    /** The class and each superclass up to Object are candidates. */
    private boolean candidateChain(TypeElement type) {
        for (TypeElement c = type; c != null; c = facts.asElement(c.getSuperclass())) {
            if (c.getQualifiedName().contentEquals("java.lang.Object")) {
                return !c.equals(type);
            }
            if (!candidate(c)) {
                return false;
            }
        }
        return false;
    }

    private boolean jdk(TypeElement type) {
        ModuleElement module = elements.getModuleOf(type);
        if (module != null && !module.isUnnamed()) {
            String name = module.getQualifiedName().toString();
            if (name.startsWith("java.") || name.startsWith("jdk.")) {
                return true;
            }
        }
        String pkg = elements.getPackageOf(type).getQualifiedName().toString();
        return pkg.startsWith("java.") || pkg.startsWith("javax.") || pkg.startsWith("jdk.") || pkg.startsWith("sun.");
    }

    /** A class-path class whose {@code @Woven} says it is recyclable for this ABI. */
    private boolean wovenRecyclable(TypeElement type) {
        for (AnnotationMirror a : type.getAnnotationMirrors()) {
            TypeElement annotation = (TypeElement) a.getAnnotationType().asElement();
            if (!annotation.getQualifiedName().contentEquals("org.streamflex.abi.Woven")) {
                continue;
            }
            boolean recyclableFlag = false;
            int abi = -1;
            for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e
                    : a.getElementValues().entrySet()) {
                String name = e.getKey().getSimpleName().toString();
                if (name.equals("recyclable")) {
                    recyclableFlag = Boolean.TRUE.equals(e.getValue().getValue());
                } else if (name.equals("abi") && e.getValue().getValue() instanceof Integer v) {
                    abi = v;
                }
            }
            return recyclableFlag && abi == AbiCalls.ABI_VERSION;
        }
        return false;
    }

    private TypeElement find(ClassDesc desc) {
        String binary = desc.descriptorString();
        if (!binary.startsWith("L")) {
            return null;
        }
        binary = binary.substring(1, binary.length() - 1).replace('/', '.');
        TypeElement type = elements.getTypeElement(binary.replace('$', '.'));
        if (type == null || !elements.getBinaryName(type).contentEquals(binary)) {
            type = elements.getTypeElement(binary);
        }
        return type;
    }

    private String binaryName(TypeElement type) {
        return elements.getBinaryName(type).toString();
    }
}
