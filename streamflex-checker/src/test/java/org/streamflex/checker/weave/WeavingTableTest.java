package org.streamflex.checker.weave;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The checker README's table of the weaving packages names every class they hold, each in its
 * package, and no other: the table is how a reader finds a concept of the weaver.
 */
class WeavingTableTest {
    private static final Path WEAVE = Path.of("src/main/java/org/streamflex/checker/weave");
    private static final Pattern ROW = Pattern.compile(
            "^\\|\\s*(`\\.\\.\\.(checker\\.weave(?:\\.\\w+)?|weave\\.\\w+)`)?\\s*\\|\\s*(.*?)\\s*\\|.*\\|$");
    private static final Pattern NAME = Pattern.compile("`([A-Z]\\w*)`");

    @Test
    void theTableNamesEveryClassOfTheWeavingPackagesInItsPackage() throws IOException {
        Map<String, Set<String>> inReadme = new TreeMap<>();
        String current = null;
        for (String line : Files.readAllLines(Path.of("README.md"))) {
            Matcher row = ROW.matcher(line);
            if (!row.matches()) {
                continue;
            }
            if (row.group(2) != null) {
                String pkg = row.group(2);
                current = pkg.startsWith("checker.") ? pkg.substring("checker.".length()) : pkg;
            }
            Matcher name = NAME.matcher(row.group(3));
            while (name.find()) {
                inReadme.computeIfAbsent(current, k -> new TreeSet<>()).add(name.group(1));
            }
        }
        Map<String, Set<String>> inTree = new TreeMap<>();
        try (Stream<Path> files = Files.walk(WEAVE)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                String pkg = "weave" + WEAVE.relativize(f.getParent()).toString().replace('/', '.');
                pkg = pkg.equals("weave") ? pkg : pkg.replace("weave", "weave.");
                String file = f.getFileName().toString();
                inTree.computeIfAbsent(pkg, k -> new TreeSet<>()).add(file.substring(0, file.length() - 5));
            });
        }
        assertEquals(inTree, inReadme);
    }
}
