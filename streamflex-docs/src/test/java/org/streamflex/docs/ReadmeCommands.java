package org.streamflex.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell commands a README shows. Every line of a block marked as shell ({@code bash},
 * {@code sh}, {@code shell}, {@code console}) is a command, whatever it runs. In a block without a
 * language (which may show output) and in inline code spans, a command is text whose first word
 * runs something: {@code ./mvnw}, {@code mvn}, {@code java}, {@code javac}, {@code jfr},
 * {@code cd}, {@code gradle}, {@code ./gradlew}, or a script of the repository ({@code *.sh}), followed
 * by arguments (a bare name in prose names the program rather than running it). A
 * trailing {@code # comment} is not part of it; a line ending in a backslash continues on the
 * next; whitespace runs count as one space. Blocks in another language ({@code java}, {@code xml},
 * {@code kotlin}...) are code, not commands, and comment lines inside a block are prose.
 */
final class ReadmeCommands {
    static final Set<String> COMMAND_WORDS = Set.of("./mvnw", "mvn", "java", "javac", "jfr", "cd", "gradle",
            "./gradlew");
    static final Set<String> SHELL_LANGUAGES = Set.of("", "bash", "sh", "shell", "console");
    private static final Pattern FENCE = Pattern.compile("^\\s*```\\s*([A-Za-z0-9_+-]*)\\s*$");
    private static final Pattern INLINE = Pattern.compile("`([^`]+)`");

    /** One command of one README, with the line it starts on. */
    record Shown(String readme, int line, String command) {
        @Override
        public String toString() {
            return readme + ":" + line + ": " + command;
        }
    }

    private ReadmeCommands() {
    }

    static List<Shown> of(Path readme) {
        return of(Repository.relative(readme), Repository.read(readme));
    }

    static List<Shown> of(String name, String text) {
        List<Shown> shown = new ArrayList<>();
        List<String> lines = text.lines().toList();
        StringBuilder prose = new StringBuilder();
        int proseStart = 1;
        String language = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher fence = FENCE.matcher(line);
            if (fence.matches()) {
                if (language == null) {
                    inline(name, proseStart, prose.toString(), shown);
                    prose.setLength(0);
                    language = fence.group(1);
                } else {
                    language = null;
                    proseStart = i + 2;
                }
                continue;
            }
            if (language == null) {
                prose.append(line).append('\n');
                continue;
            }
            if (!SHELL_LANGUAGES.contains(language)) {
                continue;
            }
            int start = i;
            StringBuilder command = new StringBuilder(stripComment(line));
            while (command.toString().endsWith("\\") && i + 1 < lines.size()) {
                command.setLength(command.length() - 1);
                command.append(' ').append(stripComment(lines.get(++i)));
            }
            String normalized = normalize(command.toString());
            if (language.isEmpty() ? isCommand(normalized) : !normalized.isEmpty()) {
                shown.add(new Shown(name, start + 1, normalized));
            }
        }
        inline(name, proseStart, prose.toString(), shown);
        return shown;
    }

    private static void inline(String name, int firstLine, String prose, List<Shown> shown) {
        Matcher span = INLINE.matcher(prose);
        while (span.find()) {
            String normalized = normalize(span.group(1));
            if (isCommand(normalized)) {
                int line = firstLine + (int) prose.substring(0, span.start()).chars().filter(c -> c == '\n').count();
                shown.add(new Shown(name, line, normalized));
            }
        }
    }

    static boolean isCommand(String text) {
        int space = text.indexOf(' ');
        String first = space > 0 ? text.substring(0, space) : text;
        // A bare script path in prose names the script; with arguments it is a command.
        return space > 0 && (COMMAND_WORDS.contains(first) || first.endsWith(".sh"));
    }

    static String normalize(String command) {
        return command.strip().replaceAll("\\s+", " ");
    }

    /** Everything from a {@code #} that starts a word, as the shell reads a comment. */
    static String stripComment(String line) {
        if (line.strip().startsWith("#")) {
            return "";
        }
        int hash = line.indexOf(" #");
        return hash < 0 ? line : line.substring(0, hash);
    }
}
