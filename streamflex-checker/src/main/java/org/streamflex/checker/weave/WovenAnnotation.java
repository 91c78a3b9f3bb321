package org.streamflex.checker.weave;

import java.lang.classfile.Annotation;
import java.lang.classfile.AnnotationElement;
import java.lang.classfile.AnnotationValue;
import java.lang.classfile.Attributes;
import java.lang.classfile.ClassBuilder;
import java.lang.classfile.ClassElement;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.attribute.RuntimeVisibleAnnotationsAttribute;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code @Woven} annotation a weaver leaves on each class it rewrote: the ABI version, what
 * was woven, and for a filter the channel fields its code reads and writes, merged with what an
 * earlier weaver of the same compilation left. The runtime reads it with
 * {@code Class.getAnnotation}, which needs no access to the class's package.
 *
 * <pre>{@code
 * ClassTransform t = myRewrite.andThen(WovenAnnotation.adding(Set.of(Flag.REGIONS), null));
 * }</pre>
 */
public final class WovenAnnotation {
    /** What a weaver wove into a class: the boolean elements of {@code @Woven}. */
    public enum Flag {
        REGIONS("regions"), RECYCLABLE("recyclable"), ATOMIC("atomic");

        final String element;

        Flag(String element) {
            this.element = element;
        }
    }

    private static final String INPUTS = "inputs";
    private static final String OUTPUTS = "outputs";

    private WovenAnnotation() {
    }

    /** Whether the class already carries {@code @Woven} with {@code flag}. */
    public static boolean has(ClassModel model, Flag flag) {
        return model.findAttribute(Attributes.runtimeVisibleAnnotations())
                .flatMap(a -> a.annotations().stream().filter(WovenAnnotation::isWoven).findFirst())
                .map(w -> flagSet(w, flag))
                .orElse(false);
    }

    /**
     * A transform that sets {@code flags} (and, if {@code roles} is not null, the channel roles) in
     * the class's {@code @Woven}, adding the annotation if absent and keeping what it had.
     */
    public static ClassTransform adding(Set<Flag> flags, ChannelRoles.Roles roles) {
        return new ClassTransform() {
            private boolean seen;

            @Override
            public void accept(ClassBuilder b, ClassElement e) {
                if (e instanceof RuntimeVisibleAnnotationsAttribute attribute) {
                    seen = true;
                    List<Annotation> merged = new ArrayList<>();
                    Annotation woven = null;
                    for (Annotation a : attribute.annotations()) {
                        if (isWoven(a)) {
                            woven = a;
                        } else {
                            merged.add(a);
                        }
                    }
                    merged.add(woven(woven, flags, roles));
                    b.with(RuntimeVisibleAnnotationsAttribute.of(merged));
                } else {
                    b.with(e);
                }
            }

            @Override
            public void atEnd(ClassBuilder b) {
                if (!seen) {
                    b.with(RuntimeVisibleAnnotationsAttribute.of(woven(null, flags, roles)));
                }
            }
        };
    }

    /** {@link #adding(Set, ChannelRoles.Roles)} of flags alone. */
    public static ClassTransform adding(Flag first, Flag... rest) {
        return adding(EnumSet.of(first, rest), null);
    }

    private static boolean isWoven(Annotation a) {
        return a.classSymbol().equals(AbiCalls.WOVEN);
    }

    private static boolean flagSet(Annotation woven, Flag flag) {
        return woven.elements().stream().anyMatch(e -> e.name().equalsString(flag.element)
                && e.value() instanceof AnnotationValue.OfBoolean b && b.booleanValue());
    }

    private static Annotation woven(Annotation previous, Set<Flag> flags, ChannelRoles.Roles roles) {
        List<AnnotationElement> elements = new ArrayList<>();
        elements.add(AnnotationElement.ofInt("abi", AbiCalls.ABI_VERSION));
        for (Flag flag : Flag.values()) {
            if (flags.contains(flag) || (previous != null && flagSet(previous, flag))) {
                elements.add(AnnotationElement.ofBoolean(flag.element, true));
            }
        }
        for (String name : List.of(INPUTS, OUTPUTS)) {
            AnnotationElement element = roles != null
                    ? names(name, name.equals(INPUTS) ? roles.inputs() : roles.outputs())
                    : previous == null ? null : previous.elements().stream()
                            .filter(x -> x.name().equalsString(name)).findFirst().orElse(null);
            if (element != null) {
                elements.add(element);
            }
        }
        return Annotation.of(AbiCalls.WOVEN, elements);
    }

    private static AnnotationElement names(String element, Set<String> names) {
        if (names.isEmpty()) {
            return null;
        }
        return AnnotationElement.of(element, AnnotationValue.ofArray(
                names.stream().map(n -> (AnnotationValue) AnnotationValue.ofString(n)).toList()));
    }
}
