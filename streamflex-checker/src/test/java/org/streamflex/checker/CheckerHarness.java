package org.streamflex.checker;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles test snippets with {@code -Xplugin:StreamFlex}, as Error Prone's CompilationTestHelper
 * does: a line {@code // BUG: Diagnostic contains: FRAGMENT} expects a StreamFlex error containing
 * FRAGMENT on the next line that is not itself a BUG line (so several can stack); any error not expected fails the test, and so does an expected one
 * that does not come. A snippet without BUG lines must compile cleanly.
 */
public final class CheckerHarness {
    private static final String MARK = "// BUG: Diagnostic contains: ";

    private CheckerHarness() {
    }

    /** Compiles the snippets (resource paths under {@code snippets/}) together and checks their BUG lines. */
    public static void check(String... snippets) {
        List<JavaFileObject> sources = new ArrayList<>();
        TreeMap<String, List<String>> expected = new TreeMap<>(); // "file:line" -> fragments
        for (String name : snippets) {
            String text = read("snippets/" + name);
            String[] lines = text.split("\n", -1);
            List<String> pending = new ArrayList<>();
            for (int i = 0; i < lines.length; i++) {
                int at = lines[i].indexOf(MARK);
                if (at >= 0) {
                    pending.add(lines[i].substring(at + MARK.length()).trim());
                } else if (!pending.isEmpty()) {
                    // Stacked BUG lines all expect errors on the first line after them.
                    expected.put(fileName(name) + ":" + (i + 1), new ArrayList<>(pending));
                    pending.clear();
                }
            }
            sources.add(new Snippet(fileName(name), text));
        }
        List<Diagnostic<? extends JavaFileObject>> errors = compile(sources);
        List<String> problems = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : errors) {
            String key = fileName(d.getSource() == null ? "?" : d.getSource().getName()) + ":" + d.getLineNumber();
            String message = d.getMessage(Locale.ROOT);
            List<String> fragments = expected.getOrDefault(key, List.of());
            String matched = fragments.stream().filter(message::contains).findFirst().orElse(null);
            if (matched != null) {
                fragments.remove(matched);
                if (fragments.isEmpty()) {
                    expected.remove(key);
                }
            } else {
                problems.add("unexpected error at " + key + ": " + message);
            }
        }
        expected.forEach((key, fragments) -> fragments.forEach(
                fragment -> problems.add("expected an error at " + key + " containing: " + fragment)));
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /** The errors of compiling {@code sources} with the plugin on. */
    static List<Diagnostic<? extends JavaFileObject>> compile(List<JavaFileObject> sources) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            Path out = Files.createTempDirectory("streamflex-checker-test");
            String classPath = System.getProperty("java.class.path");
            List<String> options = List.of("-d", out.toString(), "-classpath", classPath, "-processorpath", classPath,
                    "-Xplugin:StreamFlex", "-proc:none");
            StringWriter log = new StringWriter();
            javac.getTask(log, files, diagnostics, options, null, sources).call();
            List<Diagnostic<? extends JavaFileObject>> errors = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    errors.add(d);
                }
            }
            return errors;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String read(String resource) {
        try (InputStream in = CheckerHarness.class.getClassLoader().getResourceAsStream(resource)) {
            assertTrue(in != null, "no test snippet " + resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    private static final class Snippet extends SimpleJavaFileObject {
        private final String text;

        Snippet(String name, String text) {
            super(URI.create("string:///" + name), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
