package org.streamflex.checker.weave.region;

import java.io.IOException;
import java.lang.classfile.AccessFlags;
import java.lang.classfile.ClassBuilder;
import java.lang.classfile.ClassElement;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.FieldModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.MethodTransform;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.instruction.NewObjectInstruction;
import java.lang.classfile.instruction.NewPrimitiveArrayInstruction;
import java.lang.classfile.instruction.NewReferenceArrayInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.reflect.AccessFlag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.streamflex.checker.weave.AbiCalls;
import org.streamflex.checker.weave.ChannelRoles;
import org.streamflex.checker.weave.ClassPlan;
import org.streamflex.checker.weave.WeavePlanner;
import org.streamflex.checker.weave.WovenAnnotation;
import org.streamflex.checker.weave.region.AllocationRewriter.Mode;

/**
 * Rewrites a class file of the reachable class set so that what a filter's {@code work()}
 * allocates comes from its transient region ({@link AllocationRewriter}), gives a recyclable class
 * its recycling members ({@link ConstructorCopies}; its final instance fields lose {@code final},
 * since the copies assign them outside a constructor), and marks it {@code @Woven}. Static
 * initializers are never rewritten (what they allocate lives as long as the class), nor capsule
 * constructors (their arrays travel with the pooled capsule); stable classes' constructors keep
 * their heap allocations, counted ({@link StableAccounting}).
 *
 * <p>Built on the JDK's class-file API ({@code java.lang.classfile}, JEP 484): part of JDK 25,
 * it reads every class-file version the JDK does and recomputes stack maps with the class
 * hierarchy javac itself knows.
 */
public final class RegionWeaver {
    private final ClassFile classFile;
    private final WeavePlanner planner;
    private final ChannelRoles roles;

    /**
     * @param roles the channel fields each class's code reads and writes, recorded in its {@code @Woven}
     */
    public RegionWeaver(ClassFile classFile, WeavePlanner planner, ChannelRoles roles) {
        this.classFile = classFile;
        this.planner = planner;
        this.roles = roles;
    }

    /**
     * Rewrites one class file in place.
     *
     * @return whether the class was rewritten (false if it already was)
     */
    public boolean weave(Path path, ClassPlan plan) throws IOException {
        ClassModel model = classFile.parse(Files.readAllBytes(path));
        if (WovenAnnotation.has(model, WovenAnnotation.Flag.REGIONS)) {
            return false;
        }
        Files.write(path, classFile.transformClass(model, transform(model, plan)));
        return true;
    }

    /** The rewriting of one class, for {@link #weave} and for tests that weave bytes in memory. */
    public ClassTransform transform(ClassModel model, ClassPlan plan) {
        ClassDesc self = model.thisClass().asSymbol();
        ClassDesc parent = model.superclass().map(ClassEntry::asSymbol).orElse(ConstantDescs.CD_Object);
        List<MethodModel> constructors = new ArrayList<>();
        for (MethodModel m : model.methods()) {
            if (m.methodName().equalsString(ConstantDescs.INIT_NAME)) {
                constructors.add(m);
            }
        }
        List<FieldModel> instanceFields = model.fields().stream()
                .filter(f -> !f.flags().has(AccessFlag.STATIC)).toList();
        boolean factories = !model.flags().has(AccessFlag.ABSTRACT);
        ClassTransform members = new ClassTransform() {
            @Override
            public void accept(ClassBuilder b, ClassElement e) {
                if (e instanceof MethodModel m) {
                    boolean clinit = m.methodName().equalsString(ConstantDescs.CLASS_INIT_NAME);
                    boolean keptConstructor = plan.keepConstructors()
                            && m.methodName().equalsString(ConstantDescs.INIT_NAME);
                    if (clinit || m.code().isEmpty() || (keptConstructor && !plan.stable())) {
                        b.with(m); // capsule constructors: their arrays belong to the pooled capsule
                    } else {
                        Mode mode = keptConstructor ? Mode.STABLE_CONSTRUCTOR : Mode.WORK;
                        b.transformMethod(m, MethodTransform.transformingCode(
                                rewriter(self, parent, plan, mode, List.of(), allocates(m))));
                    }
                } else if (e instanceof FieldModel f && plan.recyclable() && !f.flags().has(AccessFlag.STATIC)) {
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
                if (!plan.recyclable()) {
                    return;
                }
                ConstructorCopies.blankConstructor(b, parent, plan.superRecyclable());
                for (MethodModel constructor : constructors) {
                    b.withMethod(AbiCalls.INIT_COPY, constructor.methodTypeSymbol(),
                            ClassFile.ACC_PUBLIC | ClassFile.ACC_SYNTHETIC,
                            mb -> mb.transformCode(constructor.code().orElseThrow(),
                                    rewriter(self, parent, plan, Mode.CONSTRUCTOR_COPY, instanceFields,
                                            allocates(constructor))));
                    if (factories) {
                        ConstructorCopies.factory(b, self, constructor);
                    }
                }
            }
        };
        Set<WovenAnnotation.Flag> flags = plan.recyclable()
                ? EnumSet.of(WovenAnnotation.Flag.REGIONS, WovenAnnotation.Flag.RECYCLABLE)
                : EnumSet.of(WovenAnnotation.Flag.REGIONS);
        return members.andThen(WovenAnnotation.adding(flags, roles.of(plan.binaryName())));
    }

    private CodeTransform rewriter(ClassDesc self, ClassDesc parent, ClassPlan plan, Mode mode,
            List<FieldModel> cleared, boolean allocates) {
        return CodeTransform.ofStateful(() -> new AllocationRewriter(planner, self, parent, plan.superRecyclable(),
                mode, cleared, allocates));
    }

    /** Whether a method has an allocation to redirect to the region, so that it needs the thread's slot. */
    private boolean allocates(MethodModel method) {
        return method.code().map(code -> code.elementStream().anyMatch(e -> e instanceof NewPrimitiveArrayInstruction
                || e instanceof NewReferenceArrayInstruction
                || (e instanceof NewObjectInstruction n && planner.linksNew(n.className().asSymbol()))))
                .orElse(false);
    }
}
