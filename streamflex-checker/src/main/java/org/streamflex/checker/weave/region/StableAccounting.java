package org.streamflex.checker.weave.region;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.TypeKind;
import java.lang.constant.ClassDesc;
import org.streamflex.checker.weave.AbiCalls;

/**
 * What the weaver adds so that stable objects, which stay on the heap for the filter's lifetime,
 * are counted against the filter's stable region: {@code Regions.noteStable(S.class)} before each
 * {@code new S} of a stable class, and {@code Regions.noteStableArray(length, elementBytes)}
 * before each array a stable class's constructor makes.
 *
 * <pre>{@code
 * ldc Node; invokestatic Regions.noteStable(Class)V; new Node; dup; invokespecial Node.<init>()V
 * }</pre>
 */
final class StableAccounting {
    private StableAccounting() {
    }

    /** Before {@code new S}: nothing on the stack is touched. */
    static void noteStable(CodeBuilder code, ClassDesc type) {
        code.ldc(type);
        invoke(code, AbiCalls.NOTE_STABLE);
    }

    /** Before {@code newarray}/{@code anewarray}: the length is on top of the stack and stays there. */
    static void noteStableArray(CodeBuilder code, TypeKind element) {
        code.dup();
        code.loadConstant(elementBytes(element));
        invoke(code, AbiCalls.NOTE_STABLE_ARRAY);
    }

    static int elementBytes(TypeKind kind) {
        return switch (kind) {
            case BOOLEAN, BYTE -> 1;
            case CHAR, SHORT -> 2;
            case LONG, DOUBLE -> 8;
            default -> 4; // int, float, and references as compressed oops
        };
    }

    static void invoke(CodeBuilder code, AbiCalls.Call call) {
        code.invokestatic(call.owner(), call.name(), call.type());
    }
}
