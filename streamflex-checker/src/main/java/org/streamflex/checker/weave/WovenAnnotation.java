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
import java.util.List;

/**
 * The {@code @Woven} annotation a weaver leaves on each class it rewrote: the ABI version and what
 * was woven, merged with what an earlier weaver of the same compilation left. The runtime reads it
 * with {@code Class.getAnnotation}, which needs no access to the class's package.
 *
 * <pre>{@code
 * ClassTransform t = myRewrite.andThen(WovenAnnotation.adding(Flag.RECYCLABLE, Flag.REGIONS));
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

    private WovenAnnotation() {
    }

    /** Whether the class already carries {@code @Woven} with {@code flag}. */
    public static boolean has(ClassModel model, Flag flag) {
        return model.findAttribute(Attributes.runtimeVisibleAnnotations())
                .flatMap(a -> a.annotations().stream().filter(WovenAnnotation::isWoven).findFirst())
                .map(w -> w.elements().stream().anyMatch(e -> e.name().equalsString(flag.element)
                        && e.value() instanceof AnnotationValue.OfBoolean b && b.booleanValue()))
                .orElse(false);
    }

    /** A transform that sets {@code flags} in the class's {@code @Woven}, adding it if absent. */
    public static ClassTransform adding(Flag... flags) {
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
                    merged.add(woven(woven, flags));
                    b.with(RuntimeVisibleAnnotationsAttribute.of(merged));
                } else {
                    b.with(e);
                }
            }

            @Override
            public void atEnd(ClassBuilder b) {
                if (!seen) {
                    b.with(RuntimeVisibleAnnotationsAttribute.of(woven(null, flags)));
                }
            }
        };
    }

    private static boolean isWoven(Annotation a) {
        return a.classSymbol().equals(AbiCalls.WOVEN);
    }

    private static Annotation woven(Annotation previous, Flag[] flags) {
        List<AnnotationElement> elements = new ArrayList<>();
        elements.add(AnnotationElement.ofInt("abi", AbiCalls.ABI_VERSION));
        for (Flag flag : Flag.values()) {
            boolean set = List.of(flags).contains(flag) || (previous != null && previous.elements().stream()
                    .anyMatch(e -> e.name().equalsString(flag.element)
                            && e.value() instanceof AnnotationValue.OfBoolean b && b.booleanValue()));
            if (set) {
                elements.add(AnnotationElement.ofBoolean(flag.element, true));
            }
        }
        return Annotation.of(AbiCalls.WOVEN, elements);
    }
}
