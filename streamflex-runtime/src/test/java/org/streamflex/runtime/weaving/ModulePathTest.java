package org.streamflex.runtime.weaving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's graph in a named module of its own, compiled with the plugin against the API and the
 * runtime as modules and run on the module path in a JVM of its own: the module descriptors are
 * what users get. The runtime is found as a service, injects channels into the user's filters
 * through the package the user opens to it, woven code calls the exported ABI (its {@code new}
 * sites link and recycle, its {@code @Atomic} method runs through the engine), and nothing else
 * of the API or the runtime needs to be open.
 */
class ModulePathTest {
    private static final Set<String> MODULES =
            Set.of("org.streamflex.api", "org.streamflex.runtime", "org.jctools.core");

    private static final String DESCRIPTOR = """
            module demo.app {
                requires org.streamflex.runtime;
                opens demo to org.streamflex.runtime;
            }
            """;

    private static final String MAIN = """
            package demo;

            import org.streamflex.*;
            import org.streamflex.runtime.GraphDriver;

            public final class Main extends StreamFlexGraph {
                final Gen gen;
                final Sink sink;

                Main() {
                    Clock clock = makeClock(0);
                    gen = makeFilter(Gen.class);
                    sink = makeFilter(Sink.class);
                    connect(clock, gen);
                    connect(gen, sink, 8);
                    validate();
                }

                public static void main(String[] args) {
                    Main graph = new Main();
                    graph.gen.setStep(3);
                    GraphDriver.of(graph).run(1000);
                    System.out.println("received " + graph.sink.received + " last " + graph.sink.last
                            + " reused " + graph.gen.reused + " dropped " + graph.channel(graph.gen, "out").dropped());
                }

                static final class Gen extends Filter {
                    private TimeChannel timer;
                    private IntChannel out;
                    private int step = 1;
                    private int next;
                    private int first;
                    int reused;

                    @Atomic
                    public void setStep(int step) {
                        this.step = step;
                    }

                    public void work() {
                        Box box = new Box(next);
                        int id = System.identityHashCode(box);
                        if (next == 0) {
                            first = id;
                        } else if (id == first) {
                            reused++;
                        }
                        out.put(box.value);
                        next += step;
                    }
                }

                static final class Box {
                    final int value;

                    Box(int value) {
                        this.value = value;
                    }
                }

                static final class Sink extends Filter {
                    private IntChannel in;
                    int received;
                    int last;

                    public void work() {
                        last = in.take();
                        received++;
                    }
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aWovenGraphInANamedModuleRunsOnTheModulePath() throws Exception {
        List<Path> modules = streamflexModules();
        Path sources = dir.resolve("src");
        Files.createDirectories(sources.resolve("demo"));
        Files.writeString(sources.resolve("module-info.java"), DESCRIPTOR);
        Files.writeString(sources.resolve("demo/Main.java"), MAIN);
        Path out = Files.createDirectories(dir.resolve("demo.app"));
        String modulePath = join(modules);
        compile(List.of("-processorpath", PluginCompiler.pluginLocation().toString(), "-Xplugin:StreamFlex",
                "--module-path", modulePath, "-d", out.toString(),
                sources.resolve("module-info.java").toString(), sources.resolve("demo/Main.java").toString()));

        Process java = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path", out + File.pathSeparator + modulePath, "-m", "demo.app/demo.Main")
                .redirectErrorStream(true).start();
        String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(java.waitFor(60, TimeUnit.SECONDS), "the JVM ended");
        assertEquals(0, java.exitValue(), output);
        assertEquals("received 1000 last 2997 reused 999 dropped 0", output.strip(),
                "every item arrived, the @Atomic call applied (step 3), and each release reused the first Box");
    }

    /** The API, the runtime and JCTools, as the modules they are on this test's class path. */
    private static List<Path> streamflexModules() {
        Map<String, Path> found = new LinkedHashMap<>();
        Map<String, Path> netty = new LinkedHashMap<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator, -1)) {
            Path path = Path.of(entry);
            if (entry.isEmpty() || !Files.exists(path)) {
                continue;
            }
            for (ModuleReference module : ModuleFinder.of(path).findAll()) {
                String name = module.descriptor().name();
                if (MODULES.contains(name) && !module.descriptor().isAutomatic()) {
                    found.putIfAbsent(name, path);
                } else if (name.startsWith("io.netty.")) {
                    netty.putIfAbsent(name, path); // the network links' transport, which the runtime requires
                }
            }
        }
        assertEquals(MODULES, found.keySet(), "module descriptors on the class path: " + found);
        List<Path> paths = new ArrayList<>(found.values());
        paths.addAll(netty.values());
        return paths;
    }

    private static String join(List<Path> paths) {
        return String.join(File.pathSeparator, paths.stream().map(Path::toString).toList());
    }

    private static void compile(List<String> args) {
        java.io.ByteArrayOutputStream output = new java.io.ByteArrayOutputStream();
        int status = javax.tools.ToolProvider.getSystemJavaCompiler()
                .run(null, output, output, args.toArray(String[]::new));
        assertEquals(0, status, () -> "javac failed:\n" + output.toString(StandardCharsets.UTF_8));
    }
}
