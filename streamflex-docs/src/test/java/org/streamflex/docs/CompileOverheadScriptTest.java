package org.streamflex.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The checker README's {@code streamflex-checker/compile-overhead.sh streamflex-runtime 10}, with
 * small input: one run each way on {@code streamflex-test-fixtures}, a small module of filter code.
 * The script asks Maven for the module's classpath, which needs this build's API in a local
 * repository; a test must not install into the user's, so Maven is pointed (through
 * {@code MAVEN_ARGS}, which Maven reads) at the repository the archetype's integration test
 * installed this build into, {@code streamflex-archetype/target/it-repo}, with its settings. The
 * checker and API jars are this build's, packaged before this module.
 */
@Timeout(600) // a guard against a hang, not a limit on speed
class CompileOverheadScriptTest {
    static final String SCRIPT = "streamflex-checker/compile-overhead.sh";

    @Test
    void theCompileOverheadScriptMeasuresAModuleWithAndWithoutThePlugin() throws Exception {
        Path root = Repository.root();
        Path repository = root.resolve("streamflex-archetype/target/it-repo");
        assertTrue(Files.isDirectory(repository.resolve("org/streamflex/streamflex-api")),
                "the archetype module's integration test installs this build into " + repository
                        + ": build the whole reactor (./mvnw verify), not this module alone");
        ProcessBuilder builder = new ProcessBuilder(List.of("bash", SCRIPT, "streamflex-test-fixtures", "1"))
                .directory(root.toFile()).redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("MAVEN_ARGS", "-s " + root.resolve("streamflex-archetype/src/it/it-settings.xml")
                + " -Dmaven.repo.local=" + repository);
        Process p = builder.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "the script did not finish:\n" + out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("streamflex-test-fixtures: ") && out.contains("1 runs each"), out);
        assertTrue(out.contains("javac without plugin: median") && out.contains("javac with plugin:    median"), out);
        assertTrue(out.contains("added by -Xplugin:StreamFlex: "), out);
    }
}
