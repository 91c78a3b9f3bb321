package org.streamflex.checker.weave;

import java.io.IOException;
import java.lang.classfile.Attributes;
import java.lang.classfile.ClassBuilder;
import java.lang.classfile.ClassElement;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.MethodBuilder;
import java.lang.classfile.MethodElement;
import java.lang.classfile.MethodModel;
import java.lang.classfile.MethodTransform;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.ArrayLoadInstruction;
import java.lang.classfile.instruction.ArrayStoreInstruction;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.DynamicConstantDesc;
import java.lang.constant.MethodHandleDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Makes the {@code @Atomic} methods of filter classes transactional (the runtime side is {@code
 * org.streamflex.spi.Atomics}):
 * <ul>
 *   <li>each {@code @Atomic} method, and each method of the reachable class set it may call
 *       (transitively, including the overrides in the set a virtual call may reach), gets a copy
 *       {@code $sf$atomic$name} (private if the original is, else public) in which every {@code getfield}/{@code putfield}
 *       becomes {@code Atomics.getT(owner, VarHandle)}/{@code putT(owner, value, VarHandle)} (the
 *       handle a constant of the class's own pool), every primitive array load and store
 *       {@code Atomics.loadT}/{@code storeT}, every {@code aaload} is preceded by {@code
 *       Atomics.noteReference}, {@code System.arraycopy} becomes {@code Atomics.arraycopy}, and
 *       calls to copied methods go to their copies;
 *   <li>the body of each {@code @Atomic} method becomes {@code Atomics.call(<copy>, {this,
 *       <boxed arguments>})}, unboxed, where {@code <copy>} is a dynamic constant (bootstrap
 *       {@code Atomics.spreader}) resolved once: the copy taking an {@code Object[]}.
 * </ul>
 * The filter's own {@code work()} and every method it runs are left exactly as they were: the
 * instrumentation costs the filter's thread nothing. The checker's {@code AtomicMethods} rule
 * keeps atomic code within what this rewriting covers (no calls out of the set but to a few JDK
 * helpers, no interface calls, no stores into reference arrays). Each rewritten class gets the
 * marker field {@link #MARKER}, which the runtime requires of classes with {@code @Atomic} methods.
 */
public final class AtomicWeaver {
    public static final String MARKER = org.streamflex.spi.Atomics.WOVEN_MARKER_FIELD;
    static final String COPY_PREFIX = "$sf$atomic$";
    private static final ClassDesc ATOMIC = ClassDesc.of("org.streamflex.Atomic");
    private static final ClassDesc ATOMICS = ClassDesc.of("org.streamflex.spi.Atomics");
    private static final ClassDesc CD_VAR_HANDLE = ClassDesc.of("java.lang.invoke.VarHandle");
    private static final ClassDesc CD_SYSTEM = ClassDesc.of("java.lang.System");
    private static final MethodTypeDesc CALL = MethodTypeDesc.of(ConstantDescs.CD_Object,
            ConstantDescs.CD_MethodHandle, ConstantDescs.CD_Object.arrayType());
    private static final DirectMethodHandleDesc SPREADER = ConstantDescs.ofConstantBootstrap(ATOMICS, "spreader",
            ConstantDescs.CD_MethodHandle, ConstantDescs.CD_MethodHandle);
    private static final MethodTypeDesc ARRAYCOPY = MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object,
            ConstantDescs.CD_int, ConstantDescs.CD_Object, ConstantDescs.CD_int, ConstantDescs.CD_int);

    private final ClassFile classFile;

    public AtomicWeaver(Elements elements, Types types) {
        this.classFile = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
                new ElementsHierarchyResolver(elements, types).orElse(ClassHierarchyResolver.defaultResolver())));
    }

    /** A method of a class of the plan. */
    record MethodKey(ClassDesc owner, String name, String descriptor) {
    }

    /**
     * Rewrites, in place, the class files that hold {@code @Atomic} methods or methods they call
     * (transitively, over the classes given, with the overrides a virtual call may reach).
     *
     * @param classFiles the class files of the reachable class set, by class
     * @return the classes rewritten
     */
    public List<ClassDesc> weaveAll(Map<ClassDesc, Path> classFiles) throws IOException {
        Map<ClassDesc, ClassModel> models = new LinkedHashMap<>();
        for (Map.Entry<ClassDesc, Path> e : classFiles.entrySet()) {
            ClassModel model = classFile.parse(Files.readAllBytes(e.getValue()));
            if (model.fields().stream().noneMatch(f -> f.fieldName().equalsString(MARKER))) {
                models.put(e.getKey(), model);
            }
        }
        Map<MethodKey, MethodModel> methods = new HashMap<>();
        Set<MethodKey> roots = new LinkedHashSet<>();
        for (ClassModel model : models.values()) {
            ClassDesc owner = model.thisClass().asSymbol();
            for (MethodModel m : model.methods()) {
                MethodKey k = new MethodKey(owner, m.methodName().stringValue(), m.methodType().stringValue());
                methods.put(k, m);
                if (isAtomic(m) && m.code().isPresent()) {
                    roots.add(k);
                }
            }
        }
        if (roots.isEmpty()) {
            return List.of();
        }
        Set<MethodKey> copied = closure(roots, methods, models);
        List<ClassDesc> woven = new ArrayList<>();
        for (ClassModel model : models.values()) {
            ClassDesc self = model.thisClass().asSymbol();
            if (copied.stream().anyMatch(k -> k.owner().equals(self))) {
                Files.write(classFiles.get(self), weave(model, self, roots, copied, models));
                woven.add(self);
            }
        }
        return woven;
    }

    private byte[] weave(ClassModel model, ClassDesc self, Set<MethodKey> roots, Set<MethodKey> copied,
            Map<ClassDesc, ClassModel> models) {
        ClassTransform transform = new ClassTransform() {
            @Override
            public void accept(ClassBuilder b, ClassElement e) {
                if (e instanceof MethodModel m && roots.contains(key(self, m))) {
                    b.transformMethod(m, new Wrapper(self, m));
                } else {
                    b.with(e);
                }
            }

            @Override
            public void atEnd(ClassBuilder b) {
                for (MethodModel m : model.methods()) {
                    if (!copied.contains(key(self, m))) {
                        continue;
                    }
                    int original = m.flags().flagsMask();
                    // Copies of non-private methods are public: copies in other classes call them.
                    int flags = ClassFile.ACC_SYNTHETIC | (original & ClassFile.ACC_STATIC)
                            | ((original & ClassFile.ACC_PRIVATE) != 0 ? ClassFile.ACC_PRIVATE : ClassFile.ACC_PUBLIC);
                    b.withMethod(COPY_PREFIX + m.methodName().stringValue(), m.methodTypeSymbol(), flags,
                            mb -> mb.transformCode(m.code().orElseThrow(), new AccessRewriter(copied, models)));
                }
                b.withField(MARKER, ConstantDescs.CD_boolean,
                        ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC | ClassFile.ACC_FINAL | ClassFile.ACC_SYNTHETIC);
            }
        };
        return classFile.transformClass(model, transform);
    }

    private static MethodKey key(ClassDesc owner, MethodModel m) {
        return new MethodKey(owner, m.methodName().stringValue(), m.methodType().stringValue());
    }

    private static boolean isAtomic(MethodModel m) {
        return m.findAttribute(Attributes.runtimeVisibleAnnotations())
                .map(a -> a.annotations().stream().anyMatch(x -> x.classSymbol().equals(ATOMIC)))
                .orElse(false);
    }

    /**
     * The method a call to {@code owner.name descriptor} runs when the receiver is an {@code
     * owner}: the nearest declaration up the superclasses within the plan, or null.
     */
    private static MethodKey resolve(ClassDesc owner, String name, String descriptor, Map<MethodKey, MethodModel> methods,
            Map<ClassDesc, ClassModel> models) {
        for (ClassDesc c = owner; c != null && models.containsKey(c); ) {
            MethodKey k = new MethodKey(c, name, descriptor);
            if (methods.containsKey(k)) {
                return k;
            }
            c = models.get(c).superclass().map(s -> s.asSymbol()).orElse(null);
        }
        return null;
    }

    private static boolean extendsClass(ClassDesc sub, ClassDesc base, Map<ClassDesc, ClassModel> models) {
        for (ClassDesc c = sub; c != null && models.containsKey(c); c = models.get(c).superclass().map(s -> s.asSymbol()).orElse(null)) {
            if (c.equals(base)) {
                return true;
            }
        }
        return false;
    }

    /** The roots and every method with code they may call, overrides included. */
    private static Set<MethodKey> closure(Set<MethodKey> roots, Map<MethodKey, MethodModel> methods,
            Map<ClassDesc, ClassModel> models) {
        Set<MethodKey> seen = new LinkedHashSet<>(roots);
        Deque<MethodKey> work = new ArrayDeque<>(roots);
        while (!work.isEmpty()) {
            MethodModel m = methods.get(work.poll());
            m.code().ifPresent(code -> code.elementStream().forEach(e -> {
                if (!(e instanceof InvokeInstruction call) || call.name().equalsString(ConstantDescs.INIT_NAME)) {
                    return;
                }
                String name = call.name().stringValue();
                String descriptor = call.type().stringValue();
                MethodKey target = resolve(call.owner().asSymbol(), name, descriptor, methods, models);
                if (target == null) {
                    return;
                }
                List<MethodKey> reached = new ArrayList<>();
                reached.add(target);
                if (call.opcode() == Opcode.INVOKEVIRTUAL) {
                    for (ClassDesc c : models.keySet()) {
                        MethodKey override = new MethodKey(c, name, descriptor);
                        if (!c.equals(target.owner()) && methods.containsKey(override)
                                && extendsClass(c, target.owner(), models)) {
                            reached.add(override);
                        }
                    }
                }
                for (MethodKey k : reached) {
                    if (methods.get(k).code().isPresent() && seen.add(k)) {
                        work.add(k);
                    }
                }
            }));
        }
        return seen;
    }

    /** Replaces an @Atomic method's body with the call into the runtime. */
    private record Wrapper(ClassDesc self, MethodModel method) implements MethodTransform {
        @Override
        public void accept(MethodBuilder mb, MethodElement e) {
            if (!(e instanceof CodeModel)) {
                mb.with(e);
            }
        }

        @Override
        public void atEnd(MethodBuilder mb) {
            MethodTypeDesc type = method.methodTypeSymbol();
            DirectMethodHandleDesc body = MethodHandleDesc.ofMethod(DirectMethodHandleDesc.Kind.SPECIAL, self,
                    COPY_PREFIX + method.methodName().stringValue(), type);
            mb.withCode(code -> {
                code.ldc(DynamicConstantDesc.ofNamed(SPREADER, "body", ConstantDescs.CD_MethodHandle, body));
                code.loadConstant(type.parameterCount() + 1);
                code.anewarray(ConstantDescs.CD_Object);
                code.dup();
                code.iconst_0();
                code.aload(0);
                code.aastore();
                int slot = 1;
                for (int i = 0; i < type.parameterCount(); i++) {
                    ClassDesc p = type.parameterType(i);
                    TypeKind kind = TypeKind.from(p);
                    code.dup();
                    code.loadConstant(i + 1);
                    code.loadLocal(kind, slot);
                    box(code, p);
                    code.aastore();
                    slot += kind.slotSize();
                }
                code.invokestatic(ATOMICS, "call", CALL);
                ClassDesc r = type.returnType();
                if (r.equals(ConstantDescs.CD_void)) {
                    code.pop();
                    code.return_();
                } else if (r.isPrimitive()) {
                    ClassDesc boxed = boxOf(r);
                    code.checkcast(boxed);
                    code.invokevirtual(boxed, r.displayName() + "Value", MethodTypeDesc.of(r));
                    code.return_(TypeKind.from(r));
                } else {
                    code.checkcast(r);
                    code.areturn();
                }
            });
        }

        private static void box(CodeBuilder code, ClassDesc p) {
            if (p.isPrimitive()) {
                ClassDesc boxed = boxOf(p);
                code.invokestatic(boxed, "valueOf", MethodTypeDesc.of(boxed, p));
            }
        }
    }

    private static ClassDesc boxOf(ClassDesc primitive) {
        return switch (primitive.descriptorString()) {
            case "Z" -> ConstantDescs.CD_Boolean;
            case "B" -> ConstantDescs.CD_Byte;
            case "C" -> ConstantDescs.CD_Character;
            case "S" -> ConstantDescs.CD_Short;
            case "I" -> ConstantDescs.CD_Integer;
            case "J" -> ConstantDescs.CD_Long;
            case "F" -> ConstantDescs.CD_Float;
            case "D" -> ConstantDescs.CD_Double;
            default -> throw new IllegalArgumentException(primitive.descriptorString());
        };
    }

    /** Turns the memory accesses of a copied method into calls on {@code Atomics}. */
    private record AccessRewriter(Set<MethodKey> copied, Map<ClassDesc, ClassModel> models) implements CodeTransform {
        @Override
        public void accept(CodeBuilder code, CodeElement e) {
            switch (e) {
                case FieldInstruction f when f.opcode() == Opcode.GETFIELD -> {
                    ClassDesc type = f.typeSymbol();
                    code.ldc(VarHandle.VarHandleDesc.ofField(f.owner().asSymbol(), f.name().stringValue(), type));
                    code.invokestatic(ATOMICS, "get" + suffix(type), MethodTypeDesc.of(accessType(type, true),
                            ConstantDescs.CD_Object, CD_VAR_HANDLE));
                    if (!type.isPrimitive() && !type.equals(ConstantDescs.CD_Object)) {
                        code.checkcast(type);
                    }
                }
                case FieldInstruction f when f.opcode() == Opcode.PUTFIELD -> {
                    ClassDesc type = f.typeSymbol();
                    code.ldc(VarHandle.VarHandleDesc.ofField(f.owner().asSymbol(), f.name().stringValue(), type));
                    code.invokestatic(ATOMICS, "put" + suffix(type), MethodTypeDesc.of(ConstantDescs.CD_void,
                            ConstantDescs.CD_Object, accessType(type, false), CD_VAR_HANDLE));
                }
                case ArrayLoadInstruction load when load.typeKind() == TypeKind.REFERENCE -> {
                    code.dup2();
                    code.invokestatic(ATOMICS, "noteReference", MethodTypeDesc.of(ConstantDescs.CD_void,
                            ConstantDescs.CD_Object.arrayType(), ConstantDescs.CD_int));
                    code.with(e);
                }
                case ArrayLoadInstruction load -> {
                    TypeKind kind = load.typeKind();
                    ClassDesc element = elementOf(kind);
                    ClassDesc array = kind == TypeKind.BYTE ? ConstantDescs.CD_Object : element.arrayType();
                    ClassDesc result = kind == TypeKind.BYTE ? ConstantDescs.CD_int : element;
                    code.invokestatic(ATOMICS, "load" + name(kind), MethodTypeDesc.of(result, array, ConstantDescs.CD_int));
                }
                case ArrayStoreInstruction store when store.typeKind() != TypeKind.REFERENCE -> {
                    TypeKind kind = store.typeKind();
                    ClassDesc element = elementOf(kind);
                    ClassDesc array = kind == TypeKind.BYTE ? ConstantDescs.CD_Object : element.arrayType();
                    ClassDesc value = kind == TypeKind.BYTE ? ConstantDescs.CD_int : element;
                    code.invokestatic(ATOMICS, "store" + name(kind), MethodTypeDesc.of(ConstantDescs.CD_void, array,
                            ConstantDescs.CD_int, value));
                }
                case InvokeInstruction call when call.owner().asSymbol().equals(CD_SYSTEM)
                        && call.name().equalsString("arraycopy") -> code.invokestatic(ATOMICS, "arraycopy", ARRAYCOPY);
                case InvokeInstruction call when redirected(call) ->
                        code.invoke(call.opcode(), call.owner().asSymbol(), COPY_PREFIX + call.name().stringValue(),
                                call.typeSymbol(), call.isInterface());
                default -> code.with(e);
            }
        }

        private boolean redirected(InvokeInstruction call) {
            if (call.name().equalsString(ConstantDescs.INIT_NAME)) {
                return false;
            }
            for (ClassDesc c = call.owner().asSymbol(); c != null && models.containsKey(c);
                    c = models.get(c).superclass().map(s -> s.asSymbol()).orElse(null)) {
                if (copied.contains(new MethodKey(c, call.name().stringValue(), call.type().stringValue()))) {
                    return true;
                }
            }
            return false;
        }

        /** The JVM type an accessor takes or returns: small integers travel as int, except boolean. */
        private static ClassDesc accessType(ClassDesc type, boolean get) {
            if (!type.isPrimitive()) {
                return ConstantDescs.CD_Object;
            }
            return switch (type.descriptorString()) {
                case "B", "C", "S" -> ConstantDescs.CD_int;
                default -> type;
            };
        }

        private static String suffix(ClassDesc type) {
            return switch (type.descriptorString()) {
                case "Z" -> "Boolean";
                case "B" -> "Byte";
                case "C" -> "Char";
                case "S" -> "Short";
                case "I" -> "Int";
                case "J" -> "Long";
                case "F" -> "Float";
                case "D" -> "Double";
                default -> "Reference";
            };
        }

        private static ClassDesc elementOf(TypeKind kind) {
            return switch (kind) {
                case BYTE -> ConstantDescs.CD_byte;
                case CHAR -> ConstantDescs.CD_char;
                case SHORT -> ConstantDescs.CD_short;
                case INT -> ConstantDescs.CD_int;
                case LONG -> ConstantDescs.CD_long;
                case FLOAT -> ConstantDescs.CD_float;
                case DOUBLE -> ConstantDescs.CD_double;
                default -> throw new IllegalArgumentException(kind.toString());
            };
        }

        private static String name(TypeKind kind) {
            String s = kind.name().toLowerCase(java.util.Locale.ROOT);
            return Character.toUpperCase(s.charAt(0)) + s.substring(1);
        }
    }
}
