package org.streamflex.checker.weave.atomic;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeModel;
import java.lang.classfile.MethodBuilder;
import java.lang.classfile.MethodElement;
import java.lang.classfile.MethodModel;
import java.lang.classfile.MethodTransform;
import java.lang.classfile.TypeKind;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.DynamicConstantDesc;
import java.lang.constant.MethodHandleDesc;
import java.lang.constant.MethodTypeDesc;
import org.streamflex.checker.weave.AbiCalls;

/**
 * Replaces the body of an {@code @Atomic} method with the call into the runtime: the receiver and
 * the boxed arguments go into an {@code Object[]}, {@code Atomics.call} runs the transactional
 * copy (a dynamic constant, bootstrap {@code Atomics.body}, resolved once), and the result is
 * unboxed. The method keeps its name, descriptor, annotations and access.
 *
 * <pre>{@code
 * public int write(byte[] b) {
 *     return (Integer) Atomics.call(<$sf$atomic$write>, new Object[] {this, b});
 * }
 * }</pre>
 */
record AtomicWrapper(ClassDesc self, MethodModel method) implements MethodTransform {
    @Override
    public void accept(MethodBuilder mb, MethodElement e) {
        if (!(e instanceof CodeModel)) {
            mb.with(e);
        }
    }

    @Override
    public void atEnd(MethodBuilder mb) {
        MethodTypeDesc type = method.methodTypeSymbol();
        DirectMethodHandleDesc copy = MethodHandleDesc.ofMethod(DirectMethodHandleDesc.Kind.SPECIAL, self,
                AbiCalls.ATOMIC_COPY_PREFIX + method.methodName().stringValue(), AccessRewriter.withTransaction(type));
        mb.withCode(code -> {
            code.ldc(DynamicConstantDesc.ofNamed(AbiCalls.bootstrap(AbiCalls.ATOMIC_BODY), "body",
                    ConstantDescs.CD_MethodHandle, copy));
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
            code.invokestatic(AbiCalls.ATOMIC_CALL.owner(), AbiCalls.ATOMIC_CALL.name(), AbiCalls.ATOMIC_CALL.type());
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
}
