package org.streamflex.checker.weave;

import java.io.IOException;
import java.lang.classfile.AccessFlags;
import java.lang.classfile.ClassBuilder;
import java.lang.classfile.ClassElement;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.FieldModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.MethodTransform;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.NewObjectInstruction;
import java.lang.classfile.instruction.NewPrimitiveArrayInstruction;
import java.lang.classfile.instruction.NewReferenceArrayInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import org.streamflex.spi.Regions;

/**
 * Rewrites the class files of the reachable class set so that what a filter's {@code work()}
 * allocates comes from its transient region.
 *
 * <ul>
 *   <li>{@code newarray T} becomes {@code Regions.newTArray(int, slot)}, which leaves the same
 *       array type on the stack; {@code anewarray C} becomes
 *       {@code Regions.newReferenceArray(int, C.class, slot)}
 *       cast to {@code C[]}.
 *   <li>{@code new C; dup; args; invokespecial C.<init>} of a recyclable class C becomes
 *       {@code Regions.allocate(C.class, slot); checkcast C; dup; args; invokevirtual C.$sf$init}: a recycled
 *       (cleared) or blank instance, initialized by a copy of the constructor.
 *   <li>Each recyclable class gets that copy of every constructor ({@code $sf$init}, same
 *       parameters). The copy first zeroes the fields the class declares (a recycled instance must
 *       start as a new one does), and its call that initializes {@code this} goes to the
 *       superclass's copy (or, for Object, simply drops the receiver). The class also gets a
 *       constructor taking {@code Blank} that runs no code. Its final instance fields lose
 *       {@code final}, since the copies assign them outside a constructor.
 * </ul>
 * Stable objects stay on the heap (they live as long as their filter), but what they take is
 * counted against the filter's stable region: {@code new S} of a stable class is preceded by
 * {@code Regions.noteStable(S.class)}, and the arrays a stable class's constructor makes by
 * {@code Regions.noteStableArray}. Static initializers are never rewritten (what they allocate
 * lives as long as the class), nor capsule constructors (their arrays travel with the capsule).
 * A method that allocates looks the thread's slot up once on entry ({@code Regions.current()})
 * and passes it to each allocation. Each rewritten class gets a marker field that tells the runtime.
 *
 * <p>Built on the JDK's class-file API ({@code java.lang.classfile}, JEP 484): it is part of
 * JDK 25, reads every class-file version the JDK does, and recomputes stack maps with the class
 * hierarchy javac itself knows.
 */
public final class RegionWeaver {
    static final String INIT_COPY = "$sf$init";
    private static final ClassDesc REGIONS = ClassDesc.of("org.streamflex.spi.Regions");
    private static final ClassDesc BLANK = ClassDesc.of("org.streamflex.spi.Blank");
    private static final ClassDesc SLOT = ClassDesc.of("org.streamflex.spi.Regions$Current");
    private static final MethodTypeDesc CURRENT = MethodTypeDesc.of(SLOT);
    private static final MethodTypeDesc ALLOCATE = MethodTypeDesc.of(ConstantDescs.CD_Object, ConstantDescs.CD_Class, SLOT);
    private static final MethodTypeDesc REFERENCE_ARRAY = MethodTypeDesc.of(ConstantDescs.CD_Object.arrayType(),
            ConstantDescs.CD_int, ConstantDescs.CD_Class, SLOT);

    private static final MethodTypeDesc NOTE_STABLE = MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Class);
    private static final MethodTypeDesc NOTE_STABLE_ARRAY = MethodTypeDesc.of(ConstantDescs.CD_void,
            ConstantDescs.CD_int, ConstantDescs.CD_int);

    /** How a method's allocations are rewritten. */
    private enum Mode {
        /** Ordinary code: transient allocations go to the region, stable ones are counted. */
        WORK,
        /** A recyclable class's constructor copy: as WORK, and its this-initialising call is redirected. */
        CONSTRUCTOR_COPY,
        /** A stable class's constructor: everything stays on the heap and is counted as stable. */
        STABLE_CONSTRUCTOR
    }

    private final ClassFile classFile;
    private final Set<ClassDesc> recyclable;
    private final Set<ClassDesc> stable;

    public RegionWeaver(Elements elements, Types types, List<ClassPlan> plan) {
        this.classFile = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
                new ElementsHierarchyResolver(elements, types).orElse(ClassHierarchyResolver.defaultResolver())));
        this.recyclable = plan.stream().filter(ClassPlan::recyclable)
                .map(p -> ClassDesc.of(p.binaryName())).collect(Collectors.toSet());
        this.stable = plan.stream().filter(ClassPlan::stable)
                .map(p -> ClassDesc.of(p.binaryName())).collect(Collectors.toSet());
    }

    /**
     * Rewrites one class file in place.
     *
     * @return whether the class was rewritten (false if it was already woven)
     */
    public boolean weave(Path classFilePath, ClassPlan plan) throws IOException {
        ClassModel model = classFile.parse(Files.readAllBytes(classFilePath));
        if (model.fields().stream().anyMatch(f -> f.fieldName().equalsString(Regions.WOVEN_MARKER_FIELD))) {
            return false;
        }
        ClassDesc self = model.thisClass().asSymbol();
        ClassDesc parent = model.superclass().map(ClassEntry::asSymbol).orElse(ConstantDescs.CD_Object);
        List<MethodModel> constructors = model.methods().stream()
                .filter(m -> m.methodName().equalsString(ConstantDescs.INIT_NAME)).toList();
        List<FieldModel> instanceFields = model.fields().stream()
                .filter(f -> (f.flags().flagsMask() & ClassFile.ACC_STATIC) == 0).toList();

        ClassTransform transform = new ClassTransform() {
            @Override
            public void accept(ClassBuilder b, ClassElement e) {
                if (e instanceof MethodModel m) {
                    boolean clinit = m.methodName().equalsString(ConstantDescs.CLASS_INIT_NAME);
                    boolean keptConstructor = plan.keepConstructors() && m.methodName().equalsString(ConstantDescs.INIT_NAME);
                    if (clinit || m.code().isEmpty() || (keptConstructor && !plan.stable())) {
                        b.with(m); // capsule constructors: their arrays belong to the pooled capsule
                    } else {
                        Mode mode = keptConstructor ? Mode.STABLE_CONSTRUCTOR : Mode.WORK;
                        b.transformMethod(m, MethodTransform.transformingCode(
                                rewriter(self, parent, plan, mode, List.of(), redirects(m))));
                    }
                } else if (e instanceof FieldModel f && plan.recyclable() && (f.flags().flagsMask() & ClassFile.ACC_STATIC) == 0) {
                    b.transformField(f, (fb, fe) -> {
                        if (fe instanceof AccessFlags flags) {
                            fb.withFlags(flags.flagsMask() & ~ClassFile.ACC_FINAL);
                        } else {
                            fb.with(fe);
                        }
                    });
                } else {
                    b.with(e);
                }
            }

            @Override
            public void atEnd(ClassBuilder b) {
                b.withField(Regions.WOVEN_MARKER_FIELD, ConstantDescs.CD_boolean,
                        ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC | ClassFile.ACC_FINAL | ClassFile.ACC_SYNTHETIC);
                if (!plan.recyclable()) {
                    return;
                }
                b.withMethodBody(ConstantDescs.INIT_NAME, MethodTypeDesc.of(ConstantDescs.CD_void, BLANK),
                        ClassFile.ACC_PROTECTED | ClassFile.ACC_SYNTHETIC, code -> {
                            code.aload(0);
                            if (plan.superRecyclable()) {
                                code.aconst_null();
                                code.invokespecial(parent, ConstantDescs.INIT_NAME, MethodTypeDesc.of(ConstantDescs.CD_void, BLANK));
                            } else {
                                code.invokespecial(ConstantDescs.CD_Object, ConstantDescs.INIT_NAME, ConstantDescs.MTD_void);
                            }
                            code.return_();
                        });
                for (MethodModel constructor : constructors) {
                    b.withMethod(INIT_COPY, constructor.methodTypeSymbol(), ClassFile.ACC_PUBLIC | ClassFile.ACC_SYNTHETIC,
                            mb -> mb.transformCode(constructor.code().orElseThrow(),
                                    rewriter(self, parent, plan, Mode.CONSTRUCTOR_COPY, instanceFields, redirects(constructor))));
                }
            }
        };
        Files.write(classFilePath, classFile.transformClass(model, transform));
        return true;
    }

    private CodeTransform rewriter(ClassDesc self, ClassDesc parent, ClassPlan plan, Mode mode, List<FieldModel> cleared,
            boolean allocates) {
        return CodeTransform.ofStateful(
                () -> new AllocationRewriter(self, parent, plan.superRecyclable(), mode, cleared, allocates));
    }

    /** Whether a method has an allocation to redirect to the region. */
    private boolean redirects(MethodModel method) {
        return method.code().map(code -> code.elementStream().anyMatch(e -> e instanceof NewPrimitiveArrayInstruction
                || e instanceof NewReferenceArrayInstruction
                || (e instanceof NewObjectInstruction n && recyclable.contains(n.className().asSymbol()))))
                .orElse(false);
    }

    /** Counts the array about to be made: its length is on top of the stack. */
    private static void noteStableArray(CodeBuilder code, int elementBytes) {
        code.dup();
        code.ldc(elementBytes);
        code.invokestatic(REGIONS, "noteStableArray", NOTE_STABLE_ARRAY);
    }

    private static int elementBytes(TypeKind kind) {
        return switch (kind) {
            case BOOLEAN, BYTE -> 1;
            case CHAR, SHORT -> 2;
            case LONG, DOUBLE -> 8;
            default -> 4;
        };
    }

    private static void loadZero(CodeBuilder code, TypeKind kind) {
        switch (kind) {
            case LONG -> code.lconst_0();
            case FLOAT -> code.fconst_0();
            case DOUBLE -> code.dconst_0();
            case REFERENCE -> code.aconst_null();
            default -> code.iconst_0();
        }
    }

    /**
     * Rewrites one method's allocations. {@code new} and its {@code <init>} call are paired by a
     * stack of pending {@code new}s (they nest, and each branch of a conditional balances); an
     * {@code <init>} call with no {@code new} pending is the one that initializes {@code this}.
     */
    private final class AllocationRewriter implements CodeTransform {
        private final ClassDesc self;
        private final ClassDesc parent;
        private final boolean parentRecyclable;
        private final Mode mode;
        /** Fields a constructor copy zeroes first: a recycled instance must start as a new one does. */
        private final List<FieldModel> cleared;
        private final Deque<Boolean> pending = new ArrayDeque<>();
        /** Whether the method redirects an allocation: it then looks up the thread's slot once, on entry. */
        private final boolean allocates;
        private int slot = -1;

        AllocationRewriter(ClassDesc self, ClassDesc parent, boolean parentRecyclable, Mode mode, List<FieldModel> cleared,
                boolean allocates) {
            this.self = self;
            this.parent = parent;
            this.parentRecyclable = parentRecyclable;
            this.mode = mode;
            this.cleared = cleared;
            this.allocates = allocates && mode != Mode.STABLE_CONSTRUCTOR;
        }

        @Override
        public void atStart(CodeBuilder code) {
            if (allocates) {
                slot = code.allocateLocal(TypeKind.REFERENCE);
                code.invokestatic(REGIONS, "current", CURRENT);
                code.astore(slot);
            }
            // Each class's copy zeroes the fields it declares; the superclass's copy, called from
            // this one, zeroes its own before any of its code runs.
            for (FieldModel f : cleared) {
                code.aload(0);
                loadZero(code, TypeKind.from(f.fieldTypeSymbol()));
                code.putfield(self, f.fieldName().stringValue(), f.fieldTypeSymbol());
            }
        }

        @Override
        public void accept(CodeBuilder code, CodeElement e) {
            if (e instanceof NewObjectInstruction object && stable.contains(object.className().asSymbol())) {
                code.ldc(object.className().asSymbol());
                code.invokestatic(REGIONS, "noteStable", NOTE_STABLE);
            }
            if (mode == Mode.STABLE_CONSTRUCTOR) {
                if (e instanceof NewPrimitiveArrayInstruction array) {
                    noteStableArray(code, elementBytes(array.typeKind()));
                } else if (e instanceof NewReferenceArrayInstruction) {
                    noteStableArray(code, 4);
                }
                code.with(e);
                return;
            }
            if (e instanceof NewPrimitiveArrayInstruction array) {
                String kind = array.typeKind().name().toLowerCase(Locale.ROOT);
                String name = "new" + Character.toUpperCase(kind.charAt(0)) + kind.substring(1) + "Array";
                code.aload(slot);
                code.invokestatic(REGIONS, name, MethodTypeDesc.of(array.typeKind().upperBound().arrayType(),
                        ConstantDescs.CD_int, SLOT));
            } else if (e instanceof NewReferenceArrayInstruction array) {
                ClassDesc component = array.componentType().asSymbol();
                code.ldc(component);
                code.aload(slot);
                code.invokestatic(REGIONS, "newReferenceArray", REFERENCE_ARRAY);
                code.checkcast(component.arrayType());
            } else if (e instanceof NewObjectInstruction object) {
                ClassDesc type = object.className().asSymbol();
                // (a stable class is never recyclable: it was counted above and stays on the heap)
                boolean recycled = recyclable.contains(type);
                pending.push(recycled);
                if (recycled) {
                    code.ldc(type);
                    code.aload(slot);
                    code.invokestatic(REGIONS, "allocate", ALLOCATE);
                    code.checkcast(type);
                } else {
                    code.with(e);
                }
            } else if (e instanceof InvokeInstruction call && call.opcode() == Opcode.INVOKESPECIAL
                    && call.name().equalsString(ConstantDescs.INIT_NAME)) {
                ClassDesc owner = call.owner().asSymbol();
                if (!pending.isEmpty()) {
                    if (pending.pop()) {
                        code.invokevirtual(owner, INIT_COPY, call.typeSymbol());
                    } else {
                        code.with(e);
                    }
                } else if (mode != Mode.CONSTRUCTOR_COPY) {
                    code.with(e);
                } else if (owner.equals(self)) {
                    code.invokespecial(self, INIT_COPY, call.typeSymbol());
                } else if (parentRecyclable) {
                    code.invokespecial(parent, INIT_COPY, call.typeSymbol());
                } else {
                    code.pop(); // Object.<init>() only takes the receiver
                }
            } else {
                code.with(e);
            }
        }
    }
}
