package org.streamflex.checker.rules;

import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.BodyScanner;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;
import org.streamflex.checker.Where;

/**
 * R6: only the runtime creates capsules, from its pools. A capsule class has exactly one
 * constructor, without parameters, private, or protected when other capsules extend it (Java
 * forbids a subclass from calling a private constructor, and capsules such as the paper's packet
 * headers form hierarchies). And no code outside the runtime writes {@code new} of a capsule class.
 */
@RuleInfo(id = "R6", name = "CapsuleCreation", section = "paper section 4.2",
        summary = "Only the runtime creates capsules: one private constructor without parameters, and no new")
public final class R6CapsuleCreation implements Rule {
    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        if (ctx.facts().isCapsule(c.element())) {
            checkConstructors(c, ctx, out);
        }
        new BodyScanner() {
            @Override
            protected void onNewClass(NewClassTree node) {
                Element constructor = ctx.trees().getElement(getCurrentPath());
                if (constructor != null && constructor.getEnclosingElement() instanceof TypeElement type
                        && ctx.facts().isCapsule(type)) {
                    String name = TypeFacts.displayName(type);
                    out.add(Finding.always(info(), getCurrentPath(), "code in " + Where.code(getCurrentPath(), c)
                            + " creates capsule " + name + " with new; capsules come from the runtime's pools so that"
                            + " they can be reclaimed and passed on without copying. Use makeCapsule("
                            + node.getIdentifier() + ".class) in a filter's work()"));
                }
            }
        }.scanClass(c);
    }

    private void checkConstructors(SourceClass c, Analysis ctx, List<Finding> out) {
        Elements elements = ctx.facts().elements();
        List<ExecutableElement> constructors = ElementFilter.constructorsIn(c.element().getEnclosedElements());
        String name = c.displayName();
        String how = "; only the StreamFlex runtime creates capsules, so a capsule has exactly one constructor,"
                + " without parameters: private " + c.element().getSimpleName() + "() {} (protected if other"
                + " capsules extend it)";
        if (constructors.size() == 1 && elements.getOrigin(constructors.getFirst()) == Elements.Origin.MANDATED) {
            out.add(Finding.always(info(), c.path(), "capsule class " + name + " declares no constructor,"
                    + " so Java gives it a default one that anyone can call" + how));
            return;
        }
        if (constructors.size() > 1) {
            out.add(Finding.always(info(), c.path(), "capsule class " + name + " has " + constructors.size()
                    + " constructors" + how));
            return;
        }
        ExecutableElement constructor = constructors.getFirst();
        TreePath at = pathOf(c, ctx, constructor);
        if (!constructor.getParameters().isEmpty()) {
            out.add(Finding.always(info(), at, "the constructor of capsule class " + name + " takes parameters" + how));
        } else if (constructor.getModifiers().contains(Modifier.PROTECTED)) {
            TypeElement type = c.element();
            if (!type.getModifiers().contains(Modifier.ABSTRACT)) {
                out.add(new Finding(info(), at, p -> !p.extendedInSource(type),
                        p -> "the constructor of capsule class " + name + " is protected but no capsule extends it"
                                + how));
            }
        } else if (!constructor.getModifiers().contains(Modifier.PRIVATE)) {
            out.add(Finding.always(info(), at, "the constructor of capsule class " + name + " is not private" + how));
        }
    }

    private static TreePath pathOf(SourceClass c, Analysis ctx, ExecutableElement constructor) {
        for (Tree member : c.tree().getMembers()) {
            TreePath path = new TreePath(c.path(), member);
            if (member instanceof MethodTree && constructor.equals(ctx.trees().getElement(path))) {
                return path;
            }
        }
        return c.path();
    }
}
