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
 * FRAGMENT on the next line that is not itself a BUG line (so several can stack), and
 * {@code // BUG: Diagnostic is: MESSAGE} one whose whole message, prefix and "read more" suffix
 * included, is MESSAGE. Any error not expected fails the test, and so does an expected one that
 * does not come. A snippet without BUG lines must compile cleanly.
 */
public final class CheckerHarness {
    private static final String CONTAINS = "// BUG: Diagnostic contains: ";
    private static final String IS = "// BUG: Diagnostic is: ";

    private CheckerHarness() {
    }

    /** Compiles the snippets (resource paths under {@code snippets/}) together and checks their BUG lines. */
    public static void check(String... snippets) {
        List<JavaFileObject> sources = new ArrayList<>();
        TreeMap<String, List<Expected>> expected = new TreeMap<>(); // "file:line" -> what errors there say
        for (String name : snippets) {
            String text = read("snippets/" + name);
            String[] lines = text.split("\n", -1);
            List<Expected> pending = new ArrayList<>();
            for (int i = 0; i < lines.length; i++) {
                Expected bug = Expected.parse(lines[i]);
                if (bug != null) {
                    pending.add(bug);
                } else if (!pending.isEmpty()) {
                    // Stacked BUG lines all expect errors on the first line after them.
                    expected.put(fileName(name) + ":" + (i + 1), new ArrayList<>(pending));
                    pending.clear();
                }
            }
            sources.add(new Snippet(fileName(name), text));
        }
        List<String> problems = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : compile(sources)) {
            String key = where(d);
            String message = d.getMessage(Locale.ROOT);
            List<Expected> here = expected.getOrDefault(key, List.of());
            Expected matched = here.stream().filter(e -> e.matches(message)).findFirst().orElse(null);
            if (matched != null) {
                here.remove(matched);
                if (here.isEmpty()) {
                    expected.remove(key);
                }
            } else {
                problems.add("unexpected error at " + key + ": " + message);
            }
        }
        expected.forEach((key, here) -> here.forEach(e -> problems.add("expected an error at " + key + " " + e)));
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /**
     * The errors, as "File.java:line: message", of compiling one snippet with every {@code target}
     * in it replaced by {@code replacement}: for tests that compile two versions of one file. Its
     * BUG lines are ignored.
     */
    public static List<String> errors(String snippet, String target, String replacement) {
        String text = read("snippets/" + snippet);
        assertTrue(text.contains(target), snippet + " does not contain " + target);
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : compile(List.of(new Snippet(fileName(snippet),
                text.replace(target, replacement))))) {
            errors.add(where(d) + ": " + d.getMessage(Locale.ROOT));
        }
        return errors;
    }

    /** The errors of compiling {@code sources} with the plugin on. */
    static List<Diagnostic<? extends JavaFileObject>> compile(List<JavaFileObject> sources) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files =
                javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
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

    private static String where(Diagnostic<? extends JavaFileObject> d) {
        return fileName(d.getSource() == null ? "?" : d.getSource().getName()) + ":" + d.getLineNumber();
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** What one BUG line expects: an error containing {@code text}, or one saying exactly {@code text}. */
    private record Expected(String text, boolean exact) {
        static Expected parse(String line) {
            int at = line.indexOf(CONTAINS);
            if (at >= 0) {
                return new Expected(line.substring(at + CONTAINS.length()).trim(), false);
            }
            at = line.indexOf(IS);
            return at < 0 ? null : new Expected(line.substring(at + IS.length()).trim(), true);
        }

        boolean matches(String message) {
            return exact ? message.equals(text) : message.contains(text);
        }

        @Override
        public String toString() {
            return (exact ? "saying: " : "containing: ") + text;
        }
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
