package org.streamflex.checker.rules;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.InstanceOfTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.BodyScanner;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.StatelessCode;
import org.streamflex.checker.StatelessCode.Runner;
import org.streamflex.checker.TypeFacts;
import org.streamflex.checker.Where;

/**
 * F1: {@code @Stateless} is the runtime's licence to run replicas of a filter in parallel
 * (StreamIt's fission), and the runtime trusts it as written; this rule is its proof. In the code
 * a {@code @Stateless} filter's runs may run ({@code work()}, its own {@code trigger()}, its
 * {@code @Atomic} methods, and what they call, as {@link StatelessCode} follows it), nothing writes
 * state that outlives a run:
 * <ul>
 *   <li>no write (assignment, compound assignment, {@code ++}, {@code --}) to a field of the filter
 *       or to a static field;
 *   <li>no write into an array or an object that such a field holds ({@code buf[i] = x},
 *       {@code counter.n++});
 *   <li>no call of a method on an object such a field holds, unless it is a channel or deeply
 *       immutable ({@link org.streamflex.checker.ReferenceImmutability#deeplyImmutable});
 *   <li>no such array or object, nor the filter itself, handed anywhere code could change it: passed,
 *       stored in a variable, returned, captured. Reading it in place ({@code taps[i]}, {@code n.x},
 *       {@code taps.length}) and copying an array ({@code clone()}, {@code Arrays.copyOf},
 *       {@code System.arraycopy} from it) are fine.
 * </ul>
 * Also {@code @Stateless} on a class that is not a concrete filter, and a {@code @Stateless} filter
 * whose runs would run inherited code compiled elsewhere, which the rule cannot see.
 */
@RuleInfo(id = "F1", name = "StatelessWork", section = "not in the paper, for StreamIt's fission",
        summary = "A @Stateless filter's work(), trigger() and @Atomic methods, and what they call, write no field of"
                + " the filter, no static field and nothing a field holds")
public final class F1StatelessWork implements Rule {
    private static final String STATELESS = "org.streamflex.Stateless";
    private static final String FILTER = "org.streamflex.Filter";
    /** java.util.Arrays methods that read the arrays they are given and keep nothing. */
    private static final Set<String> ARRAYS_READS = Set.of("copyOf", "copyOfRange", "equals", "hashCode", "toString");
    private static final String WHY = " must keep no state between runs, because the runtime may run replicas of it"
            + " in parallel: ";

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        StatelessCode code = ctx.stateless();
        TreePath annotation = statelessAnnotation(c, ctx);
        if (annotation != null) {
            declaration(c, ctx, annotation, out);
        }
        recordOverrides(c, ctx);
        for (Tree member : c.tree().getMembers()) {
            TreePath path = new TreePath(c.path(), member);
            Element node = null;
            if (member instanceof MethodTree method && method.getBody() != null) {
                node = ctx.trees().getElement(path);
            } else if (member instanceof VariableTree field && field.getInitializer() != null
                    && !field.getModifiers().getFlags().contains(Modifier.STATIC)) {
                node = c.element();
            } else if (member instanceof BlockTree block && !block.isStatic()) {
                node = c.element();
            }
            if (node != null) {
                new Scanner(c, ctx, code, node, out).scan(path, null);
            }
        }
    }

    /** The {@code @Stateless} on {@code c}, or null. */
    private static TreePath statelessAnnotation(SourceClass c, Analysis ctx) {
        for (var a : c.tree().getModifiers().getAnnotations()) {
            TreePath path = new TreePath(new TreePath(c.path(), c.tree().getModifiers()), a);
            if (ctx.trees().getElement(path) instanceof TypeElement type
                    && type.getQualifiedName().contentEquals(STATELESS)) {
                return path;
            }
        }
        return null;
    }

    private void declaration(SourceClass c, Analysis ctx, TreePath at, List<Finding> out) {
        TypeElement type = c.element();
        String name = c.displayName();
        if (!ctx.facts().isFilter(type)) {
            out.add(Finding.always(info(), at, "@Stateless on " + name + ", which is not a filter; @Stateless"
                    + " declares that a filter's work() keeps no state between runs, so that the runtime may run"
                    + " replicas of it in parallel. Remove it"));
            return;
        }
        if (type.getModifiers().contains(Modifier.ABSTRACT)) {
            out.add(Finding.always(info(), at, "@Stateless on abstract filter " + name + ": the runtime replicates"
                    + " the filters it makes, and @Stateless is not inherited. Put it on each concrete subclass whose"
                    + " work() keeps no state, and remove it here"));
            return;
        }
        ctx.stateless().stateless(type);
        out.add(new Finding(info(), at, p -> unseenRoot(type, ctx) != null, p -> {
            ExecutableElement root = unseenRoot(type, ctx);
            String owner = TypeFacts.displayName((TypeElement) root.getEnclosingElement());
            return "@Stateless filter " + name + " runs " + owner + "." + root.getSimpleName() + "(), which it inherits"
                    + " from " + owner + ", a class compiled elsewhere: the checker proves a filter stateless from the"
                    + " code its runs run, and it cannot see that code. Override " + root.getSimpleName() + "() in "
                    + name + ", or remove @Stateless";
        }));
    }

    /** A root of the filter's runs whose code is not in this compilation, or null. */
    private static ExecutableElement unseenRoot(TypeElement filter, Analysis ctx) {
        for (ExecutableElement root : ctx.stateless().roots(filter)) {
            if (!visible(root, ctx)) {
                return root;
            }
        }
        return null;
    }

    /** Whether the checker sees the method's code, or trusts it: Filter's services and Object's methods. */
    private static boolean visible(ExecutableElement method, Analysis ctx) {
        TypeElement owner = (TypeElement) method.getEnclosingElement();
        String name = owner.getQualifiedName().toString();
        return ctx.isSource(owner) || name.equals(FILTER) || name.equals("java.lang.Object");
    }

    /** Every method a virtual call to one of this class's supertypes' methods may run. */
    private static void recordOverrides(SourceClass c, Analysis ctx) {
        Set<TypeElement> supertypes = new LinkedHashSet<>();
        supertypesOf(c.element(), ctx, supertypes);
        for (ExecutableElement method : ElementFilter.methodsIn(c.element().getEnclosedElements())) {
            if (method.getModifiers().contains(Modifier.STATIC) || method.getModifiers().contains(Modifier.PRIVATE)) {
                continue;
            }
            for (TypeElement sup : supertypes) {
                for (ExecutableElement candidate : ElementFilter.methodsIn(sup.getEnclosedElements())) {
                    if (candidate.getSimpleName().equals(method.getSimpleName())
                            && candidate.getParameters().size() == method.getParameters().size()
                            && ctx.facts().elements().overrides(method, candidate, c.element())) {
                        ctx.stateless().overrides(method, candidate);
                    }
                }
            }
        }
    }

    private static void supertypesOf(TypeElement type, Analysis ctx, Set<TypeElement> found) {
        for (TypeMirror s : ctx.facts().types().directSupertypes(type.asType())) {
            TypeElement sup = ctx.facts().asElement(s);
            if (sup != null && found.add(sup)) {
                supertypesOf(sup, ctx, found);
            }
        }
    }

    /**
     * Where the value or place an expression denotes is state: a field of the running object
     * ({@code owner} is the class declaring it, or the class of {@code this} when {@code field} is
     * null: state if the filter is one), or a static field. {@code field} is the outermost field on
     * the way: {@code buf} for {@code buf[i]}, {@code counter} for {@code this.counter.n}.
     */
    private record Root(VariableElement field, TypeElement owner) {
        boolean isStatic() {
            return field != null && field.getModifiers().contains(Modifier.STATIC);
        }

        boolean holds(Runner r, TypeFacts facts) {
            return isStatic() || facts.isSubclass(r.filter(), owner);
        }

        String describe() {
            if (field == null) {
                return "the filter itself (this)";
            }
            return (isStatic() ? "static field " : "field ")
                    + TypeFacts.displayName((TypeElement) field.getEnclosingElement()) + "." + field.getSimpleName();
        }
    }

    private final class Scanner extends BodyScanner {
        private final SourceClass c;
        private final Analysis ctx;
        private final StatelessCode code;
        private final Element node;
        private final List<Finding> out;

        Scanner(SourceClass c, Analysis ctx, StatelessCode code, Element node, List<Finding> out) {
            this.c = c;
            this.ctx = ctx;
            this.code = code;
            this.node = node;
            this.out = out;
        }

        @Override
        public Void visitAssignment(AssignmentTree tree, Void unused) {
            write(new TreePath(getCurrentPath(), tree.getVariable()));
            return super.visitAssignment(tree, null);
        }

        @Override
        public Void visitCompoundAssignment(CompoundAssignmentTree tree, Void unused) {
            write(new TreePath(getCurrentPath(), tree.getVariable()));
            return super.visitCompoundAssignment(tree, null);
        }

        @Override
        public Void visitUnary(UnaryTree tree, Void unused) {
            switch (tree.getKind()) {
                case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT ->
                        write(new TreePath(getCurrentPath(), tree.getExpression()));
                default -> {
                }
            }
            return super.visitUnary(tree, null);
        }

        @Override
        public Void visitIdentifier(IdentifierTree tree, Void unused) {
            use();
            return super.visitIdentifier(tree, null);
        }

        @Override
        public Void visitMemberSelect(MemberSelectTree tree, Void unused) {
            use();
            return super.visitMemberSelect(tree, null);
        }

        @Override
        public Void visitArrayAccess(ArrayAccessTree tree, Void unused) {
            use();
            return super.visitArrayAccess(tree, null);
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
            if (ctx.trees().getElement(getCurrentPath()) instanceof ExecutableElement callee) {
                ExpressionTree select = tree.getMethodSelect();
                if (callee.getKind() == ElementKind.CONSTRUCTOR || callee.getModifiers().contains(Modifier.STATIC)
                        || callee.getModifiers().contains(Modifier.PRIVATE)
                        || (select instanceof MemberSelectTree s && isNamed(s.getExpression(), "super"))) {
                    code.call(node, callee, StatelessCode.Call.EXACT, null);
                } else if (select instanceof IdentifierTree || (select instanceof MemberSelectTree s
                        && isNamed(s.getExpression(), "this"))) {
                    TypeElement receiver = receiver(select instanceof MemberSelectTree s ? s.getExpression() : null,
                            callee);
                    code.call(node, callee, StatelessCode.Call.ON_THIS, receiver);
                    unseenCall(callee, receiver);
                } else {
                    code.call(node, callee, StatelessCode.Call.VIRTUAL, null);
                }
            }
            return super.visitMethodInvocation(tree, null);
        }

        @Override
        protected void onNewClass(NewClassTree tree) {
            if (ctx.trees().getElement(getCurrentPath()) instanceof ExecutableElement constructor
                    && constructor.getEnclosingElement() instanceof TypeElement type) {
                code.call(node, constructor, StatelessCode.Call.EXACT, null);
                code.creates(node, type);
            }
        }

        @Override
        public Void visitMemberReference(MemberReferenceTree tree, Void unused) {
            if (ctx.trees().getElement(getCurrentPath()) instanceof ExecutableElement callee) {
                ExpressionTree qualifier = tree.getQualifierExpression();
                if (callee.getKind() == ElementKind.CONSTRUCTOR) {
                    code.call(node, callee, StatelessCode.Call.EXACT, null);
                    code.creates(node, (TypeElement) callee.getEnclosingElement());
                } else if (callee.getModifiers().contains(Modifier.STATIC) || isNamed(qualifier, "super")) {
                    code.call(node, callee, StatelessCode.Call.EXACT, null);
                } else if (isNamed(qualifier, "this")) {
                    TypeElement receiver = receiver(qualifier, callee);
                    code.call(node, callee, StatelessCode.Call.ON_THIS, receiver);
                    unseenCall(callee, receiver);
                } else {
                    code.call(node, callee, StatelessCode.Call.VIRTUAL, null);
                }
            }
            return super.visitMemberReference(tree, null);
        }

        /**
         * The class whose running instance a call on {@code this} is on: the one {@code Outer.this}
         * names, this class for {@code this}, or for an unqualified call the innermost class around it
         * of which the method is a member.
         */
        private TypeElement receiver(ExpressionTree self, ExecutableElement callee) {
            if (self instanceof MemberSelectTree outer
                    && ctx.trees().getElement(new TreePath(getCurrentPath(), outer.getExpression()))
                            instanceof TypeElement named) {
                return named;
            }
            if (self != null) {
                return c.element();
            }
            TypeElement owner = (TypeElement) callee.getEnclosingElement();
            for (Element e = c.element(); e != null; e = e.getEnclosingElement()) {
                if (e instanceof TypeElement t && ctx.facts().isSubclass(t, owner)) {
                    return t;
                }
            }
            return c.element();
        }

        /** A call on the filter that runs code the checker cannot see, if the running object is one. */
        private void unseenCall(ExecutableElement callee, TypeElement receiver) {
            TreePath at = getCurrentPath();
            String where = Where.code(at, c);
            Function<Runner, ExecutableElement> runs = r -> code.implementation(callee, r.filter());
            report(at, r -> ctx.facts().isSubclass(r.filter(), receiver) && !visible(runs.apply(r), ctx),
                    (r, filters) -> {
                        TypeElement owner = (TypeElement) runs.apply(r).getEnclosingElement();
                        return where + runBy(where, r) + " calls " + callee.getSimpleName() + "(), which " + filters
                                + " inherits from " + TypeFacts.displayName(owner) + ", a class compiled elsewhere: the"
                                + " checker cannot see its code, so it cannot prove that it keeps no state. Override "
                                + callee.getSimpleName() + "() in " + TypeFacts.displayName(r.filter())
                                + ", or remove @Stateless";
                    });
        }

        /** An assignment, compound assignment, {@code ++} or {@code --} of {@code target}. */
        private void write(TreePath target) {
            TreePath place = stripped(target);
            Root root = rootOf(place);
            if (root == null) {
                return;
            }
            String where = Where.code(place, c);
            String what = subject(place, root);
            String why = root.isStatic() ? "its replicas would all write it at once"
                    : "a later run on another replica would not see what this run wrote";
            report(place, r -> root.holds(r, ctx.facts()), (r, filters) -> where + runBy(where, r) + " writes " + what
                    + ", but " + filters + WHY + why + ". Use a local variable if no later run needs the value, or"
                    + " remove @Stateless");
        }

        /** A use of state that is neither a write nor a read in place: a call that may change it, or an escape. */
        private void use() {
            TreePath path = getCurrentPath();
            Root root = rootOf(path);
            if (root == null) {
                return;
            }
            TypeMirror type = ctx.trees().getTypeMirror(path);
            if (type == null || type.getKind() == TypeKind.ERROR || type.getKind() == TypeKind.EXECUTABLE
                    || type.getKind() == TypeKind.PACKAGE || !mutable(type)) {
                return;
            }
            TreePath child = path;
            TreePath parent = path.getParentPath();
            while (parent.getLeaf() instanceof ParenthesizedTree || parent.getLeaf() instanceof TypeCastTree) {
                child = parent;
                parent = parent.getParentPath();
            }
            Tree up = parent.getLeaf();
            Tree me = child.getLeaf();
            String where = Where.code(path, c);
            String what = subject(path, root);
            String source = path.getLeaf().toString();
            String verb;
            String fix;
            switch (up) {
                case MemberSelectTree select when select.getExpression() == me -> {
                    if (!(parent.getParentPath().getLeaf() instanceof MethodInvocationTree call)
                            || call.getMethodSelect() != select) {
                        return; // a field read, or an array's length
                    }
                    String method = select.getIdentifier().toString();
                    if (root.field() == null || (type.getKind() == TypeKind.ARRAY && method.equals("clone"))
                            || printStream(root)) {
                        return; // a call on the filter itself is followed; a clone is a read
                    }
                    String typeName = TypeFacts.typeName(type);
                    report(path, r -> root.holds(r, ctx.facts()), (r, filters) -> where + runBy(where, r) + " calls "
                            + method + "() on " + what + ", but " + filters + WHY + typeName + "." + method + "() may"
                            + " change the object, and a later run on another replica would not see the change. Call"
                            + " methods only on channels and on immutable values (String, boxed primitives, records and"
                            + " enums whose fields are final and immutable): make the " + typeName + " in work(), or"
                            + " remove @Stateless");
                    return;
                }
                case ArrayAccessTree access when access.getExpression() == me -> {
                    return;
                }
                case AssignmentTree a when a.getVariable() == me -> {
                    return; // a write: reported as one
                }
                case CompoundAssignmentTree a when a.getVariable() == me -> {
                    return;
                }
                case UnaryTree u when u.getExpression() == me -> {
                    return;
                }
                case BinaryTree b when b.getKind() == Tree.Kind.EQUAL_TO || b.getKind() == Tree.Kind.NOT_EQUAL_TO -> {
                    return;
                }
                case InstanceOfTree i when i.getPattern() == null -> {
                    return;
                }
                case MemberReferenceTree ref when root.field() == null -> {
                    return; // this::m is a call on the filter, followed
                }
                case EnhancedForLoopTree loop when loop.getExpression() == me -> {
                    if (type instanceof ArrayType array) {
                        if (!mutable(array.getComponentType())) {
                            return;
                        }
                        verb = "iterates over " + what + ", whose elements (" + TypeFacts.typeName(
                                array.getComponentType()) + ") the loop variable could change";
                        fix = "Index it instead (" + source + "[i])";
                    } else {
                        verb = "iterates over " + what + " through its iterator()";
                        fix = "Keep what work() reads in an array field instead";
                    }
                }
                case MethodInvocationTree call when call.getArguments().contains(me) -> {
                    ExecutableElement callee = (ExecutableElement) ctx.trees().getElement(parent);
                    if (readsOnly(callee, call.getArguments().indexOf(me))) {
                        return;
                    }
                    verb = "passes " + what + " to " + signature(callee);
                    fix = fixFor(root, type, source);
                }
                case NewClassTree call when call.getArguments().contains(me) -> {
                    verb = "passes " + what + " to " + signature((ExecutableElement) ctx.trees().getElement(parent));
                    fix = fixFor(root, type, source);
                }
                case VariableTree v when v.getInitializer() == me -> {
                    verb = "stores " + what + " in variable " + v.getName();
                    fix = fixFor(root, type, source);
                }
                case AssignmentTree a when a.getExpression() == me -> {
                    verb = "stores " + what + " in " + a.getVariable();
                    fix = fixFor(root, type, source);
                }
                case ReturnTree _ -> {
                    verb = "returns " + what;
                    fix = fixFor(root, type, source);
                }
                default -> {
                    verb = "lets " + what + " escape";
                    fix = fixFor(root, type, source);
                }
            }
            String action = verb;
            String remedy = fix;
            report(path, r -> root.holds(r, ctx.facts()), (r, filters) -> where + runBy(where, r) + " " + action
                    + ", but " + filters + WHY + "code that gets it may change it, and a later run on another replica"
                    + " would not see the change. " + remedy + ", or remove @Stateless");
        }

        private void report(TreePath at, Predicate<Runner> holds, BiFunction<Runner, String, String> message) {
            Element from = node;
            out.add(new Finding(info(), at, p -> code.runners(from).stream().anyMatch(holds), p -> {
                List<Runner> runners = code.runners(from).stream().filter(holds).toList();
                List<String> names = runners.stream().map(r -> TypeFacts.displayName(r.filter())).distinct().toList();
                String filters = names.size() == 1 ? "@Stateless filter " + names.getFirst()
                        : "@Stateless filters " + String.join(", ", names.subList(0, names.size() - 1)) + " and "
                                + names.getLast();
                return message.apply(runners.getFirst(), filters);
            }));
        }

        /** Where state an expression's value or place is part of; null if it is not state. */
        private Root rootOf(TreePath path) {
            TreePath at = stripped(path);
            Tree leaf = at.getLeaf();
            if (isNamed(leaf, "this") || isNamed(leaf, "super")) {
                TypeElement self = leaf instanceof MemberSelectTree s
                        && ctx.trees().getElement(new TreePath(at, s.getExpression())) instanceof TypeElement named
                        ? named : c.element();
                return maybeFilter(self) ? new Root(null, self) : null;
            }
            Element element = ctx.trees().getElement(at);
            return switch (leaf) {
                case IdentifierTree id when element instanceof VariableElement field
                        && field.getKind() == ElementKind.FIELD -> fieldRoot(field);
                case MemberSelectTree select when element instanceof VariableElement field
                        && field.getKind() == ElementKind.FIELD && !select.getIdentifier().contentEquals("class") -> {
                    Tree self = stripped(new TreePath(at, select.getExpression())).getLeaf();
                    if (field.getModifiers().contains(Modifier.STATIC) || isNamed(self, "this")
                            || isNamed(self, "super")) {
                        yield fieldRoot(field);
                    }
                    yield rootOf(new TreePath(at, select.getExpression()));
                }
                case ArrayAccessTree access -> rootOf(new TreePath(at, access.getExpression()));
                default -> null;
            };
        }

        private Root fieldRoot(VariableElement field) {
            if (field.getModifiers().contains(Modifier.STATIC)) {
                return new Root(field, null);
            }
            // Only a filter's fields are state of a filter: its superclasses are filters, Filter and Object,
            // and Filter's own fields are private.
            TypeElement owner = (TypeElement) field.getEnclosingElement();
            return ctx.facts().isFilter(owner) ? new Root(field, owner) : null;
        }

        /** {@code this} of this class may be a filter: a filter class, or an interface one implements. */
        private boolean maybeFilter(TypeElement self) {
            return self != null && (ctx.facts().isFilter(self) || self.getKind().isInterface());
        }

        /** "field Gen.count", or "buf[i], held by field Gen.buf". */
        private String subject(TreePath path, Root root) {
            Tree leaf = stripped(path).getLeaf();
            if (root.field() == null || root.field().equals(ctx.trees().getElement(stripped(path)))) {
                return root.describe();
            }
            return leaf + ", held by " + root.describe();
        }

        private boolean mutable(TypeMirror type) {
            if (type.getKind().isPrimitive() || type.getKind() == TypeKind.NULL) {
                return false;
            }
            TypeElement element = ctx.facts().asElement(ctx.facts().types().erasure(type));
            return !ctx.facts().isChannel(element) && !ctx.immutability().deeplyImmutable(type);
        }

        /** A method known to read, and keep nothing of, the argument at {@code index}. */
        private static boolean readsOnly(ExecutableElement callee, int index) {
            if (callee == null || !(callee.getEnclosingElement() instanceof TypeElement owner)) {
                return false;
            }
            String name = owner.getQualifiedName().toString();
            String method = callee.getSimpleName().toString();
            return (name.equals("java.lang.System") && method.equals("arraycopy") && index == 0)
                    || (name.equals("java.util.Arrays") && ARRAYS_READS.contains(method));
        }

        /** System.out and System.err, which filter code may print to (R3): printing keeps nothing it prints. */
        private static boolean printStream(Root root) {
            return root.isStatic() && root.field().getEnclosingElement() instanceof TypeElement owner
                    && owner.getQualifiedName().contentEquals("java.lang.System")
                    && (root.field().getSimpleName().contentEquals("out")
                            || root.field().getSimpleName().contentEquals("err"));
        }

        private static String fixFor(Root root, TypeMirror type, String source) {
            if (root.field() == null) {
                return "Pass the values that code needs instead";
            }
            if (type.getKind() == TypeKind.ARRAY) {
                return "Read it in place (" + source + "[i], " + source + ".length) or hand over a copy (" + source
                        + ".clone())";
            }
            return "Read what you need from it in place";
        }

        private static String signature(ExecutableElement callee) {
            if (callee == null) {
                return "a method";
            }
            TypeElement owner = (TypeElement) callee.getEnclosingElement();
            String name = callee.getKind() == ElementKind.CONSTRUCTOR ? "new " + TypeFacts.displayName(owner)
                    : TypeFacts.displayName(owner) + "." + callee.getSimpleName();
            return name + "(" + callee.getParameters().stream().map(p -> TypeFacts.typeName(p.asType()))
                    .collect(Collectors.joining(", ")) + ")";
        }
    }

    /** ", run by Gen.work()," when the code is not the root itself (or a lambda in it). */
    private static String runBy(String where, Runner r) {
        String root = r.rootName();
        return where.endsWith(root) ? "" : ", run by " + root + ",";
    }

    /** The path without parentheses and casts around the expression. */
    private static TreePath stripped(TreePath path) {
        TreePath at = path;
        while (true) {
            if (at.getLeaf() instanceof ParenthesizedTree p) {
                at = new TreePath(at, p.getExpression());
            } else if (at.getLeaf() instanceof TypeCastTree cast) {
                at = new TreePath(at, cast.getExpression());
            } else {
                return at;
            }
        }
    }

    /** {@code this}, {@code super}, {@code Outer.this}, {@code Outer.super} as {@code name}. */
    private static boolean isNamed(Tree tree, String name) {
        return (tree instanceof IdentifierTree id && id.getName().contentEquals(name))
                || (tree instanceof MemberSelectTree s && s.getIdentifier().contentEquals(name));
    }
}
