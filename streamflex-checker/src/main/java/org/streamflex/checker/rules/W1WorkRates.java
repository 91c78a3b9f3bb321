package org.streamflex.checker.rules;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssertTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.CatchTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.LabeledStatementTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.SwitchExpressionTree;
import com.sun.source.tree.SwitchTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;

/**
 * W1: a filter's {@code @Rate} declarations are what the runtime schedules by (StreamIt's balance
 * equations), so a wrong one starves or floods a channel at run time, far from its cause. The
 * runtime checks every run in its debug mode ({@code -Dstreamflex.rates.check=true}); this rule
 * rejects at compile time what needs no run to be shown wrong:
 * <ul>
 *   <li>a declaration that cannot mean anything: on a field that is not a data channel (or an array
 *       of them), a negative rate, a peek window below the take rate;
 *   <li>a {@code peek(i)} in {@code work()} with a constant {@code i} outside the declared window;
 *   <li>a {@code work()} whose takes or puts on a channel, all straight-line, add up to another
 *       number than declared.
 * </ul>
 * The count is only judged when every call that can move items is straight-line code of
 * {@code work()} itself: anything else (a branch, a loop, an early return, a helper method, the
 * channel handed to other code) makes the number depend on the run, which is the debug mode's job.
 */
@RuleInfo(id = "W1", name = "WorkRates", section = "not in the paper, for StreamIt's static rates",
        summary = "@Rate is on data channels, non-negative, with a peek window no smaller than its rate, and work()"
                + " does not provably take, put or peek other than its channels declare")
public final class W1WorkRates implements Rule {
    private static final String RATE = "org.streamflex.Rate";
    private static final String FILTER = "org.streamflex.Filter";
    /** Channel methods that move no items and let the channel go nowhere. */
    private static final Set<String> HARMLESS = Set.of("size", "capacity", "published", "dropped", "name");
    /** A scalar field's only group of uses, in {@link #counts}. */
    private static final int WHOLE = -1;

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        if (!ctx.facts().isFilter(c.element())) {
            return;
        }
        Map<VariableElement, Declared> declared = new LinkedHashMap<>();
        for (SourceClass.Field field : c.instanceFields(ctx.trees())) {
            AnnotationMirror rate = rateOf(field.element());
            if (rate == null) {
                continue;
            }
            TypeMirror type = field.element().asType();
            Declared d = new Declared(c.displayName() + "." + field.name(), field.name(),
                    type.getKind() == TypeKind.ARRAY, field.element().getModifiers().contains(Modifier.PRIVATE),
                    intValue(ctx, rate, "value"), intValue(ctx, rate, "peek"));
            String problem = misplaced(d, type, ctx);
            if (problem != null) {
                out.add(Finding.always(info(), field.path(), problem));
            } else {
                declared.put(field.element(), d);
            }
        }
        TreePath work = work(c);
        if (declared.isEmpty() || work == null) {
            return;
        }
        Map<VariableElement, List<Use>> uses = new Uses(ctx, declared, (MethodTree) work.getLeaf())
                .in(topLevel(c.path()));
        boolean callsFilterCode = callsFilterCode(work, ctx);
        long firstReturn = firstReturn(work, ctx);
        for (Map.Entry<VariableElement, Declared> entry : declared.entrySet()) {
            Declared d = entry.getValue();
            List<Use> fieldUses = uses.getOrDefault(entry.getKey(), List.of());
            peeksOutsideWindow(d, fieldUses, out);
            // Only the top-level class can name a private field, and Uses reads all of it: a non-private
            // one could be moved by code of other classes, through a filter that reached them.
            if (d.isPrivate() && !callsFilterCode) {
                counts(d, fieldUses, firstReturn, work, out);
            }
        }
    }

    /** Why {@code @Rate} means nothing on this field, or null if it may mean something. */
    private static String misplaced(Declared d, TypeMirror type, Analysis ctx) {
        TypeMirror channel = type.getKind() == TypeKind.ARRAY ? ((ArrayType) type).getComponentType() : type;
        TypeElement element = ctx.facts().asElement(ctx.facts().types().erasure(channel));
        if (ctx.facts().isTimeChannel(element) && channel.getKind() != TypeKind.ARRAY) {
            return "@Rate on " + d.name() + ": a TimeChannel has no item rate, it releases work() on a clock; @Rate"
                    + " is for data channels. Remove it";
        }
        if (channel.getKind() == TypeKind.ARRAY || !ctx.facts().isDataChannel(element)) {
            return "@Rate on " + d.name() + ": " + TypeFacts.typeName(type) + " is not a data channel; @Rate"
                    + " declares how many items every work() takes from or puts on a data channel (IntChannel,"
                    + " Channel<T>, SharedChannel<T>...), or on each channel of an array of them. Remove it, or move"
                    + " it to a channel field";
        }
        if (d.value() < 0 || d.peek() < 0) {
            return d.name() + " declares " + d.text() + ": a rate counts items, so it cannot be negative; declare 0"
                    + " or more";
        }
        if (d.peek() != 0 && d.peek() < d.value()) {
            return d.name() + " declares " + d.text() + ": the peek window includes the items work() takes, so it"
                    + " cannot be smaller than value; declare peek = " + d.value() + " or more, or leave peek out"
                    + " (0 means the same as value)";
        }
        return null;
    }

    /** A constant {@code peek(i)} outside the window fails on every run that reaches it, wherever it sits. */
    private void peeksOutsideWindow(Declared d, List<Use> uses, List<Finding> out) {
        int window = d.window();
        for (Use use : uses) {
            if (use.peekAt() == null || use.peekAt() < window || use.place() == Place.ELSEWHERE) {
                continue;
            }
            int at = use.peekAt();
            String inside = window == 0 ? "its window, which is empty"
                    : window == 1 ? "its window of item 0" : "its window of items 0 to " + (window - 1);
            String instead = window == 0 ? "do not peek" : "peek below " + window;
            out.add(Finding.always(info(), use.at(), d.name() + " declares " + d.text() + d.each() + " but work()"
                    + " peeks at item " + at + ", outside " + inside + "; declare @Rate(value = " + d.value()
                    + ", peek = " + (at + 1) + "), or " + instead));
        }
    }

    /**
     * Compares the declared rate with what {@code work()} moves, when every move is straight-line:
     * one count for a channel field, one per constant index for an array of channels.
     */
    private void counts(Declared d, List<Use> uses, long firstReturn, TreePath work, List<Finding> out) {
        Map<Integer, List<Use>> groups = new TreeMap<>();
        if (!d.array()) {
            groups.put(WHOLE, new ArrayList<>());
        }
        for (Use use : uses) {
            if (use.role() == Role.ALIAS) {
                return;
            }
            if (d.array() && use.index() == null) {
                if (use.moves()) {
                    return; // in[i] may be any channel of the array
                }
                continue;
            }
            groups.computeIfAbsent(d.array() ? use.index() : WHOLE, k -> new ArrayList<>()).add(use);
        }
        for (Map.Entry<Integer, List<Use>> group : groups.entrySet()) {
            boolean input = group.getValue().stream().anyMatch(u -> u.role() == Role.INPUT);
            boolean output = group.getValue().stream().anyMatch(u -> u.role() == Role.OUTPUT);
            // in[k] may not exist, and then work() breaks no rate of it, unless code that runs on every run names it.
            boolean exists = !d.array() || group.getValue().stream().anyMatch(u -> u.place() == Place.STRAIGHT);
            if ((input && output) || !exists) {
                continue;
            }
            int min = 0;
            int max = 0;
            long last = -1;
            boolean shown = true;
            for (Use use : group.getValue()) {
                if (!use.moves()) {
                    continue;
                }
                if (!use.known() || use.place() != Place.STRAIGHT) {
                    shown = false;
                    break;
                }
                min += use.min();
                max += use.max();
                last = Math.max(last, use.position());
            }
            // An untake throws unless the run took as much, so a run that returns never moves fewer than 0.
            min = Math.max(min, 0);
            if (!shown || last > firstReturn || max < 0 || (min <= d.value() && d.value() <= max)) {
                continue;
            }
            String channel = d.array() ? d.field() + "[" + group.getKey() + "]" : "it";
            String element = d.array() ? (input ? " from " : " on ") + channel : "";
            String message;
            if (!input && !output) {
                message = d.name() + " declares " + d.text() + d.each() + " but work() neither takes from " + channel
                        + " nor puts on " + channel + "; take or put " + d.value() + " in work(), or remove @Rate if"
                        + " its rate is dynamic";
            } else {
                String verb = input ? "take" : "put";
                int closest = max < d.value() ? max : min;
                String moved = min == max ? items(min) : max < d.value() ? "at most " + items(max)
                        : "at least " + items(min);
                message = d.name() + " declares " + d.text() + d.each() + " but work() " + verb + "s " + moved
                        + element + " on every run; declare " + d.withValue(closest) + " or " + verb + " "
                        + d.value();
            }
            out.add(Finding.always(info(), work, message));
        }
    }

    private static String items(int n) {
        return n + (n == 1 ? " item" : " items");
    }

    /**
     * Whether {@code work()} calls a method of the filter itself (other than {@code raise} and
     * {@code makeCapsule}): one that a subclass overrides, or that the class inherits, may move items
     * out of sight of this class's trees.
     */
    private static boolean callsFilterCode(TreePath work, Analysis ctx) {
        boolean[] found = {false};
        new TreePathScanner<Void, Void>() {
            @Override
            public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
                if (ctx.trees().getElement(getCurrentPath()) instanceof ExecutableElement method
                        && method.getKind() == ElementKind.METHOD
                        && !method.getModifiers().contains(Modifier.STATIC)
                        && onThis(node.getMethodSelect()) && !isFilterService(method)) {
                    found[0] = true;
                }
                return super.visitMethodInvocation(node, null);
            }

            @Override
            public Void visitMemberReference(MemberReferenceTree node, Void unused) {
                if (isThis(node.getQualifierExpression())) {
                    found[0] = true;
                }
                return super.visitMemberReference(node, null);
            }
        }.scan(work, null);
        return found[0];
    }

    /** A method called on the running object: {@code m()}, {@code this.m()}, {@code super.m()}. */
    private static boolean onThis(ExpressionTree select) {
        return select instanceof IdentifierTree
                || (select instanceof MemberSelectTree member && isThis(member.getExpression()));
    }

    /** {@code this}, {@code super}, {@code Outer.this}, {@code Outer.super}. */
    private static boolean isThis(ExpressionTree tree) {
        String name = tree instanceof IdentifierTree id ? id.getName().toString()
                : tree instanceof MemberSelectTree select ? select.getIdentifier().toString() : "";
        return name.equals("this") || name.equals("super");
    }

    private static boolean isFilterService(ExecutableElement method) {
        return (method.getSimpleName().contentEquals("raise") || method.getSimpleName().contentEquals("makeCapsule"))
                && method.getEnclosingElement() instanceof TypeElement owner
                && owner.getQualifiedName().contentEquals(FILTER);
    }

    /** Where the first {@code return} of work()'s own code is; a move after it may be skipped. */
    private static long firstReturn(TreePath work, Analysis ctx) {
        CompilationUnitTree unit = work.getCompilationUnit();
        long[] first = {Long.MAX_VALUE};
        new TreePathScanner<Void, Void>() {
            @Override
            public Void visitReturn(ReturnTree node, Void unused) {
                first[0] = Math.min(first[0], ctx.trees().getSourcePositions().getStartPosition(unit, node));
                return super.visitReturn(node, null);
            }

            @Override
            public Void visitLambdaExpression(LambdaExpressionTree node, Void unused) {
                return null; // its returns end the lambda, not work()
            }

            @Override
            public Void visitClass(ClassTree node, Void unused) {
                return null;
            }
        }.scan(work, null);
        return first[0];
    }

    /** The filter's own {@code work()}, with a body; null if it has none here. */
    private static TreePath work(SourceClass c) {
        for (Tree member : c.tree().getMembers()) {
            if (member instanceof MethodTree method && method.getName().contentEquals("work")
                    && method.getParameters().isEmpty() && method.getBody() != null
                    && !method.getModifiers().getFlags().contains(Modifier.STATIC)) {
                return new TreePath(c.path(), method);
            }
        }
        return null;
    }

    private static TreePath topLevel(TreePath path) {
        TreePath top = path;
        for (TreePath p = path; p != null; p = p.getParentPath()) {
            if (p.getLeaf() instanceof ClassTree) {
                top = p;
            }
        }
        return top;
    }

    private static AnnotationMirror rateOf(VariableElement field) {
        for (AnnotationMirror a : field.getAnnotationMirrors()) {
            if (((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().contentEquals(RATE)) {
                return a;
            }
        }
        return null;
    }

    private static int intValue(Analysis ctx, AnnotationMirror rate, String name) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e
                : ctx.facts().elements().getElementValuesWithDefaults(rate).entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(name) && e.getValue().getValue() instanceof Integer i) {
                return i;
            }
        }
        return 0;
    }

    /** The value of an int expression javac folds: literals, constants and their sums and products. */
    private static Integer constant(TreePath path, Trees trees) {
        Tree tree = path.getLeaf();
        try {
            return switch (tree) {
                case LiteralTree literal -> literal.getValue() instanceof Integer i ? i : null;
                case ParenthesizedTree p -> constant(new TreePath(path, p.getExpression()), trees);
                case UnaryTree unary when unary.getKind() == Tree.Kind.UNARY_MINUS -> {
                    Integer operand = constant(new TreePath(path, unary.getExpression()), trees);
                    yield operand == null ? null : Math.negateExact(operand);
                }
                case BinaryTree binary -> {
                    Integer left = constant(new TreePath(path, binary.getLeftOperand()), trees);
                    Integer right = constant(new TreePath(path, binary.getRightOperand()), trees);
                    if (left == null || right == null) {
                        yield null;
                    }
                    yield switch (binary.getKind()) {
                        case PLUS -> Math.addExact(left, right);
                        case MINUS -> Math.subtractExact(left, right);
                        case MULTIPLY -> Math.multiplyExact(left, right);
                        default -> null;
                    };
                }
                case IdentifierTree _, MemberSelectTree _ -> trees.getElement(path) instanceof VariableElement v
                        && v.getConstantValue() instanceof Integer i ? i : null;
                default -> null;
            };
        } catch (ArithmeticException overflow) {
            return null; // javac rejects the constant itself
        }
    }

    /** A field's {@code @Rate}, as declared; {@code name} is {@code Class.field}. */
    private record Declared(String name, String field, boolean array, boolean isPrivate, int value, int peek) {
        int window() {
            return peek != 0 ? peek : value;
        }

        String text() {
            return peek == 0 ? "@Rate(" + value + ")" : "@Rate(value = " + value + ", peek = " + peek + ")";
        }

        /** The declaration with another take or put rate, its window widened to hold it. */
        String withValue(int other) {
            return peek == 0 ? "@Rate(" + other + ")" : "@Rate(value = " + other + ", peek = " + Math.max(peek, other)
                    + ")";
        }

        String each() {
            return array ? " for each of its channels" : "";
        }
    }

    /** How a use of a channel field bears on its rate. */
    private enum Role {
        /** Looks at the channel only. */
        NONE,
        INPUT,
        OUTPUT,
        /** Lets the channel go where this rule cannot follow it. */
        ALIAS
    }

    /** Where a use is, for the count of {@code work()}. */
    private enum Place {
        /** In work()'s own code, run exactly once on every run that returns. */
        STRAIGHT,
        /** In work()'s own code, which may run it any number of times. */
        CONDITIONAL,
        /** Elsewhere: other methods, initializers, and lambdas and classes in work(). */
        ELSEWHERE
    }

    /**
     * One use of a channel field (or of {@code in[index]} of an array of them): between {@code min}
     * and {@code max} items moved when it runs, if {@code known}; {@code peekAt} is a constant
     * {@code peek(i)}'s {@code i}.
     */
    private record Use(TreePath at, Integer index, Role role, boolean known, int min, int max, Integer peekAt,
            Place place, long position) {
        boolean moves() {
            return (role == Role.INPUT || role == Role.OUTPUT) && !(known && min == 0 && max == 0);
        }
    }

    /** Finds every use of the declared fields in a top-level class, and what each does. */
    private static final class Uses extends TreePathScanner<Void, Void> {
        private final Analysis ctx;
        private final Map<VariableElement, Declared> declared;
        private final MethodTree work;
        private final Map<VariableElement, List<Use>> found = new LinkedHashMap<>();

        Uses(Analysis ctx, Map<VariableElement, Declared> declared, MethodTree work) {
            this.ctx = ctx;
            this.declared = declared;
            this.work = work;
        }

        Map<VariableElement, List<Use>> in(TreePath topLevel) {
            scan(topLevel, null);
            return found;
        }

        @Override
        public Void visitIdentifier(IdentifierTree node, Void unused) {
            note();
            return super.visitIdentifier(node, null);
        }

        @Override
        public Void visitMemberSelect(MemberSelectTree node, Void unused) {
            note();
            return super.visitMemberSelect(node, null);
        }

        private void note() {
            TreePath path = getCurrentPath();
            if (ctx.trees().getElement(path) instanceof VariableElement field && declared.containsKey(field)) {
                found.computeIfAbsent(field, k -> new ArrayList<>()).add(use(path, declared.get(field)));
            }
        }

        private Use use(TreePath path, Declared d) {
            Tree leaf = path.getLeaf();
            if (leaf instanceof MemberSelectTree select && !isThis(select.getExpression())) {
                return alias(path); // another filter's field, or one this rule cannot tell apart
            }
            TreePath channel = path;
            Integer index = null;
            if (d.array()) {
                Tree parent = path.getParentPath().getLeaf();
                if (parent instanceof MemberSelectTree select && select.getIdentifier().contentEquals("length")) {
                    return new Use(path, null, Role.NONE, true, 0, 0, null, place(path), position(path));
                }
                if (!(parent instanceof ArrayAccessTree access) || access.getExpression() != leaf) {
                    return alias(path);
                }
                channel = path.getParentPath();
                index = constant(new TreePath(channel, access.getIndex()), ctx.trees());
            }
            TreePath up = channel.getParentPath();
            if (up.getLeaf() instanceof MemberSelectTree select && select.getExpression() == channel.getLeaf()
                    && up.getParentPath().getLeaf() instanceof MethodInvocationTree call
                    && call.getMethodSelect() == select) {
                return receiver(up.getParentPath(), call, select.getIdentifier().toString(), index);
            }
            if (up.getLeaf() instanceof MethodInvocationTree call && !call.getArguments().isEmpty()
                    && call.getArguments().getFirst() == channel.getLeaf() && isMove(up)) {
                return target(up, call, index);
            }
            return alias(path);
        }

        /** {@code in.take()} and the rest: what the channel's own method does to it. */
        private Use receiver(TreePath at, MethodInvocationTree call, String method, Integer index) {
            // The count is the last argument of skip(n), peek(i), transferTo(t, n), and of the bulk
            // take(into, at, n) and put(values, from, n).
            boolean bulk = call.getArguments().size() == 3;
            Integer count = call.getArguments().size() == 2 || bulk || method.equals("skip") || method.equals("peek")
                    ? constant(new TreePath(at, call.getArguments().getLast()), ctx.trees()) : null;
            boolean counted = count != null && count >= 0;
            int n = counted ? count : 0;
            return switch (method) {
                case "take" -> bulk ? use(at, index, Role.INPUT, counted, n, n, null)
                        : use(at, index, Role.INPUT, true, 1, 1, null);
                case "untake" -> use(at, index, Role.INPUT, true, -1, -1, null);
                case "skip" -> use(at, index, Role.INPUT, counted, n, n, null);
                // transferTo moves what is available, up to its maximum
                case "transferTo" -> use(at, index, Role.INPUT, counted && call.getArguments().size() == 2, 0, n,
                        null);
                case "copyTo" -> use(at, index, Role.INPUT, true, 0, 0, null);
                case "peek" -> use(at, index, Role.INPUT, true, 0, 0, count);
                case "put" -> bulk ? use(at, index, Role.OUTPUT, counted, n, n, null)
                        : use(at, index, Role.OUTPUT, true, 1, 1, null);
                default -> HARMLESS.contains(method) ? use(at, index, Role.NONE, true, 0, 0, null) : alias(at);
            };
        }

        /** {@code src.transferTo(out, n)}, {@code src.copyTo(out, n)}: what lands on the target. */
        private Use target(TreePath at, MethodInvocationTree call, Integer index) {
            Integer count = call.getArguments().size() == 2
                    ? constant(new TreePath(at, call.getArguments().getLast()), ctx.trees()) : null;
            boolean counted = count != null && count >= 0;
            int n = counted ? count : 0;
            boolean copy = ((MemberSelectTree) call.getMethodSelect()).getIdentifier().contentEquals("copyTo");
            return use(at, index, Role.OUTPUT, counted, copy ? n : 0, n, null);
        }

        /** A data channel's transferTo or copyTo, whose first argument is the channel items land on. */
        private boolean isMove(TreePath call) {
            return ((MethodInvocationTree) call.getLeaf()).getMethodSelect() instanceof MemberSelectTree select
                    && (select.getIdentifier().contentEquals("transferTo")
                            || select.getIdentifier().contentEquals("copyTo"))
                    && ctx.trees().getElement(call) instanceof ExecutableElement method
                    && method.getEnclosingElement() instanceof TypeElement owner
                    && ctx.facts().isDataChannel(owner);
        }

        private Use use(TreePath at, Integer index, Role role, boolean known, int min, int max, Integer peekAt) {
            return new Use(at, index, role, known, min, max, peekAt, place(at), position(at));
        }

        private Use alias(TreePath at) {
            return new Use(at, null, Role.ALIAS, false, 0, 0, null, place(at), position(at));
        }

        private long position(TreePath at) {
            return ctx.trees().getSourcePositions().getStartPosition(at.getCompilationUnit(), at.getLeaf());
        }

        private Place place(TreePath at) {
            boolean conditional = false;
            Tree child = at.getLeaf();
            for (TreePath p = at.getParentPath(); p != null; p = p.getParentPath()) {
                Tree leaf = p.getLeaf();
                if (leaf == work) {
                    return conditional ? Place.CONDITIONAL : Place.STRAIGHT;
                }
                if (leaf instanceof LambdaExpressionTree || leaf instanceof ClassTree || leaf instanceof MethodTree) {
                    return Place.ELSEWHERE;
                }
                conditional |= mayNotRunOnce(leaf, child);
                child = leaf;
            }
            return Place.ELSEWHERE;
        }
    }

    /** Whether {@code child} may run other than once when {@code parent} runs (and completes normally). */
    private static boolean mayNotRunOnce(Tree parent, Tree child) {
        return switch (parent) {
            case IfTree t -> child != t.getCondition();
            case ConditionalExpressionTree t -> child != t.getCondition();
            case SwitchTree t -> child != t.getExpression();
            case SwitchExpressionTree t -> child != t.getExpression();
            case BinaryTree t -> (t.getKind() == Tree.Kind.CONDITIONAL_AND || t.getKind() == Tree.Kind.CONDITIONAL_OR)
                    && child == t.getRightOperand();
            // A labeled block can be left by a break; a try's catch can swallow what stopped its block.
            case ForLoopTree _, EnhancedForLoopTree _, WhileLoopTree _, DoWhileLoopTree _, TryTree _, CatchTree _,
                    LabeledStatementTree _, AssertTree _ -> true;
            default -> false;
        };
    }
}
