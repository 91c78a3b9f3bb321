package org.streamflex.checker.weave;

import java.lang.classfile.ClassHierarchyResolver;
import java.lang.constant.ClassDesc;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Answers the class-file writer's questions about the class hierarchy (needed to compute stack map
 * frames) from javac's own model of the program, which knows every class the sources and the
 * class path define, not only the JDK's.
 */
final class ElementsHierarchyResolver implements ClassHierarchyResolver {
    private final Elements elements;
    private final Types types;

    ElementsHierarchyResolver(Elements elements, Types types) {
        this.elements = elements;
        this.types = types;
    }

    @Override
    public ClassHierarchyInfo getClassInfo(ClassDesc desc) {
        TypeElement type = find(desc);
        if (type == null) {
            return null;
        }
        if (type.getKind().isInterface()) {
            return ClassHierarchyInfo.ofInterface();
        }
        TypeMirror parent = type.getSuperclass();
        if (parent.getKind() != TypeKind.DECLARED) {
            return ClassHierarchyInfo.ofClass(null);
        }
        TypeElement superType = (TypeElement) types.asElement(parent);
        return ClassHierarchyInfo.ofClass(ClassDesc.of(elements.getBinaryName(superType).toString()));
    }

    private TypeElement find(ClassDesc desc) {
        String binary = desc.descriptorString();
        binary = binary.substring(1, binary.length() - 1).replace('/', '.');
        TypeElement type = elements.getTypeElement(binary.replace('$', '.'));
        if (type == null || !elements.getBinaryName(type).contentEquals(binary)) {
            type = elements.getTypeElement(binary);
        }
        return type;
    }
}
