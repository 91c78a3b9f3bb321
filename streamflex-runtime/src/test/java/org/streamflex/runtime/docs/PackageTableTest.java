package org.streamflex.runtime.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime README's "Where things are" table names every class of every package of the
 * runtime, and nothing that is not there: a reader who looks a concept up in the table finds the
 * file, and a class added without a line in the table fails the build.
 */
class PackageTableTest {
    private static final Path SOURCES = Path.of("src/main/java/org/streamflex/runtime");
    private static final Pattern ROW =
            Pattern.compile("^\\| `(org\\.streamflex\\.runtime|\\.\\.\\.runtime\\.(\\w+))` \\|(.*)\\|$");
    private static final Pattern NAME = Pattern.compile("`([A-Z]\\w*)`");

    @Test
    void everyClassOfTheRuntimeIsInTheTableAndEveryNameInItIsAClass() throws IOException {
        List<String> problems = new ArrayList<>();
        Set<Path> packages = new TreeSet<>();
        try (Stream<Path> dirs = Files.walk(SOURCES)) {
            dirs.filter(Files::isDirectory).filter(d -> !classesIn(d).isEmpty()).forEach(packages::add);
        }
        for (String line : Files.readAllLines(Path.of("README.md"))) {
            Matcher row = ROW.matcher(line);
            if (!row.matches()) {
                continue;
            }
            Path dir = row.group(2) == null ? SOURCES : SOURCES.resolve(row.group(2));
            if (!packages.remove(dir)) {
                problems.add("the README has a row for " + row.group(1) + ", which is not a package of the runtime");
            }
            Set<String> named = new TreeSet<>();
            Matcher name = NAME.matcher(row.group(3));
            while (name.find()) {
                named.add(name.group(1));
            }
            Set<String> classes = classesIn(dir);
            for (String n : named) {
                if (!classes.contains(n)) {
                    problems.add(row.group(1) + " names " + n + ", which is not a class of " + dir);
                }
            }
            for (String c : classes) {
                if (!named.contains(c)) {
                    problems.add(dir + "/" + c + ".java is not in the README's row for " + row.group(1));
                }
            }
        }
        packages.forEach(p -> problems.add("package " + p + " has no row in the README"));
        assertTrue(problems.isEmpty(), () -> String.join("\n", problems));
    }

    private static Set<String> classesIn(Path dir) {
        Set<String> classes = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.map(f -> f.getFileName().toString())
                    .filter(f -> f.endsWith(".java") && !f.equals("package-info.java") && !f.equals("module-info.java"))
                    .forEach(f -> classes.add(f.substring(0, f.length() - ".java".length())));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return classes;
    }
}
