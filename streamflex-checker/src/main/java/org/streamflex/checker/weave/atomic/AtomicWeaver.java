package org.streamflex.checker.weave.atomic;

import java.io.IOException;
import java.lang.classfile.Attributes;
import java.lang.classfile.ClassBuilder;
import java.lang.classfile.ClassElement;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.MethodModel;
import java.lang.constant.ClassDesc;
import java.lang.reflect.AccessFlag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.streamflex.checker.weave.AbiCalls;
import org.streamflex.checker.weave.WovenAnnotation;
import org.streamflex.checker.weave.WovenIndex;

/**
 * Makes the {@code @Atomic} methods of filter classes transactional (the runtime side is the
 * engine behind {@code org.streamflex.abi.Atomics}):
 * <ul>
 *   <li>each {@code @Atomic} method, and each method it may call among the classes woven
 *       ({@link AtomicClosure}), gets a copy {@code $sf$atomic$name} (private if the original is,
 *       else public) that takes the call's transaction as a last parameter and makes every memory
 *       access through it ({@link AccessRewriter});
 *   <li>the body of each {@code @Atomic} method becomes the call into the runtime ({@link AtomicWrapper}).
 * </ul>
 * The filter's own {@code work()} and every method it runs are left exactly as they were: the
 * instrumentation costs the filter's thread nothing. The checker's {@code AtomicMethods} rule
 * keeps atomic code within what this rewriting covers. A class recompiled alone gets again the
 * copies an earlier compilation made for it ({@link WovenIndex}), since copies in other classes
 * call them. Each rewritten class is marked {@code @Woven(atomic = true)}, which the runtime
 * requires of classes with {@code @Atomic} methods.
 */
public final class AtomicWeaver {
    private static final ClassDesc ATOMIC = ClassDesc.of("org.streamflex.Atomic");

    private final ClassFile classFile;

    public AtomicWeaver(ClassFile classFile) {
        this.classFile = classFile;
    }

    /**
     * Rewrites, in place, the class files that hold {@code @Atomic} methods or methods they call.
     *
     * @param classFiles the class files being woven, by class
     * @param index what earlier compilations copied
     * @return the methods copied, as {@code name:descriptor}, by class
     */
    public Map<ClassDesc, Set<String>> weaveAll(Map<ClassDesc, Path> classFiles, WovenIndex index) throws IOException {
        Map<ClassDesc, ClassModel> models = new LinkedHashMap<>();
        for (Map.Entry<ClassDesc, Path> e : classFiles.entrySet()) {
            ClassModel model = classFile.parse(Files.readAllBytes(e.getValue()));
            if (!WovenAnnotation.has(model, WovenAnnotation.Flag.ATOMIC)) {
                models.put(e.getKey(), model);
            }
        }
        Result result = weave(models, index);
        for (Map.Entry<ClassDesc, byte[]> e : result.classes().entrySet()) {
            Files.write(classFiles.get(e.getKey()), e.getValue());
        }
        return result.copies();
    }

    /**
     * What weaving changed.
     *
     * @param classes the rewritten bytes of the classes that changed
     * @param copies the methods copied in each, as {@code name:descriptor}
     */
    public record Result(Map<ClassDesc, byte[]> classes, Map<ClassDesc, Set<String>> copies) {
    }

    /** Weaves in memory: for {@link #weaveAll} and for tests. */
    public Result weave(Map<ClassDesc, ClassModel> models, WovenIndex index) {
        AtomicClosure closure = new AtomicClosure(models);
        Set<MethodKey> roots = new LinkedHashSet<>();
        Set<MethodKey> atomic = new LinkedHashSet<>();
        for (ClassModel model : models.values()) {
            ClassDesc owner = model.thisClass().asSymbol();
            String binaryName = binaryName(owner);
            Set<String> before = index == null ? Set.of() : index.atomicCopies(binaryName);
            for (MethodModel m : model.methods()) {
                MethodKey k = MethodKey.of(owner, m);
                if (isAtomic(m) && m.code().isPresent()) {
                    atomic.add(k);
                    roots.add(k);
                } else if (before.contains(k.indexName())) {
                    roots.add(k);
                }
            }
        }
        Map<ClassDesc, byte[]> out = new LinkedHashMap<>();
        Map<ClassDesc, Set<String>> copiedBy = new LinkedHashMap<>();
        if (roots.isEmpty()) {
            return new Result(out, copiedBy);
        }
        Set<MethodKey> copied = closure.close(roots);
        for (ClassModel model : models.values()) {
            ClassDesc self = model.thisClass().asSymbol();
            Set<String> names = new LinkedHashSet<>();
            for (MethodKey k : copied) {
                if (k.owner().equals(self)) {
                    names.add(k.indexName());
                }
            }
            if (!names.isEmpty()) {
                out.put(self, classFile.transformClass(model, transform(model, self, atomic, copied, closure)));
                copiedBy.put(self, names);
            }
        }
        return new Result(out, copiedBy);
    }

    private static ClassTransform transform(ClassModel model, ClassDesc self, Set<MethodKey> atomic,
            Set<MethodKey> copied, AtomicClosure closure) {
        ClassTransform copies = new ClassTransform() {
            @Override
            public void accept(ClassBuilder b, ClassElement e) {
                if (e instanceof MethodModel m && atomic.contains(MethodKey.of(self, m))) {
                    b.transformMethod(m, new AtomicWrapper(self, m));
                } else {
                    b.with(e);
                }
            }

            @Override
            public void atEnd(ClassBuilder b) {
                for (MethodModel m : model.methods()) {
                    if (!copied.contains(MethodKey.of(self, m))) {
                        continue;
                    }
                    boolean isStatic = m.flags().has(AccessFlag.STATIC);
                    int original = m.flags().flagsMask();
                    // Copies of non-private methods are public: copies in other classes call them.
                    int flags = ClassFile.ACC_SYNTHETIC | (original & ClassFile.ACC_STATIC)
                            | ((original & ClassFile.ACC_PRIVATE) != 0 ? ClassFile.ACC_PRIVATE : ClassFile.ACC_PUBLIC);
                    int tx = AccessRewriter.firstLocalAfterParameters(m.methodTypeSymbol(), isStatic);
                    b.withMethod(AbiCalls.ATOMIC_COPY_PREFIX + m.methodName().stringValue(),
                            AccessRewriter.withTransaction(m.methodTypeSymbol()), flags,
                            mb -> mb.transformCode(m.code().orElseThrow(), new AccessRewriter(closure, copied, tx)));
                }
            }
        };
        return copies.andThen(WovenAnnotation.adding(WovenAnnotation.Flag.ATOMIC));
    }

    private static boolean isAtomic(MethodModel m) {
        return m.findAttribute(Attributes.runtimeVisibleAnnotations())
                .map(a -> a.annotations().stream().anyMatch(x -> x.classSymbol().equals(ATOMIC)))
                .orElse(false);
    }

    private static String binaryName(ClassDesc c) {
        String d = c.descriptorString();
        return d.substring(1, d.length() - 1).replace('/', '.');
    }
}
