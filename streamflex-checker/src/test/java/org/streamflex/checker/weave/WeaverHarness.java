package org.streamflex.checker.weave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.MethodModel;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.streamflex.checker.StreamFlexPlugin;

/**
 * Compiles Java sources with the plugin into a class output directory, as a build does (so the
 * plugin weaves them), and gives the tests what they need to look at and run the result: the
 * class-file model of a woven class, the verifier's verdict on every class, and a class loader.
 */
final class WeaverHarness {
    private WeaverHarness() {
    }

    /**
     * Writes {@code sources} (path under the source root to text) and compiles them with the plugin into
     * {@code dir/classes}.
     */
    static Path compile(Path dir, Map<String, String> sources) throws IOException {
        return compile(dir, sources, true, List.of());
    }

    static Path compile(Path dir, Map<String, String> sources, boolean plugin, List<Path> classPath)
            throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> args = new ArrayList<>();
        if (plugin) {
            args.addAll(List.of("-processorpath", pluginLocation(), "-Xplugin:StreamFlex"));
        } else {
            args.add("-proc:none");
        }
        StringBuilder cp = new StringBuilder(classes.toString());
        classPath.forEach(p -> cp.append(File.pathSeparator).append(p));
        cp.append(File.pathSeparator).append(System.getProperty("java.class.path"));
        args.addAll(List.of("-cp", cp.toString(), "-d", classes.toString()));
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = dir.resolve("src").resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            args.add(file.toString());
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int status = ToolProvider.getSystemJavaCompiler().run(null, output, output, args.toArray(String[]::new));
        assertEquals(0, status, () -> "javac failed:\n" + output.toString(StandardCharsets.UTF_8));
        return classes;
    }

    static ClassModel model(Path classes, String binaryName) throws IOException {
        return ClassFile.of().parse(Files.readAllBytes(classes.resolve(binaryName.replace('.', '/') + ".class")));
    }

    static MethodModel method(ClassModel model, String name, String descriptor) {
        return model.methods().stream()
                .filter(m -> m.methodName().equalsString(name) && m.methodType().equalsString(descriptor))
                .findFirst().orElseThrow(() -> new AssertionError(model.thisClass().asInternalName() + " has no "
                        + name + descriptor + "; it has " + model.methods().stream()
                        .map(m -> m.methodName().stringValue() + m.methodType().stringValue()).toList()));
    }

    static List<CodeElement> code(MethodModel method) {
        return method.code().orElseThrow().elementList();
    }

    /** Runs the JDK's verifier over every class of {@code classes}: woven code must verify as javac's does. */
    static void verifyAll(Path classes) throws IOException {
        try (URLClassLoader loader = load(classes); Stream<Path> files = Files.walk(classes)) {
            ClassFile classFile = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
                    ClassHierarchyResolver.defaultResolver().orElse(ClassHierarchyResolver.ofResourceParsing(loader))));
            List<String> failures = new ArrayList<>();
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                classFile.verify(Files.readAllBytes(f))
                        .forEach(e -> failures.add(f.getFileName() + ": " + e.getMessage()));
            }
            assertTrue(failures.isEmpty(), () -> String.join("\n", failures));
        }
    }

    static URLClassLoader load(Path classes) throws IOException {
        return new URLClassLoader(new URL[] {classes.toUri().toURL()}, WeaverHarness.class.getClassLoader());
    }

    private static String pluginLocation() {
        try {
            return Path.of(StreamFlexPlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
