package org.streamflex.checker.weave.region;

import java.lang.classfile.ClassBuilder;
import java.lang.classfile.ClassFile;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.classfile.MethodModel;
import java.lang.classfile.TypeKind;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.MethodHandleDesc;
import java.lang.constant.MethodTypeDesc;
import org.streamflex.checker.weave.AbiCalls;

/**
 * The members a recyclable class gets, so that a transient region can hold its instances and
 * {@code new} sites in filter code can reuse them:
 * <ul>
 *   <li>a constructor taking {@code Blank} that runs no code of the class (the region makes its
 *       instances with it);
 *   <li>{@code $sf$init}, a copy of each constructor that initializes an existing instance (made
 *       by {@link AllocationRewriter} in {@code CONSTRUCTOR_COPY} mode);
 *   <li>{@code $sf$new}, a static factory per constructor, with the constructor's access, taking
 *       its parameters and the thread's region slot: an instance from the running {@code work()}'s
 *       region initialized by the copy, or, outside {@code work()}, the constructor itself. The
 *       {@code new} sites of woven code link to it ({@code NewSites}). Abstract classes get none.
 * </ul>
 *
 * <pre>{@code
 * static Acc $sf$new(int n, RegionSlot slot) {
 *     Object o = Regions.allocate(Acc.class, <Acc.<init>(Blank)>, slot);
 *     if (o == null) return new Acc(n);
 *     Acc a = (Acc) o; a.$sf$init(n); return a;
 * }
 * }</pre>
 */
final class ConstructorCopies {
    private ConstructorCopies() {
    }

    /** {@code protected C(Blank)}: only Object's (or the recyclable superclass's blank) constructor runs. */
    static void blankConstructor(ClassBuilder b, ClassDesc parent, boolean superRecyclable) {
        b.withMethodBody(ConstantDescs.INIT_NAME, MethodTypeDesc.of(ConstantDescs.CD_void, AbiCalls.BLANK),
                ClassFile.ACC_PROTECTED | ClassFile.ACC_SYNTHETIC, code -> {
                    code.aload(0);
                    if (superRecyclable) {
                        code.aconst_null();
                        code.invokespecial(parent, ConstantDescs.INIT_NAME,
                                MethodTypeDesc.of(ConstantDescs.CD_void, AbiCalls.BLANK));
                    } else {
                        code.invokespecial(ConstantDescs.CD_Object, ConstantDescs.INIT_NAME, ConstantDescs.MTD_void);
                    }
                    code.return_();
                });
    }

    /** The {@code $sf$new} factory of one constructor. */
    static void factory(ClassBuilder b, ClassDesc self, MethodModel constructor) {
        MethodTypeDesc init = constructor.methodTypeSymbol();
        MethodTypeDesc type = MethodTypeDesc.of(self, init.parameterList().toArray(ClassDesc[]::new))
                .insertParameterTypes(init.parameterCount(), AbiCalls.REGION_SLOT);
        int access = constructor.flags().flagsMask()
                & (ClassFile.ACC_PUBLIC | ClassFile.ACC_PROTECTED | ClassFile.ACC_PRIVATE);
        DirectMethodHandleDesc blank = MethodHandleDesc.ofConstructor(self, AbiCalls.BLANK);
        b.withMethodBody(AbiCalls.FACTORY, type, access | ClassFile.ACC_STATIC | ClassFile.ACC_SYNTHETIC, code -> {
            int slot = parameterSlots(init);
            int instance = code.allocateLocal(TypeKind.REFERENCE);
            Label recycled = code.newLabel();
            code.ldc(self);
            code.ldc(blank);
            code.aload(slot);
            StableAccounting.invoke(code, AbiCalls.ALLOCATE);
            code.astore(instance);
            code.aload(instance);
            code.ifnonnull(recycled);
            code.new_(self);
            code.dup();
            loadParameters(code, init);
            code.invokespecial(self, ConstantDescs.INIT_NAME, init);
            code.areturn();
            code.labelBinding(recycled);
            code.aload(instance);
            code.checkcast(self);
            code.dup();
            loadParameters(code, init);
            code.invokevirtual(self, AbiCalls.INIT_COPY, init);
            code.areturn();
        });
    }

    private static int parameterSlots(MethodTypeDesc type) {
        int slots = 0;
        for (ClassDesc p : type.parameterList()) {
            slots += TypeKind.from(p).slotSize();
        }
        return slots;
    }

    private static void loadParameters(CodeBuilder code, MethodTypeDesc type) {
        int slot = 0;
        for (ClassDesc p : type.parameterList()) {
            TypeKind kind = TypeKind.from(p);
            code.loadLocal(kind, slot);
            slot += kind.slotSize();
        }
    }
}
