package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.Annotation;
import java.lang.classfile.AnnotationElement;
import java.lang.classfile.ClassFile;
import java.lang.classfile.attribute.RuntimeVisibleAnnotationsAttribute;
import java.lang.constant.ClassDesc;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streamflex.Filter;
import org.streamflex.StreamFlexError;
import org.streamflex.abi.Woven;
import org.streamflex.runtime.graph.TestFilters.IntSink;
import org.streamflex.runtime.graph.TestFilters.WindowBase;
import org.streamflex.runtime.graph.TestFilters.WindowSink;

/**
 * A filter class woven for another ABI than the runtime's is refused when the graph is built. The
 * stale classes are made from woven test filters by rewriting their {@code @Woven(abi = ...)} with
 * the JDK's class-file API, and loaded in a class loader of their own. (The filters are in
 * {@link TestFilters}: filter code may not name {@code org.streamflex.abi}, which this test does.)
 */
class AbiVersionTest {
    private static final ClassDesc WOVEN = ClassDesc.of(Woven.class.getName());

    @Test
    void aFilterWovenForAnotherAbiIsRefusedNamingTheClassBothVersionsAndTheFix() throws Exception {
        Class<? extends Filter> stale = load(IntSink.class, Map.of(IntSink.class, 1));
        TestGraph g = new TestGraph();
        StreamFlexError error = assertThrows(StreamFlexError.class, () -> g.filter(stale));
        assertEquals("cannot create filter " + IntSink.class.getName() + ": it was woven by the StreamFlex javac"
                + " plugin for ABI version 1, but this runtime speaks ABI version " + Woven.CURRENT_ABI
                + "; recompile it with the streamflex-checker plugin of the runtime's version", error.getMessage());
    }

    @Test
    void aFilterWhoseSuperclassWasWovenForAnotherAbiIsRefused() throws Exception {
        Class<? extends Filter> stale = load(WindowSink.class, Map.of(WindowBase.class, Woven.CURRENT_ABI + 1));
        TestGraph g = new TestGraph();
        StreamFlexError error = assertThrows(StreamFlexError.class, () -> g.filter(stale));
        assertEquals("cannot create filter " + WindowSink.class.getName() + ": its superclass "
                + WindowBase.class.getName() + " was woven by the StreamFlex javac plugin for ABI version "
                + (Woven.CURRENT_ABI + 1) + ", but this runtime speaks ABI version " + Woven.CURRENT_ABI
                + "; recompile it with the streamflex-checker plugin of the runtime's version", error.getMessage());
    }

    /**
     * Loads {@code type} (and the classes named in {@code abiByClass}) in a class loader of its
     * own, each named class with its {@code @Woven} saying the given ABI version.
     */
    private static Class<? extends Filter> load(Class<? extends Filter> type, Map<Class<?>, Integer> abiByClass)
            throws Exception {
        Map<String, byte[]> classes = new HashMap<>();
        classes.put(type.getName(), bytesOf(type));
        for (Map.Entry<Class<?>, Integer> e : abiByClass.entrySet()) {
            Class<?> c = e.getKey();
            assertEquals(Woven.CURRENT_ABI, c.getDeclaredAnnotation(Woven.class).abi(), c + " was woven by the plugin");
            classes.put(c.getName(), withAbi(bytesOf(c), e.getValue()));
        }
        ClassLoader loader = new ClassLoader(AbiVersionTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(name)) {
                    byte[] bytes = classes.get(name);
                    if (bytes == null) {
                        return super.loadClass(name, resolve);
                    }
                    Class<?> loaded = findLoadedClass(name);
                    return loaded != null ? loaded : defineClass(name, bytes, 0, bytes.length);
                }
            }
        };
        return loader.loadClass(type.getName()).asSubclass(Filter.class);
    }

    private static byte[] withAbi(byte[] bytes, int abi) {
        ClassFile files = ClassFile.of();
        return files.transformClass(files.parse(bytes), (builder, element) -> {
            if (element instanceof RuntimeVisibleAnnotationsAttribute annotations) {
                builder.with(RuntimeVisibleAnnotationsAttribute.of(annotations.annotations().stream()
                        .map(a -> a.classSymbol().equals(WOVEN) ? withAbi(a, abi) : a).toList()));
            } else {
                builder.with(element);
            }
        });
    }

    private static Annotation withAbi(Annotation woven, int abi) {
        return Annotation.of(woven.classSymbol(), woven.elements().stream()
                .map(e -> e.name().equalsString("abi") ? AnnotationElement.ofInt("abi", abi) : e).toList());
    }

    private static byte[] bytesOf(Class<?> type) throws IOException {
        String resource = type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getClassLoader().getResourceAsStream(resource)) {
            return in.readAllBytes();
        }
    }
}
