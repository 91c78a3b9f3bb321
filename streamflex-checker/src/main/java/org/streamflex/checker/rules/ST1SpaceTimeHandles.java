package org.streamflex.checker.rules;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.util.TreePath;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.BodyScanner;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;

/**
 * Filter code reaches Stampede's space-time memory only through what a graph binds to a
 * {@code SpaceTimeFilter}: its {@code SpaceTimeInput} and {@code SpaceTimeOutput} (channel),
 * {@code SpaceTimeQueueInput} and {@code SpaceTimeQueueOutput} (queue) and
 * {@code SpaceTimeRegisterHandle} (register) fields and the {@code SpaceTimeItem}s they give,
 * which are shared values (S1-S3 keep them within the {@code work()} that got them, or in a
 * {@code SharedQueue}). The rest of the package is the
 * plain-thread API, unsafe in a filter: its gets wait (a filter's thread must not block), its
 * {@code ItemView}s are released by hand (a view kept in a field, or never released, pins its
 * item's memory for ever; one released twice throws), a {@code SpaceTimePacer} parks the clock's
 * thread, and a thread a filter joins by itself is unknown to its release's transaction.
 *
 * <pre>{@code
 * private ItemView last;                      // error: ItemView is the plain-thread API
 * private SpaceTimeInput frames;              // fine: bound by SpaceTimeFilters
 * SpaceTimeItem f = frames.get(Wildcard.LATEST_UNSEEN);
 * }</pre>
 *
 * <p>The rule knows the package by name, so the checker does not depend on the runtime; what it
 * allows is a list (the handles, {@code Wildcard} and the package's exceptions), so a type added to
 * the package later is refused in filters until it is listed. The package's own code (the
 * {@code SpaceTimeFilter} base class) is exempt: it is the runtime. Each name is reported where it
 * is written, as Internals does; javac writes the inferred type of a {@code var} or of a lambda's
 * parameter as a name too, so those are reported where the variable is declared.
 */
@RuleInfo(id = "ST1", name = "SpaceTimeHandles",
        section = "not in the paper, for Stampede's space-time memory (Ramachandran et al.) in filters",
        summary = "Filter code uses space-time memory only through the channel, queue and register handles a graph"
                + " binds and the SpaceTimeItems they give, not through the plain-thread API, whose gets block,"
                + " whose views are released by hand and whose operations are outside the release's transaction")
public final class ST1SpaceTimeHandles implements Rule {
    static final String PACKAGE = "org.streamflex.runtime.spacetime";
    private static final Set<String> ALLOWED = Set.of("SpaceTimeFilter", "SpaceTimeInput", "SpaceTimeOutput",
            "SpaceTimeQueueInput", "SpaceTimeQueueOutput", "SpaceTimeRegisterHandle", "SpaceTimeItem", "Wildcard");
    private static final String HANDLES = "in a filter, extend SpaceTimeFilter, declare SpaceTimeInput and"
            + " SpaceTimeOutput (channels), SpaceTimeQueueInput and SpaceTimeQueueOutput (queues) or"
            + " SpaceTimeRegisterHandle (registers) fields and bind them with SpaceTimeFilters when the graph is built";
    private static final Map<String, String> WHY = Map.of(
            "QueueInput", "a queue connection whose gets wait and give ItemViews released by hand, outside the"
                    + " release's transaction. Declare a SpaceTimeQueueInput field instead: its get() never waits,"
                    + " gives a SpaceTimeItem, and goes back to the head of the queue if work() throws",
            "QueueOutput", "a queue connection whose puts are made at once, outside the release's transaction."
                    + " Declare a SpaceTimeQueueOutput field instead: its puts join the queue when work() returns,"
                    + " and never if it throws",
            "RegisterConnection", "a register connection whose reads wait and whose writes are made at once,"
                    + " outside the release's transaction. Declare a SpaceTimeRegisterHandle field instead: its"
                    + " readNew never waits, and its writes and reads take effect when work() returns",
            "ItemView", "a view released by hand: kept in a field or never released it pins its item's memory for"
                    + " ever. Get a SpaceTimeItem from a SpaceTimeInput instead: the running work() releases it, and a"
                    + " SharedQueue<SpaceTimeItem> field keeps it across releases",
            "SpaceTimePacer", "it parks the thread that calls it, here the clock's. The clock paces the filter:"
                    + " put at timer.getTime() / period and set the virtual time past it with"
                    + " SpaceTimeOutput.setVirtualTime");

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        TypeElement type = c.element();
        if (PACKAGE.equals(packageOf(type))) {
            return;
        }
        new BodyScanner() {
            @Override
            public Void visitIdentifier(IdentifierTree node, Void unused) {
                checkName(node);
                return super.visitIdentifier(node, null);
            }

            @Override
            public Void visitMemberSelect(MemberSelectTree node, Void unused) {
                checkName(node);
                return super.visitMemberSelect(node, null);
            }

            /* Reports a name of a refused type, unless it is the qualifier of a longer name of one. */
            private void checkName(ExpressionTree node) {
                if (!(ctx.trees().getElement(getCurrentPath()) instanceof TypeElement named) || !isRefused(named)) {
                    return;
                }
                TreePath parent = getCurrentPath().getParentPath();
                if (parent.getLeaf() instanceof MemberSelectTree select && select.getExpression() == node
                        && ctx.trees().getElement(parent) instanceof TypeElement longer && isRefused(longer)) {
                    return;
                }
                report(getCurrentPath(), named);
            }

            private void report(TreePath at, TypeElement named) {
                String simple = named.getSimpleName().toString();
                String text = "filter code names " + named.getQualifiedName() + ", space-time memory's plain-thread"
                        + " API: " + WHY.getOrDefault(simple, "its gets wait, which a filter's thread must not, and"
                        + " its views are released by hand") + "; " + HANDLES;
                out.add(new Finding(info(), at, p -> p.inRcs(type), p -> text));
            }
        }.scanClass(c);
    }

    /** For R2, which leaves fields of these types to this rule: its advice is the one that works for them. */
    static boolean refuses(TypeMirror type, Analysis ctx) {
        TypeElement element = ctx.facts().asElement(type);
        return element != null && isRefused(element);
    }

    static boolean isRefused(TypeElement type) {
        if (!PACKAGE.equals(packageOf(type))) {
            return false;
        }
        TypeElement top = type;
        while (top.getEnclosingElement() instanceof TypeElement outer) {
            top = outer;
        }
        return !ALLOWED.contains(top.getSimpleName().toString()) && !isThrowable(top);
    }

    /** The package's exceptions are fine: a filter may catch them. */
    private static boolean isThrowable(TypeElement type) {
        for (TypeElement t = type; t != null; ) {
            if (t.getQualifiedName().contentEquals("java.lang.Throwable")) {
                return true;
            }
            TypeMirror parent = t.getSuperclass();
            t = parent instanceof DeclaredType d && d.asElement() instanceof TypeElement e
                    ? e : null;
        }
        return false;
    }

    private static String packageOf(Element e) {
        for (Element p = e; p != null; p = p.getEnclosingElement()) {
            if (p instanceof PackageElement pkg) {
                return pkg.getQualifiedName().toString();
            }
        }
        return "";
    }
}
