package org.streamflex.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The top README's "Use it in your project" shows the Maven set-up the archetype writes, and the
 * build tests the archetype's project; so every line of the README's block must be in the
 * archetype's pom, and the version it names must be this build's.
 */
class MavenSetupTest {
    static final String SECTION = "## Use it in your project";
    static final String TEMPLATE = "streamflex-archetype/src/main/resources/archetype-resources/pom.xml";

    static String section() {
        String readme = Repository.read(Repository.root().resolve("README.md"));
        int start = readme.indexOf(SECTION);
        assertTrue(start >= 0, "README.md has no section \"" + SECTION + "\"");
        int end = readme.indexOf("\n## ", start + SECTION.length());
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    static String buildVersion() {
        String pom = Repository.read(Repository.root().resolve("pom.xml"));
        Matcher m = Pattern.compile("<artifactId>streamflex-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertTrue(m.find(), "the root pom's version");
        return m.group(1);
    }

    @Test
    void everyLineOfTheReadmesMavenBlockIsInTheArchetypesPom() {
        String section = section();
        int start = section.indexOf("```xml\n") + "```xml\n".length();
        List<String> block = section.substring(start, section.indexOf("```", start)).lines()
                .map(String::strip).filter(l -> !l.isEmpty()).toList();
        Set<String> template = Repository.read(Repository.root().resolve(TEMPLATE)).lines()
                .map(String::strip).collect(Collectors.toSet());
        String version = buildVersion();
        List<String> missing = block.stream()
                .map(l -> l.replace("<streamflex.version>" + version + "</streamflex.version>",
                        "<streamflex.version>${streamflexVersion}</streamflex.version>"))
                .filter(l -> !template.contains(l))
                .toList();
        assertEquals(List.of(), missing, "README.md shows lines that " + TEMPLATE + " does not have: make them agree");
        assertTrue(block.size() > 20, "the block: " + block);
    }

    @Test
    void theReadmeNamesThisBuildsVersion() {
        String version = buildVersion();
        Matcher versions = Pattern.compile("\\b0\\.\\d+\\.\\d+(?:-SNAPSHOT)?\\b").matcher(section());
        int found = 0;
        while (versions.find()) {
            assertEquals(version, versions.group(), "README.md, \"" + SECTION + "\": the StreamFlex version");
            found++;
        }
        assertTrue(found >= 3, "the coordinates, the archetype command and the Gradle snippet name the version");
    }
}
