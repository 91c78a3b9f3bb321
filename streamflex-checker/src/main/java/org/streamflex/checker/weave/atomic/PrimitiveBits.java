package org.streamflex.checker.weave.atomic;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.TypeKind;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;

/**
 * How woven atomic code passes primitive values to the ABI, which takes and returns them as raw
 * 64-bit patterns with the JVM's type letter: one entry point for every type, the conversion in
 * the woven code. Integers are widened and narrowed ({@code i2l}/{@code l2i}: the engine returns
 * them sign- or zero-extended as the type requires), {@code float} and {@code double} keep their
 * raw bits.
 *
 * <pre>{@code
 * float f = x;      // in a copy: ... getField(this, tx, X, 'F'); l2i; invokestatic Float.intBitsToFloat
 * }</pre>
 */
final class PrimitiveBits {
    private static final ClassDesc FLOAT = ConstantDescs.CD_Float;
    private static final ClassDesc DOUBLE = ConstantDescs.CD_Double;

    private PrimitiveBits() {
    }

    /** The JVM type letter of a field or array element type ({@code 'B'} also for boolean arrays' instructions). */
    static int letter(TypeKind kind) {
        return switch (kind) {
            case BOOLEAN -> 'Z';
            case BYTE -> 'B';
            case CHAR -> 'C';
            case SHORT -> 'S';
            case INT -> 'I';
            case LONG -> 'J';
            case FLOAT -> 'F';
            case DOUBLE -> 'D';
            default -> throw new IllegalArgumentException("not a primitive kind: " + kind);
        };
    }

    /** The value of {@code kind} on top of the stack becomes its 64-bit pattern. */
    static void toBits(CodeBuilder code, TypeKind kind) {
        switch (kind) {
            case LONG -> { }
            case FLOAT -> {
                code.invokestatic(FLOAT, "floatToRawIntBits",
                        MethodTypeDesc.of(ConstantDescs.CD_int, ConstantDescs.CD_float));
                code.i2l();
            }
            case DOUBLE -> code.invokestatic(DOUBLE, "doubleToRawLongBits",
                    MethodTypeDesc.of(ConstantDescs.CD_long, ConstantDescs.CD_double));
            default -> code.i2l();
        }
    }

    /** The 64-bit pattern on top of the stack becomes a value of {@code kind}. */
    static void fromBits(CodeBuilder code, TypeKind kind) {
        switch (kind) {
            case LONG -> { }
            case FLOAT -> {
                code.l2i();
                code.invokestatic(FLOAT, "intBitsToFloat",
                        MethodTypeDesc.of(ConstantDescs.CD_float, ConstantDescs.CD_int));
            }
            case DOUBLE -> code.invokestatic(DOUBLE, "longBitsToDouble",
                    MethodTypeDesc.of(ConstantDescs.CD_double, ConstantDescs.CD_long));
            default -> code.l2i();
        }
    }
}
