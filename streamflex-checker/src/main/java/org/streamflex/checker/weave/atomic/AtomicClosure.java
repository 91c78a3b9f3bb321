package org.streamflex.checker.weave.atomic;

import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which methods {@code @Atomic} calls may run, over the classes being woven: the roots (the
 * {@code @Atomic} methods, and the methods an earlier compilation copied) and every method with
 * code they may call, transitively, with the overrides a virtual call may reach. Each of these
 * gets a transactional copy.
 */
final class AtomicClosure {
    private final Map<ClassDesc, ClassModel> models;
    private final Map<MethodKey, MethodModel> methods = new HashMap<>();

    AtomicClosure(Map<ClassDesc, ClassModel> models) {
        this.models = models;
        for (ClassModel model : models.values()) {
            ClassDesc owner = model.thisClass().asSymbol();
            for (MethodModel m : model.methods()) {
                methods.put(MethodKey.of(owner, m), m);
            }
        }
    }

    MethodModel method(MethodKey key) {
        return methods.get(key);
    }

    /** The roots and every method with code they may call, overrides included. */
    Set<MethodKey> close(Set<MethodKey> roots) {
        Set<MethodKey> seen = new LinkedHashSet<>();
        Deque<MethodKey> work = new ArrayDeque<>();
        for (MethodKey root : roots) {
            MethodModel m = methods.get(root);
            if (m != null && m.code().isPresent() && seen.add(root)) {
                work.add(root);
            }
        }
        while (!work.isEmpty()) {
            MethodModel m = methods.get(work.poll());
            m.code().ifPresent(code -> code.elementStream().forEach(e -> {
                if (!(e instanceof InvokeInstruction call) || call.name().equalsString(ConstantDescs.INIT_NAME)) {
                    return;
                }
                for (MethodKey k : reached(call)) {
                    if (methods.get(k).code().isPresent() && seen.add(k)) {
                        work.add(k);
                    }
                }
            }));
        }
        return seen;
    }

    /** Whether a call in a copy goes to a copy: the method it resolves to within the woven classes is copied. */
    boolean redirected(InvokeInstruction call, Set<MethodKey> copied) {
        if (call.name().equalsString(ConstantDescs.INIT_NAME)) {
            return false;
        }
        MethodKey target = resolve(call.owner().asSymbol(), call.name().stringValue(), call.type().stringValue());
        return target != null && copied.contains(target);
    }

    /** The methods a call may run: the one it resolves to, and overrides below it for a virtual call. */
    private List<MethodKey> reached(InvokeInstruction call) {
        List<MethodKey> reached = new ArrayList<>();
        String name = call.name().stringValue();
        String descriptor = call.type().stringValue();
        MethodKey target = resolve(call.owner().asSymbol(), name, descriptor);
        if (target == null) {
            return reached;
        }
        reached.add(target);
        if (call.opcode() == Opcode.INVOKEVIRTUAL) {
            for (ClassDesc c : models.keySet()) {
                MethodKey override = new MethodKey(c, name, descriptor);
                if (!c.equals(target.owner()) && methods.containsKey(override) && extendsClass(c, target.owner())) {
                    reached.add(override);
                }
            }
        }
        return reached;
    }

    /**
     * The method a call to {@code owner.name descriptor} runs when the receiver is an {@code
     * owner}: the nearest declaration up the superclasses among the woven classes, or null.
     */
    private MethodKey resolve(ClassDesc owner, String name, String descriptor) {
        for (ClassDesc c = owner; c != null && models.containsKey(c); c = superOf(c)) {
            MethodKey k = new MethodKey(c, name, descriptor);
            if (methods.containsKey(k)) {
                return k;
            }
        }
        return null;
    }

    private boolean extendsClass(ClassDesc sub, ClassDesc base) {
        for (ClassDesc c = sub; c != null && models.containsKey(c); c = superOf(c)) {
            if (c.equals(base)) {
                return true;
            }
        }
        return false;
    }

    private ClassDesc superOf(ClassDesc c) {
        return models.get(c).superclass().map(ClassEntry::asSymbol).orElse(null);
    }
}
