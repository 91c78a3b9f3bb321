package org.streamflex.checker.weave.region;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.FieldModel;
import java.lang.classfile.Instruction;
import java.lang.classfile.Opcode;
import java.lang.classfile.PseudoInstruction;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.NewObjectInstruction;
import java.lang.classfile.instruction.NewPrimitiveArrayInstruction;
import java.lang.classfile.instruction.NewReferenceArrayInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DynamicCallSiteDesc;
import java.lang.constant.MethodTypeDesc;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.streamflex.checker.weave.AbiCalls;
import org.streamflex.checker.weave.WeavePlanner;

/**
 * Rewrites one method's allocations so that they come from the transient region of the filter
 * whose {@code work()} runs, through the ABI's {@code Regions}:
 * <ul>
 *   <li>{@code newarray T} becomes {@code Regions.newArray(length, T, slot)} cast to {@code T[]};
 *       {@code anewarray C} becomes {@code Regions.newReferenceArray(length, C.class, slot)} cast
 *       to {@code C[]};
 *   <li>{@code new C; dup; args; invokespecial C.<init>} of a class that may be recyclable becomes
 *       {@code args; aload slot; invokedynamic} linked by {@code NewSites.link}: the site calls
 *       C's {@code $sf$new} factory when C turns out woven, or its constructor on the heap (said
 *       once) when it does not;
 *   <li>in a constructor copy ({@link Mode#CONSTRUCTOR_COPY}), the call that initializes
 *       {@code this} goes to the superclass's copy (or, for Object, drops the receiver), and the
 *       fields the class declares are zeroed first: a recycled instance must start as a new one;
 *   <li>stable objects stay on the heap, counted ({@link StableAccounting}).
 * </ul>
 * {@code new} and its {@code <init>} call are paired by a stack of pending {@code new}s (they nest,
 * and each branch of a conditional balances); an {@code <init>} call with no {@code new} pending
 * is the one that initializes {@code this}. A method that allocates looks the thread's slot up
 * once, on entry.
 */
final class AllocationRewriter implements CodeTransform {
    /** How a method's allocations are rewritten. */
    enum Mode {
        /** Ordinary code: transient allocations go to the region, stable ones are counted. */
        WORK,
        /** A recyclable class's constructor copy: as WORK, and its this-initialising call is redirected. */
        CONSTRUCTOR_COPY,
        /** A stable class's constructor: everything stays on the heap and is counted as stable. */
        STABLE_CONSTRUCTOR
    }

    /** What a pending {@code new} became. */
    private enum Pending { LINKED, PLAIN }

    private final WeavePlanner planner;
    private final ClassDesc self;
    private final ClassDesc parent;
    private final boolean parentRecyclable;
    private final Mode mode;
    private final List<FieldModel> cleared;
    private final boolean allocates;
    private final Deque<Pending> pending = new ArrayDeque<>();
    /** A linked {@code new} held back until the {@code dup} that follows it, which goes too. */
    private NewObjectInstruction held;
    private int slot = -1;

    /**
     * @param cleared the fields a constructor copy zeroes first
     * @param allocates whether the method redirects an allocation (then it looks up the slot on entry)
     */
    AllocationRewriter(WeavePlanner planner, ClassDesc self, ClassDesc parent, boolean parentRecyclable, Mode mode,
            List<FieldModel> cleared, boolean allocates) {
        this.planner = planner;
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
            StableAccounting.invoke(code, AbiCalls.CURRENT);
            code.astore(slot);
        }
        // Each class's copy zeroes the fields it declares; the superclass's copy, called from this
        // one, zeroes its own before any of its code runs.
        for (FieldModel f : cleared) {
            code.aload(0);
            loadZero(code, TypeKind.from(f.fieldTypeSymbol()));
            code.putfield(self, f.fieldName().stringValue(), f.fieldTypeSymbol());
        }
    }

    @Override
    public void accept(CodeBuilder code, CodeElement e) {
        if (held != null && e instanceof Instruction instruction) {
            NewObjectInstruction object = held;
            held = null;
            if (instruction.opcode() == Opcode.DUP) {
                pending.push(Pending.LINKED);
                return;
            }
            code.with(object); // not javac's new/dup pair: leave this allocation alone
            pending.push(Pending.PLAIN);
        }
        if (e instanceof PseudoInstruction) {
            code.with(e);
            return;
        }
        if (e instanceof NewObjectInstruction object && planner.isStable(object.className().asSymbol())) {
            StableAccounting.noteStable(code, object.className().asSymbol());
        }
        if (mode == Mode.STABLE_CONSTRUCTOR) {
            if (e instanceof NewPrimitiveArrayInstruction array) {
                StableAccounting.noteStableArray(code, array.typeKind());
            } else if (e instanceof NewReferenceArrayInstruction) {
                StableAccounting.noteStableArray(code, TypeKind.REFERENCE);
            }
            code.with(e);
            return;
        }
        switch (e) {
            case NewPrimitiveArrayInstruction array -> {
                code.loadConstant(array.typeKind().newarrayCode());
                code.aload(slot);
                StableAccounting.invoke(code, AbiCalls.NEW_ARRAY);
                code.checkcast(array.typeKind().upperBound().arrayType());
            }
            case NewReferenceArrayInstruction array -> {
                ClassDesc component = array.componentType().asSymbol();
                code.ldc(component);
                code.aload(slot);
                StableAccounting.invoke(code, AbiCalls.NEW_REFERENCE_ARRAY);
                code.checkcast(component.arrayType());
            }
            case NewObjectInstruction object -> {
                if (planner.linksNew(object.className().asSymbol())) {
                    held = object;
                } else {
                    pending.push(Pending.PLAIN);
                    code.with(e);
                }
            }
            case InvokeInstruction call when call.opcode() == Opcode.INVOKESPECIAL
                    && call.name().equalsString(ConstantDescs.INIT_NAME) -> initCall(code, call);
            default -> code.with(e);
        }
    }

    private void initCall(CodeBuilder code, InvokeInstruction call) {
        ClassDesc owner = call.owner().asSymbol();
        if (!pending.isEmpty()) {
            if (pending.pop() == Pending.LINKED) {
                MethodTypeDesc constructor = call.typeSymbol();
                MethodTypeDesc site = MethodTypeDesc.of(owner, constructor.parameterList().toArray(ClassDesc[]::new))
                        .insertParameterTypes(constructor.parameterCount(), AbiCalls.REGION_SLOT);
                code.aload(slot);
                code.invokedynamic(DynamicCallSiteDesc.of(AbiCalls.bootstrap(AbiCalls.LINK_NEW), "new", site));
            } else {
                code.with(call);
            }
        } else if (mode != Mode.CONSTRUCTOR_COPY) {
            code.with(call);
        } else if (owner.equals(self)) {
            code.invokespecial(self, AbiCalls.INIT_COPY, call.typeSymbol());
        } else if (parentRecyclable) {
            code.invokespecial(parent, AbiCalls.INIT_COPY, call.typeSymbol());
        } else {
            code.pop(); // Object.<init>() only takes the receiver
        }
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
}
