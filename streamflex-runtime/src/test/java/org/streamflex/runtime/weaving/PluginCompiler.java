package org.streamflex.runtime.weaving;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.streamflex.checker.StreamFlexPlugin;

/**
 * Runs javac in-process as a user's build would: on some source files, into a class output
 * directory, with the StreamFlex plugin on the processor path and {@code -Xplugin:StreamFlex}, or
 * without it, or with it but annotation processing off. Public for the tests of other packages
 * that need classes compiled one of these ways. The class path is this test's (the API and the
 * runtime) plus what a step adds.
 */
public final class PluginCompiler {
    private PluginCompiler() {
    }

    /** The checker jar (or classes directory) the tests run against. */
    static Path pluginLocation() {
        try {
            return Path.of(StreamFlexPlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Compiles {@code sources} into {@code out} with the plugin; fails the test with javac's output on error. */
    public static String withPlugin(Path out, List<Path> classPath, Path... sources) {
        List<String> args =
                new ArrayList<>(List.of("-processorpath", pluginLocation().toString(), "-Xplugin:StreamFlex"));
        return run(out, classPath, args, sources);
    }

    /** Compiles without the plugin (and without annotation processing), as a build that forgot it would. */
    public static String withoutPlugin(Path out, List<Path> classPath, Path... sources) {
        return run(out, classPath, new ArrayList<>(List.of("-proc:none")), sources);
    }

    /**
     * Compiles with {@code -Xplugin:StreamFlex} but annotation processing off, as a build with
     * {@code -proc:none} would: the plugin cannot weave without its annotation processor.
     */
    public static String withPluginWithoutProcessing(Path out, List<Path> classPath, Path... sources) {
        List<String> args = new ArrayList<>(
                List.of("-processorpath", pluginLocation().toString(), "-Xplugin:StreamFlex", "-proc:none"));
        return run(out, classPath, args, sources);
    }

    private static String run(Path out, List<Path> classPath, List<String> args, Path... sources) {
        StringBuilder cp = new StringBuilder(out.toString());
        for (Path p : classPath) {
            cp.append(File.pathSeparator).append(p);
        }
        cp.append(File.pathSeparator).append(System.getProperty("java.class.path"));
        args.addAll(List.of("-cp", cp.toString(), "-d", out.toString()));
        for (Path s : sources) {
            args.add(s.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int status = javac.run(null, output, output, args.toArray(String[]::new));
        String text = output.toString(StandardCharsets.UTF_8);
        if (status != 0) {
            fail("javac " + String.join(" ", args) + " failed:\n" + text);
        }
        return text;
    }
}
