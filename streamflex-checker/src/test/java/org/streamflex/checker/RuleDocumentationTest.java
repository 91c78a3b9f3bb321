package org.streamflex.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The rules' metadata, the README that describes them and the links in their messages agree. */
class RuleDocumentationTest {
    private static final String TABLE_HEADER = "| id | name | summary | from | class |";

    @Test
    void everyRuleHasMetadataWithAnIdAndANameOfItsOwn() {
        Set<String> ids = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (Rule rule : ProgramCheck.RULES) {
            RuleInfo info = rule.info();
            assertTrue(info.id().matches("[A-Z][A-Za-z0-9]*"), "suppression key part of " + rule + ": " + info.id());
            assertTrue(info.name().matches("[A-Z][A-Za-z0-9]*"), "name of " + rule + ": " + info.name());
            assertTrue(ids.add(info.id()), "two rules have id " + info.id());
            assertTrue(names.add(info.name()), "two rules have name " + info.name());
        }
    }

    @Test
    void theReadmeTableListsEveryRuleAsItsMetadataSays() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("README.md"));
        int header = lines.indexOf(TABLE_HEADER);
        assertTrue(header >= 0, "README.md has no rule table starting " + TABLE_HEADER);
        List<String> rows = lines.subList(header + 2, lines.size()).stream().takeWhile(l -> l.startsWith("|")).toList();
        List<String> expected = ProgramCheck.RULES.stream().map(rule -> {
            RuleInfo info = rule.info();
            return "| " + info.id() + " | " + info.name() + " | " + info.summary() + " | " + info.section() + " | `"
                    + rule.getClass().getSimpleName() + "` |";
        }).toList();
        assertEquals(expected, rows);
    }

    @Test
    void everyMessageLinksToAReadmeHeadingThatExists() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("README.md"));
        for (Rule rule : ProgramCheck.RULES) {
            RuleInfo info = rule.info();
            String heading = info.id() + " " + info.name();
            assertTrue(lines.contains("### " + heading), "README.md has no heading ### " + heading);
            assertTrue(Reporter.format(info, "m").endsWith(" see streamflex-checker/README.md#" + gitHubAnchor(heading)
                    + ")"), Reporter.format(info, "m"));
        }
    }

    @Test
    void aMessageStartsWithTheSuppressionKeyAndEndsWithWhereToReadMore() {
        RuleInfo r3 = ProgramCheck.RULES.stream().map(Rule::info).filter(i -> i.id().equals("R3")).findFirst()
                .orElseThrow();
        assertEquals("[StreamFlex:R3] code writes a static field (StreamFlex rule R3 StaticReferences, paper section"
                + " 4.2: see streamflex-checker/README.md#r3-staticreferences)",
                Reporter.format(r3, "code writes a static field"));
    }

    /** How GitHub names a heading's anchor: lower case, spaces to hyphens, other punctuation dropped. */
    private static String gitHubAnchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replace(' ', '-').replaceAll("[^a-z0-9_-]", "");
    }
}
