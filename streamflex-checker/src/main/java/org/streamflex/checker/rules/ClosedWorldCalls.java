package org.streamflex.checker.rules;

import com.sun.source.tree.MethodInvocationTree;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import org.streamflex.checker.Analysis;
import org.streamflex.checker.BodyScanner;
import org.streamflex.checker.Finding;
import org.streamflex.checker.Rule;
import org.streamflex.checker.RuleInfo;
import org.streamflex.checker.SourceClass;
import org.streamflex.checker.TypeFacts;
import org.streamflex.checker.Where;

/**
 * The partially closed world (section 4.1) for code the checker cannot read. A static method of a
 * class on the class path joins the reachable set by D4, but its body is not available, so a call
 * to it from filter code is accepted only if it cannot take or give references that would let it
 * keep the filter's objects:
 * <ul>
 *   <li>every parameter and the result are primitive, primitive arrays (or {@code MemorySegment}s,
 *       which hold bytes as they do), reference-immutable or shared values ({@code Shared}
 *       subclasses, or type variables bounded by one); or
 *   <li>it belongs to a JDK helper known to keep nothing: {@code Math}, {@code StrictMath},
 *       {@code Arrays}, the boxed types, {@code Character}, {@code Objects}, and
 *       {@code System.arraycopy}, {@code nanoTime}, {@code currentTimeMillis},
 *       {@code identityHashCode}.
 * </ul>
 * A shared value is never one of the filter's objects: its class is not woven, so it is not in a
 * region, and one made during {@code work()} is adopted by that {@code work()} and released when it
 * returns, so a method returning one ({@code FloatSeg.make(timebase, 0, 64)}) gives the filter
 * nothing to keep. A method taking one might keep it, but that is S2's question (it allows only
 * {@code org.streamflex} code and the compilation's own), not D4's.
 *
 * <p>Instances of class-path classes that filter code creates with {@code new} are transient; R2
 * keeps them out of stable fields, so constructors and instance methods are not restricted.
 */
@RuleInfo(id = "D4", name = "ClosedWorldCalls", section = "paper section 4.1, definition D4",
        summary = "Filter code calls a static method on the class path only if it cannot keep the filter's objects")
public final class ClosedWorldCalls implements Rule {
    private static final Set<String> TRUSTED_CLASSES = Set.of("java.lang.Math", "java.lang.StrictMath",
            "java.util.Arrays", "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte",
            "java.lang.Character", "java.lang.Boolean", "java.lang.Float", "java.lang.Double", "java.util.Objects");
    private static final Set<String> TRUSTED_SYSTEM_METHODS = Set.of("arraycopy", "nanoTime", "currentTimeMillis",
            "identityHashCode");

    @Override
    public void collect(SourceClass c, Analysis ctx, List<Finding> out) {
        TypeElement caller = c.element();
        new BodyScanner() {
            @Override
            public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
                Element element = ctx.trees().getElement(getCurrentPath());
                if (element instanceof ExecutableElement method && method.getModifiers().contains(Modifier.STATIC)
                        && method.getEnclosingElement() instanceof TypeElement owner
                        && !ctx.isSource(owner) && !ctx.facts().isFilter(owner)
                        && !trusted(owner, method) && !harmless(method, ctx)) {
                    String signature = TypeFacts.displayName(owner) + "." + method.getSimpleName() + "("
                            + method.getParameters().stream().map(p -> TypeFacts.typeName(p.asType()))
                                    .collect(Collectors.joining(", ")) + ")";
                    String text = "code in " + Where.code(getCurrentPath(), c) + " calls " + signature
                            + ", whose code the checker cannot see (it is on the class path), with parameter or"
                            + " result types that can carry references; it could keep the filter's objects. Call"
                            + " static methods over primitives, primitive arrays, reference-immutable types and"
                            + " shared values, or the JDK helpers Math, StrictMath, Arrays, Objects, the boxed types"
                            + " and System.arraycopy/nanoTime/currentTimeMillis/identityHashCode";
                    out.add(new Finding(info(), getCurrentPath(), p -> p.inRcs(caller), p -> text));
                }
                return super.visitMethodInvocation(node, null);
            }
        }.scanClass(c);
    }

    private static boolean trusted(TypeElement owner, ExecutableElement method) {
        String name = owner.getQualifiedName().toString();
        return TRUSTED_CLASSES.contains(name)
                || (name.equals("java.lang.System")
                        && TRUSTED_SYSTEM_METHODS.contains(method.getSimpleName().toString()));
    }

    private static boolean harmless(ExecutableElement method, Analysis ctx) {
        for (VariableElement parameter : method.getParameters()) {
            if (!carriesNoFilterObject(parameter.asType(), ctx)) {
                return false;
            }
        }
        TypeMirror result = method.getReturnType();
        return result.getKind() == TypeKind.VOID || carriesNoFilterObject(result, ctx);
    }

    private static boolean carriesNoFilterObject(TypeMirror type, Analysis ctx) {
        return ctx.immutability().test(type) || ctx.facts().isSharedValue(type) || memorySegment(type, ctx);
    }

    /**
     * A {@code java.lang.foreign.MemorySegment} counts as a primitive array does: its memory holds
     * bytes, never references, so it cannot carry one of the filter's objects; and a segment over
     * memory the library owns (a {@code work()}'s scratch memory) is what a primitive array result is.
     */
    private static boolean memorySegment(TypeMirror type, Analysis ctx) {
        TypeElement element = ctx.facts().asElement(type);
        return element != null && element.getQualifiedName().contentEquals("java.lang.foreign.MemorySegment");
    }
}
