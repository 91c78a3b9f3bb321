package org.streamflex.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.streamflex.StreamFlexProperties;

/** The runtime README's table of system properties is the one {@link StreamFlexProperties} defines. */
class PropertiesReadmeTest {
    /** A row of the table: {@code | `streamflex.regions` | `true` | meaning |}. */
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `(streamflex\\.[^`]+)` \\| `([^`]*)` \\| \\S.*\\|$");

    @Test
    void theReadmeTableListsExactlyThePropertiesWithTheirDefaults() throws IOException {
        String readme = Files.readString(Path.of("README.md")); // tests run in the module's directory
        int section = readme.indexOf("\n## Configuration\n");
        assertTrue(section >= 0, "README.md has a Configuration section");
        int end = readme.indexOf("\n## ", section + 1);
        Matcher row = ROW.matcher(readme.substring(section, end < 0 ? readme.length() : end));
        Map<String, String> documented = new LinkedHashMap<>();
        while (row.find()) {
            documented.put(row.group(1), row.group(2));
        }
        Map<String, String> defined = new LinkedHashMap<>();
        StreamFlexProperties.all().forEach(p -> defined.put(p.name(), p.defaultText()));
        assertEquals(defined, documented);
    }
}
