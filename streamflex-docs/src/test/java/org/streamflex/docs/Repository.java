package org.streamflex.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The repository's own files, as a clone has them: what the build writes ({@code target/}), Git's
 * and Maven's private directories, and IDE settings are not the project's text.
 */
final class Repository {
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of("target", ".git", ".idea", ".vscode", "wrapper");
    private static final Set<String> TEXT_EXTENSIONS = Set.of(
            "md", "java", "xml", "properties", "txt", "groovy", "sh", "cmd", "config", "kts", "gradle", "yml",
            "yaml", "json", "csv", "vm");
    private static final Set<String> TEXT_NAMES = Set.of("mvnw", "run", ".gitignore", "goal.txt");

    private Repository() {
    }

    /** The repository's root: the build passes it; from an IDE, the parent of this module's directory. */
    static Path root() {
        String property = System.getProperty("streamflex.root");
        Path root = (property == null || property.isBlank() ? Path.of("").toAbsolutePath().getParent()
                : Path.of(property)).toAbsolutePath().normalize();
        if (!Files.isRegularFile(root.resolve("pom.xml")) || !Files.isDirectory(root.resolve("streamflex-api"))) {
            throw new IllegalStateException(root + " is not the StreamFlex repository's root: run the tests from "
                    + "streamflex-docs, or pass -Dstreamflex.root=DIR");
        }
        return root;
    }

    /** Every text file of the project, in a stable order. */
    static List<Path> textFiles() {
        Path root = root();
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !skipped(root.relativize(f)))
                    .filter(Repository::isText)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every README of the project (the archetype's template included: it is a README users get). */
    static List<Path> readmes() {
        return textFiles().stream()
                .filter(f -> f.getFileName().toString().toLowerCase(Locale.ROOT).startsWith("readme"))
                .filter(f -> f.getFileName().toString().endsWith(".md"))
                .toList();
    }

    static String relative(Path file) {
        return root().relativize(file).toString().replace('\\', '/');
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean skipped(Path relative) {
        for (Path part : relative) {
            if (SKIPPED_DIRECTORIES.contains(part.toString())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isText(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return TEXT_NAMES.contains(name) || (dot > 0 && TEXT_EXTENSIONS.contains(name.substring(dot + 1)));
    }
}
