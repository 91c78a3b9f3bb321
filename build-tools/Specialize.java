import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes the primitive siblings of a class written by hand for one primitive type, as Agrona's and
 * JCTools' generators do: we write one type and generate the other seven at build time instead of
 * keeping eight copies. Run by the build (the {@code specialize} execution in a module's pom) with
 * the JDK's source launcher:
 *
 * <pre>
 * java build-tools/Specialize.java SOURCE_DIR TEMPLATE[,TEMPLATE...] OUT_DIR TYPE...
 * java build-tools/Specialize.java src/main/java org/streamflex/DoubleChannel.java target/generated-sources/specialized \
 *      boolean byte char short int long float
 * </pre>
 *
 * <p>The template's primitive type is read from its file name ({@code DoubleChannel} is written
 * for {@code double}). Every {@code Double} (in any identifier: {@code DoubleChannel},
 * {@code toDouble}) becomes the target's capitalized name, and every whole word {@code double}
 * the target type. So the template must use its type's name for nothing else; an index or a count
 * stays {@code int}, which is why the templates are written for a type they use for nothing else.
 * Lines from one containing {@code <!-- template:} to one containing {@code <!-- :template -->}
 * are left out of the generated classes.
 *
 * <p>A template written for a reference type is specialized for another by a TYPE of the form
 * {@code From=To[,Word=Replacement...]}: {@code From} in any identifier becomes {@code To}, and
 * its lower-case form as a whole word the lower-case {@code To}, as for primitives; each further
 * pair replaces a whole word only (the API class a template extends, when its name does not follow
 * the type's: {@code Capsule=Shared,Channel=SharedChannel}). The template's name must contain
 * {@code From}. A generated class that still mentions the template's
 * type is an error, so a template that breaks the rule fails the build instead of producing wrong code.
 */
public final class Specialize {
    private static final List<String> PRIMITIVES = List.of("boolean", "byte", "char", "short", "int", "long",
            "float", "double");

    private Specialize() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            System.err.println("usage: java Specialize.java SOURCE_DIR TEMPLATE[,TEMPLATE...] OUT_DIR TYPE...");
            System.exit(2);
        }
        Path sourceDir = Path.of(args[0]);
        Path outDir = Path.of(args[2]);
        for (String name : args[1].split(",")) {
            Path template = Path.of(name.strip());
            String text = Files.readString(sourceDir.resolve(template), StandardCharsets.UTF_8);
            String file = template.getFileName().toString();
            for (int i = 3; i < args.length; i++) {
                String from;
                String to;
                List<String[]> words = new ArrayList<>();
                if (args[i].contains("=")) {
                    String[] pairs = args[i].split(",");
                    String[] type = pair(template, pairs[0]);
                    from = lowerFirst(type[0]);
                    to = lowerFirst(type[1]);
                    if (!file.contains(title(from)) || from.equals(to)) {
                        fail(template + ": cannot specialize '" + args[i] + "': the template's name must contain "
                                + type[0] + ", the type it is written for");
                    }
                    for (int w = 1; w < pairs.length; w++) {
                        words.add(pair(template, pairs[w]));
                    }
                } else {
                    from = templateType(file);
                    to = args[i];
                    if (!PRIMITIVES.contains(to) || to.equals(from)) {
                        fail(template + ": cannot specialize for '" + to + "'");
                    }
                }
                String generated = specialize(text, from, to, words, template.toString());
                Path out = outDir.resolve(template.resolveSibling(file.replace(title(from), title(to))));
                Files.createDirectories(out.getParent());
                if (!Files.exists(out) || !Files.readString(out, StandardCharsets.UTF_8).equals(generated)) {
                    Files.writeString(out, generated, StandardCharsets.UTF_8);
                }
            }
        }
    }

    /** {@code FROM=TO}, both Java identifiers. */
    private static String[] pair(Path template, String text) {
        String[] pair = text.strip().split("=", -1);
        String name = "[A-Za-z_][A-Za-z0-9_]*";
        if (pair.length != 2 || !pair[0].matches(name) || !pair[1].matches(name)) {
            fail(template + ": '" + text + "' is not FROM=TO, two Java names");
        }
        return pair;
    }

    static String specialize(String text, String from, String to, String templateName) {
        return specialize(text, from, to, List.of(), templateName);
    }

    static String specialize(String text, String from, String to, List<String[]> words, String templateName) {
        List<String> kept = new ArrayList<>();
        boolean skipping = false;
        for (String line : text.split("\n", -1)) {
            if (line.contains("<!-- template:")) {
                skipping = true;
            }
            if (!skipping) {
                kept.add(line);
            }
            if (line.contains("<!-- :template -->")) {
                skipping = false;
            }
        }
        String body = String.join("\n", kept);
        String out = body.replace(title(from), title(to))
                .replaceAll("\\b" + Pattern.quote(from) + "\\b", Matcher.quoteReplacement(to));
        for (String[] word : words) {
            out = out.replaceAll("\\b" + Pattern.quote(word[0]) + "\\b", Matcher.quoteReplacement(word[1]));
        }
        Matcher left = Pattern.compile("(?i)" + Pattern.quote(from)).matcher(out);
        if (left.find()) {
            fail(templateName + ": the " + to + " version still mentions '" + left.group() + "' at offset "
                    + left.start() + ": the template may use '" + from + "' for its element type only");
        }
        int firstLine = out.indexOf('\n');
        return out.substring(0, firstLine + 1) + "\n// Generated from " + templateName
                + " by build-tools/Specialize.java: edit the template, not this file.\n" + out.substring(firstLine + 1);
    }

    private static String templateType(String file) {
        for (String p : PRIMITIVES) {
            if (file.startsWith(title(p)) || file.contains(title(p))) {
                return p;
            }
        }
        fail(file + ": the template's name must contain its primitive type, as DoubleChannel.java");
        return null;
    }

    private static String lowerFirst(String name) {
        return name.substring(0, 1).toLowerCase(Locale.ROOT) + name.substring(1);
    }

    private static String title(String type) {
        return type.substring(0, 1).toUpperCase(Locale.ROOT) + type.substring(1);
    }

    private static void fail(String message) {
        System.err.println("Specialize: " + message);
        System.exit(1);
    }
}
