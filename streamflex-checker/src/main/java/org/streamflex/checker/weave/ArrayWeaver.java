package org.streamflex.checker.weave;

import java.io.IOException;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.NewPrimitiveArrayInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import org.streamflex.spi.Regions;

/**
 * Rewrites the class files of the reachable class set so that primitive arrays come from the
 * running filter's transient region: {@code newarray T} becomes
 * {@code invokestatic org.streamflex.spi.Regions.newTArray(int)}, which leaves the same array type
 * on the stack. Static initializers are never rewritten (static arrays live as long as the class),
 * nor the constructors of stable classes and capsules (their arrays belong to objects that outlive
 * a work()). Each rewritten class gets a marker field that tells the runtime.
 *
 * <p>Built on the JDK's class-file API ({@code java.lang.classfile}, JEP 484): it is part of
 * JDK 25, reads every class-file version the JDK does, and recomputes stack maps with the class
 * hierarchy javac itself knows.
 */
public final class ArrayWeaver {
    private static final ClassDesc REGIONS = ClassDesc.of(Regions.class.getName());

    private final ClassFile classFile;

    public ArrayWeaver(Elements elements, Types types) {
        this.classFile = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
                new ElementsHierarchyResolver(elements, types).orElse(ClassHierarchyResolver.defaultResolver())));
    }

    /**
     * Rewrites one class file in place.
     *
     * @param keepConstructors true for stable classes and capsules: their constructors allocate on the heap
     * @return whether the class was rewritten (false if it was already woven)
     */
    public boolean weave(Path classFilePath, boolean keepConstructors) throws IOException {
        ClassModel model = classFile.parse(Files.readAllBytes(classFilePath));
        boolean alreadyWoven = model.fields().stream()
                .anyMatch(f -> f.fieldName().equalsString(Regions.WOVEN_MARKER_FIELD));
        if (alreadyWoven) {
            return false;
        }
        Predicate<MethodModel> rewritten = m -> !m.methodName().equalsString(ConstantDescs.CLASS_INIT_NAME)
                && !(keepConstructors && m.methodName().equalsString(ConstantDescs.INIT_NAME));
        CodeTransform arrays = (code, element) -> {
            if (element instanceof NewPrimitiveArrayInstruction array) {
                String kind = array.typeKind().name().toLowerCase(java.util.Locale.ROOT);
                String name = "new" + Character.toUpperCase(kind.charAt(0)) + kind.substring(1) + "Array";
                ClassDesc arrayType = array.typeKind().upperBound().arrayType();
                code.invokestatic(REGIONS, name, MethodTypeDesc.of(arrayType, ConstantDescs.CD_int));
            } else {
                code.with(element);
            }
        };
        ClassTransform transform = ClassTransform.transformingMethodBodies(rewritten, arrays)
                .andThen(ClassTransform.endHandler(b -> b.withField(Regions.WOVEN_MARKER_FIELD, ConstantDescs.CD_boolean,
                        ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC | ClassFile.ACC_FINAL | ClassFile.ACC_SYNTHETIC)));
        Files.write(classFilePath, classFile.transformClass(model, transform));
        return true;
    }
}
