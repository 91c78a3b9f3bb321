package org.streamflex.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The project's docs and code stand alone: nothing points outside the repository. A reader of a
 * clone must find everything a README, a comment or a test names in that clone.
 */
class RepositoryPathsTest {
    /** Written in pieces, so that this file does not contain what it looks for. */
    static final List<String> FORBIDDEN = List.of(".." + "/shared", "/wo" + "rk/", "/ho" + "me/");

    /** {@code [text](target)}; a target with a scheme or only an anchor is not a path. */
    static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

    @Test
    void noFileNamesAPathOutsideTheRepository() {
        List<String> found = new ArrayList<>();
        for (Path file : Repository.textFiles()) {
            List<String> lines = Repository.read(file).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                for (String forbidden : FORBIDDEN) {
                    if (lines.get(i).contains(forbidden)) {
                        found.add(Repository.relative(file) + ":" + (i + 1) + ": names " + forbidden
                                + ", which is outside the repository: put what the reader needs into the project's "
                                + "own docs, in your words, and remove the path");
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void everyRelativeMarkdownLinkLeadsToAFileOfTheRepository() {
        Path root = Repository.root();
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path file : Repository.textFiles()) {
            if (!file.toString().endsWith(".md")) {
                continue;
            }
            List<String> lines = Repository.read(file).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                Matcher link = LINK.matcher(lines.get(i));
                while (link.find()) {
                    String target = link.group(1);
                    if (target.startsWith("#") || target.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                        continue;
                    }
                    int anchor = target.indexOf('#');
                    Path resolved = file.getParent().resolve(anchor < 0 ? target : target.substring(0, anchor))
                            .normalize();
                    checked++;
                    if (!resolved.startsWith(root)) {
                        broken.add(Repository.relative(file) + ":" + (i + 1) + ": link " + target
                                + " leaves the repository");
                    } else if (!Files.exists(resolved)) {
                        broken.add(Repository.relative(file) + ":" + (i + 1) + ": link " + target + " leads to "
                                + Repository.relative(resolved) + ", which does not exist");
                    }
                }
            }
        }
        assertEquals(List.of(), broken);
        assertTrue(checked > 0, "the READMEs link to files of the repository; none was found: is LINK right?");
    }

    @Test
    void theLinkPatternFindsRelativeLinksAndSkipsUrlsAndAnchors() {
        Matcher m = LINK.matcher(
                "see [style](build-tools/checkstyle.xml), [EP](https://errorprone.info), [x](#set-up)");
        List<String> targets = new ArrayList<>();
        while (m.find()) {
            targets.add(m.group(1));
        }
        assertEquals(List.of("build-tools/checkstyle.xml", "https://errorprone.info", "#set-up"), targets);
    }
}
