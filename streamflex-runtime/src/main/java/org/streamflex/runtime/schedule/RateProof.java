package org.streamflex.runtime.schedule;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.FieldModel;
import java.lang.classfile.Instruction;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.PseudoInstruction;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.ArrayLoadInstruction;
import java.lang.classfile.instruction.ConstantInstruction;
import java.lang.classfile.instruction.ConvertInstruction;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.instruction.IncrementInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.LoadInstruction;
import java.lang.classfile.instruction.NopInstruction;
import java.lang.classfile.instruction.OperatorInstruction;
import java.lang.classfile.instruction.ReturnInstruction;
import java.lang.classfile.instruction.StackInstruction;
import java.lang.classfile.instruction.StoreInstruction;
import java.lang.reflect.AccessFlag;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import org.streamflex.Filter;

/**
 * What a filter's {@code work()} does with its channels, proven from its bytecode: a
 * {@link DepthFirstChain} links filters through one-slot channels without checks
 * ({@code SlotIntChannel.Trusted} and kin) where the producer puts, and the consumer takes,
 * exactly one item per {@code work()} that returns, and runs a filter that calls nothing but its
 * channels without naming it in the chain's scope (nothing it runs can ask the scope).
 *
 * <p>The proof is deliberately narrow: {@code work()} declared by the filter's own class, straight
 * line (no branch, switch, exception handler or {@code athrow}), whose only calls are
 * {@code take()} and {@code put(x)} on private channel fields of its own class read from
 * {@code this}, each field written by no method but a constructor and never stored or passed on.
 * Each such straight-line {@code work()} that returns has made each of those calls once per
 * occurrence in its code. Anything else (a loop, an {@code if}, another call, an allocation, a
 * woven region) is not proven, and its links keep their checks.
 *
 * <pre>{@code
 * RateProof proof = RateProof.of(filter.getClass());   // RateProof.NONE if it cannot be read or proven
 * proof.takes(inField);   // 1 for out.put(in.take())
 * proof.callsOnlyChannels();
 * }</pre>
 */
final class RateProof {
    /** The proof of a filter whose code proves nothing. */
    static final RateProof NONE = new RateProof(Map.of(), Map.of(), false);

    private final Map<String, Integer> takes;
    private final Map<String, Integer> puts;
    private final boolean proven;

    private RateProof(Map<String, Integer> takes, Map<String, Integer> puts, boolean proven) {
        this.takes = takes;
        this.puts = puts;
        this.proven = proven;
    }

    /** The calls of {@code take()} on {@code field} per {@code work()} that returns, or -1 if not proven. */
    int takes(Field field) {
        return count(takes, field);
    }

    /** The calls of {@code put(x)} on {@code field} per {@code work()} that returns, or -1 if not proven. */
    int puts(Field field) {
        return count(puts, field);
    }

    /** Whether {@code work()} was proven to call nothing but {@code take()} and {@code put(x)} on its channels. */
    boolean callsOnlyChannels() {
        return proven;
    }

    private int count(Map<String, Integer> counts, Field field) {
        if (!proven) {
            return -1;
        }
        return counts.getOrDefault(field.getName(), 0);
    }

    /** The proof for {@code type}'s {@code work()}, or {@link #NONE}. */
    static RateProof of(Class<? extends Filter> type) {
        String resource = "/" + type.getName().replace('.', '/') + ".class";
        byte[] bytes;
        try (InputStream in = type.getResourceAsStream(resource)) {
            if (in == null || type.isHidden()) {
                return NONE;
            }
            bytes = in.readAllBytes();
        } catch (IOException unreadable) {
            return NONE;
        }
        try {
            return of(ClassFile.of().parse(bytes));
        } catch (IllegalArgumentException malformed) {
            return NONE;
        }
    }

    /** The proof for the class {@code model}'s {@code work()}, or {@link #NONE}. */
    static RateProof of(ClassModel model) {
        Map<String, FieldModel> channels = new HashMap<>();
        for (FieldModel f : model.fields()) {
            if (f.flags().has(AccessFlag.PRIVATE) && !f.flags().has(AccessFlag.STATIC)
                    && f.fieldTypeSymbol().isClassOrInterface()
                    && f.fieldTypeSymbol().packageName().equals("org.streamflex")
                    && f.fieldTypeSymbol().displayName().endsWith("Channel")) {
                channels.put(f.fieldName().stringValue(), f);
            }
        }
        CodeModel work = null;
        for (MethodModel m : model.methods()) {
            String name = m.methodName().stringValue();
            CodeModel code = m.code().orElse(null);
            boolean instance = !m.flags().has(AccessFlag.STATIC);
            if (name.equals("work") && m.methodTypeSymbol().parameterCount() == 0 && instance) {
                work = code;
            }
            if (code != null && !name.equals("<init>") && writesAny(code, model, channels)) {
                return NONE;
            }
        }
        if (work == null || !work.exceptionHandlers().isEmpty()) {
            return NONE;
        }
        return new Walk(model, channels).run(work);
    }

    private static boolean writesAny(CodeModel code, ClassModel model, Map<String, FieldModel> channels) {
        for (CodeElement e : code) {
            if (e instanceof FieldInstruction f && f.opcode() == Opcode.PUTFIELD && f.owner().equals(model.thisClass())
                    && channels.containsKey(f.name().stringValue())) {
                return true;
            }
        }
        return false;
    }

    /** The straight-line walk of work() over a stack of what each value is: this, a channel field, or else. */
    private static final class Walk {
        private static final String THIS = "this";
        private static final String OTHER = "";
        private final ClassModel model;
        private final Map<String, FieldModel> channels;
        private final Deque<String> stack = new ArrayDeque<>();
        private final Map<String, Integer> takes = new HashMap<>();
        private final Map<String, Integer> puts = new HashMap<>();

        Walk(ClassModel model, Map<String, FieldModel> channels) {
            this.model = model;
            this.channels = channels;
        }

        RateProof run(CodeModel work) {
            boolean returned = false;
            for (CodeElement e : work) {
                if (e instanceof PseudoInstruction) {
                    continue;
                }
                if (returned || !(e instanceof Instruction i) || !step(i)) {
                    return NONE;
                }
                returned = i instanceof ReturnInstruction;
            }
            return returned ? new RateProof(Map.copyOf(takes), Map.copyOf(puts), true) : NONE;
        }

        /** Applies {@code i} to the stack; false if it is outside what the proof covers. */
        private boolean step(Instruction i) {
            return switch (i) {
                case LoadInstruction l -> push(l.slot() == 0 && l.typeKind() == TypeKind.REFERENCE ? THIS : OTHER);
                case StoreInstruction s -> s.slot() != 0 && plain(pop());
                case ConstantInstruction _ -> push(OTHER);
                case ConvertInstruction _ -> plain(pop()) && push(OTHER);
                case IncrementInstruction _, NopInstruction _ -> true;
                case ArrayLoadInstruction _ -> popPlain(2) && push(OTHER);
                case OperatorInstruction o -> operator(o);
                case FieldInstruction f -> field(f);
                case InvokeInstruction call -> invoke(call);
                case StackInstruction s -> stackOp(s);
                case ReturnInstruction r -> r.opcode() == Opcode.RETURN && stack.isEmpty();
                default -> false;
            };
        }

        /** {@code pop}, or {@code dup} of anything but a channel (a channel is read from its field each time). */
        private boolean stackOp(StackInstruction s) {
            if (s.opcode() == Opcode.POP) {
                return pop() != null;
            }
            String top = stack.peek();
            return s.opcode() == Opcode.DUP && top != null && !channels.containsKey(top) && push(top);
        }

        private boolean operator(OperatorInstruction o) {
            String name = o.opcode().name();
            if (name.endsWith("NEG") || o.opcode() == Opcode.ARRAYLENGTH) {
                return plain(pop()) && push(OTHER);
            }
            return popPlain(2) && push(OTHER);
        }

        private boolean field(FieldInstruction f) {
            boolean own = f.owner().equals(model.thisClass());
            boolean channel = own && channels.containsKey(f.name().stringValue());
            return switch (f.opcode()) {
                case GETFIELD -> {
                    String target = pop();
                    yield object(target) && (!channel || THIS.equals(target))
                            && push(channel ? f.name().stringValue() : OTHER);
                }
                case PUTFIELD -> !channel && plain(pop()) && object(pop());
                case GETSTATIC -> push(OTHER);
                case PUTSTATIC -> plain(pop());
                default -> false;
            };
        }

        private boolean invoke(InvokeInstruction call) {
            if (call.opcode() != Opcode.INVOKEVIRTUAL && call.opcode() != Opcode.INVOKEINTERFACE) {
                return false;
            }
            int args = call.typeSymbol().parameterCount();
            if (!popPlain(args)) {
                return false;
            }
            String receiver = pop();
            if (receiver == null || !channels.containsKey(receiver)) {
                return false;
            }
            String name = call.name().stringValue();
            if (name.equals("take") && args == 0) {
                takes.merge(receiver, 1, Integer::sum);
            } else if (name.equals("put") && args == 1) {
                puts.merge(receiver, 1, Integer::sum);
            } else {
                return false;
            }
            return call.typeSymbol().returnType().descriptorString().equals("V") || push(OTHER);
        }

        /** Pops {@code n} values: whether each was {@link #plain}. */
        private boolean popPlain(int n) {
            for (int k = 0; k < n; k++) {
                if (!plain(pop())) {
                    return false;
                }
            }
            return true;
        }

        /** Whether {@code value} is on the stack and neither a channel nor {@code this}. */
        private boolean plain(String value) {
            return value != null && !channels.containsKey(value) && !THIS.equals(value);
        }

        /** Whether {@code value} is on the stack and not a channel: an object whose field may be read or set. */
        private boolean object(String value) {
            return value != null && !channels.containsKey(value);
        }

        private boolean push(String value) {
            stack.push(value);
            return true;
        }

        private String pop() {
            return stack.poll();
        }
    }
}
