package org.streamflex.checker.weave.atomic;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.ArrayLoadInstruction;
import java.lang.classfile.instruction.ArrayStoreInstruction;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.instruction.IncrementInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.LoadInstruction;
import java.lang.classfile.instruction.LocalVariable;
import java.lang.classfile.instruction.LocalVariableType;
import java.lang.classfile.instruction.StoreInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.VarHandle;
import java.util.Set;
import org.streamflex.checker.weave.AbiCalls;

/**
 * Turns the body of a copied method into transactional code. The copy takes the call's
 * transaction as an extra last parameter, in the local slot right after the original parameters;
 * every local the original code used from that slot on moves up by one. Then:
 * <ul>
 *   <li>{@code getfield}/{@code putfield} become {@code Atomics.getField}/{@code putField} (or their
 *       reference forms) with the field's {@code VarHandle}, a constant of the class's own pool;
 *   <li>primitive array loads and stores become {@code Atomics.loadElement}/{@code storeElement};
 *       {@code aaload} is preceded by {@code Atomics.noteReferenceElement};
 *   <li>{@code System.arraycopy} becomes {@code Atomics.arraycopy};
 *   <li>calls to copied methods go to their copies, passing the transaction on.
 * </ul>
 * Primitive values cross as 64-bit patterns ({@link PrimitiveBits}).
 */
final class AccessRewriter implements CodeTransform {
    private static final ClassDesc SYSTEM = ClassDesc.of("java.lang.System");

    private final AtomicClosure closure;
    private final Set<MethodKey> copied;
    /** The transaction's local slot: the first one after the original parameters. */
    private final int tx;

    AccessRewriter(AtomicClosure closure, Set<MethodKey> copied, int transactionSlot) {
        this.closure = closure;
        this.copied = copied;
        this.tx = transactionSlot;
    }

    /** The local slot after the parameters of a method of this type. */
    static int firstLocalAfterParameters(MethodTypeDesc type, boolean isStatic) {
        int slot = isStatic ? 0 : 1;
        for (ClassDesc p : type.parameterList()) {
            slot += TypeKind.from(p).slotSize();
        }
        return slot;
    }

    private int shift(int slot) {
        return slot >= tx ? slot + 1 : slot;
    }

    @Override
    public void accept(CodeBuilder code, CodeElement e) {
        switch (e) {
            case LoadInstruction load -> code.loadLocal(load.typeKind(), shift(load.slot()));
            case StoreInstruction store -> code.storeLocal(store.typeKind(), shift(store.slot()));
            case IncrementInstruction inc -> code.iinc(shift(inc.slot()), inc.constant());
            case LocalVariable v -> { } // debug entries of the original locals: wrong once shifted, dropped in copies
            case LocalVariableType v -> { }
            case FieldInstruction f when f.opcode() == Opcode.GETFIELD -> getField(code, f);
            case FieldInstruction f when f.opcode() == Opcode.PUTFIELD -> putField(code, f);
            case ArrayLoadInstruction load when load.typeKind() == TypeKind.REFERENCE -> {
                code.dup2();
                code.aload(tx);
                invoke(code, AbiCalls.NOTE_REFERENCE_ELEMENT);
                code.with(e);
            }
            case ArrayLoadInstruction load -> {
                code.aload(tx);
                code.loadConstant(PrimitiveBits.letter(load.typeKind()));
                invoke(code, AbiCalls.LOAD_ELEMENT);
                PrimitiveBits.fromBits(code, load.typeKind());
            }
            case ArrayStoreInstruction store when store.typeKind() != TypeKind.REFERENCE -> {
                PrimitiveBits.toBits(code, store.typeKind());
                code.aload(tx);
                code.loadConstant(PrimitiveBits.letter(store.typeKind()));
                invoke(code, AbiCalls.STORE_ELEMENT);
            }
            case InvokeInstruction call when call.owner().asSymbol().equals(SYSTEM)
                    && call.name().equalsString("arraycopy") -> {
                code.aload(tx);
                invoke(code, AbiCalls.ARRAYCOPY);
            }
            case InvokeInstruction call when closure.redirected(call, copied) -> {
                code.aload(tx);
                code.invoke(call.opcode(), call.owner().asSymbol(),
                        AbiCalls.ATOMIC_COPY_PREFIX + call.name().stringValue(), withTransaction(call.typeSymbol()),
                        call.isInterface());
            }
            default -> code.with(e);
        }
    }

    private void getField(CodeBuilder code, FieldInstruction f) {
        ClassDesc type = f.typeSymbol();
        code.aload(tx);
        code.ldc(VarHandle.VarHandleDesc.ofField(f.owner().asSymbol(), f.name().stringValue(), type));
        if (type.isPrimitive()) {
            TypeKind kind = TypeKind.from(type);
            code.loadConstant(PrimitiveBits.letter(kind));
            invoke(code, AbiCalls.GET_FIELD);
            PrimitiveBits.fromBits(code, kind);
        } else {
            invoke(code, AbiCalls.GET_REFERENCE_FIELD);
            if (!type.equals(ConstantDescs.CD_Object)) {
                code.checkcast(type);
            }
        }
    }

    private void putField(CodeBuilder code, FieldInstruction f) {
        ClassDesc type = f.typeSymbol();
        VarHandle.VarHandleDesc handle =
                VarHandle.VarHandleDesc.ofField(f.owner().asSymbol(), f.name().stringValue(), type);
        if (type.isPrimitive()) {
            TypeKind kind = TypeKind.from(type);
            PrimitiveBits.toBits(code, kind);
            code.aload(tx);
            code.ldc(handle);
            code.loadConstant(PrimitiveBits.letter(kind));
            invoke(code, AbiCalls.PUT_FIELD);
        } else {
            code.aload(tx);
            code.ldc(handle);
            invoke(code, AbiCalls.PUT_REFERENCE_FIELD);
        }
    }

    /** The descriptor of a copy: the original's, with the transaction as last parameter. */
    static MethodTypeDesc withTransaction(MethodTypeDesc type) {
        return type.insertParameterTypes(type.parameterCount(), ConstantDescs.CD_Object);
    }

    private static void invoke(CodeBuilder code, AbiCalls.Call call) {
        code.invokestatic(call.owner(), call.name(), call.type());
    }
}
