package org.streamflex.checker.weave;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Which channel fields each class's code takes from and which it puts on, read while javac's trees
 * are attributed, for the {@code inputs} and {@code outputs} of the class's {@code @Woven}. The
 * runtime words its wiring messages with them: an unconnected input is connected from a producer,
 * and a {@code connect} that names an input as its source is reversed.
 *
 * <ul>
 *   <li>input: the receiver of {@code take}, {@code peek}, {@code untake}, {@code skip}, and of
 *       {@code transferTo}/{@code copyTo};
 *   <li>output: the receiver of {@code put}, and the target of {@code transferTo}/{@code copyTo}.
 * </ul>
 * {@code size()} and the counters say nothing: a producer may look at them too. A field counts
 * when the code names it directly ({@code in}, {@code this.in}), as filters do.
 *
 * <pre>{@code
 * public void work() { out.put(in.take()); }   // @Woven(inputs = "in", outputs = "out")
 * }</pre>
 */
public final class ChannelRoles {
    private static final Set<String> TAKING = Set.of("take", "peek", "untake", "skip");
    private static final Set<String> MOVING = Set.of("transferTo", "copyTo");

    /** A class's channel fields by role. */
    public record Roles(Set<String> inputs, Set<String> outputs) {
    }

    private final Trees trees;
    private final Elements elements;
    private final Types types;
    private final Map<String, Roles> byClass = new LinkedHashMap<>();
    private TypeMirror dataChannel;

    public ChannelRoles(Trees trees, Elements elements, Types types) {
        this.trees = trees;
        this.elements = elements;
        this.types = types;
    }

    /** Reads the classes of one analyzed top-level class (and the classes inside it). */
    public void collect(TreePath topLevel) {
        if (dataChannel == null) {
            TypeElement channel = elements.getTypeElement("org.streamflex.DataChannel");
            if (channel == null) {
                return;
            }
            dataChannel = types.erasure(channel.asType());
        }
        new TreePathScanner<Void, TypeElement>() {
            @Override
            public Void visitClass(ClassTree node, TypeElement outer) {
                Element e = trees.getElement(getCurrentPath());
                return super.visitClass(node, e instanceof TypeElement t ? t : outer);
            }

            @Override
            public Void visitMethodInvocation(MethodInvocationTree node, TypeElement owner) {
                if (owner != null && node.getMethodSelect() instanceof MemberSelectTree select) {
                    String method = select.getIdentifier().toString();
                    if (TAKING.contains(method) || MOVING.contains(method)) {
                        note(owner, select.getExpression(), true);
                    }
                    if (method.equals("put")) {
                        note(owner, select.getExpression(), false);
                    }
                    if (MOVING.contains(method) && !node.getArguments().isEmpty()) {
                        note(owner, node.getArguments().getFirst(), false);
                    }
                }
                return super.visitMethodInvocation(node, owner);
            }

            private void note(TypeElement owner, ExpressionTree receiver, boolean input) {
                if (!(receiver instanceof IdentifierTree) && !(receiver instanceof MemberSelectTree select
                        && select.getExpression() instanceof IdentifierTree id && id.getName().contentEquals("this"))) {
                    return;
                }
                Element field = trees.getElement(new TreePath(getCurrentPath(), receiver));
                if (field == null || field.getKind() != ElementKind.FIELD
                        || !types.isSubtype(types.erasure(field.asType()), dataChannel)) {
                    return;
                }
                Roles roles = byClass.computeIfAbsent(elements.getBinaryName(owner).toString(),
                        k -> new Roles(new TreeSet<>(), new TreeSet<>()));
                (input ? roles.inputs() : roles.outputs()).add(field.getSimpleName().toString());
            }
        }.scan(topLevel, null);
    }

    /** The roles seen in a class's code, or null if it names no channel field. */
    public Roles of(String binaryName) {
        return byClass.get(binaryName);
    }
}
