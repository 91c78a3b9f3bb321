package org.streamflex.runtime.weaving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.GraphDriver;

/**
 * The sequences an IDE's incremental build goes through: everything compiled with the plugin, then
 * one file changed and recompiled alone, with the plugin. Code woven in one compilation and code
 * woven in another must work together: the helper's instances keep being recycled by the filter's
 * region, whichever side was recompiled, and a helper compiled without the plugin is allocated on
 * the heap with one log line that says so, instead of failing or allocating silently.
 */
class IncrementalWeavingTest {
    private static final int RELEASES = 50;

    private static final String GRAPH = """
            package inc;

            import org.streamflex.*;

            public final class IncGraph extends StreamFlexGraph {
                public final Sink sink;

                public IncGraph() {
                    Clock clock = makeClock(0);
                    Src src = makeFilter(Src.class);
                    sink = makeFilter(Sink.class);
                    connect(clock, src);
                    connect(src, sink, 4);
                    validate();
                }

                public static final class Src extends Filter {
                    private TimeChannel timer;
                    private IntChannel out;

                    public void work() {
                        Acc2 acc = new Acc2(3);
                        acc.add(ADDEND);
                        out.put(acc.total());
                        out.put(System.identityHashCode(acc));
                    }
                }

                public static final class Sink extends Filter {
                    private IntChannel in;
                    private int last, first, reused, releases;

                    public void work() {
                        last = in.take();
                        int id = in.take();
                        if (releases++ == 0) {
                            first = id;
                        } else if (id == first) {
                            reused++;
                        }
                    }

                    public int last() { return last; }
                    public int reused() { return reused; }
                }
            }
            """;

    private static final String HELPER = """
            package inc;

            final class Acc2 {
                private final int[] history = new int[4];
                private int total;

                Acc2(int start) {
                    total = start;
                }

                void add(int x) {
                    total += FACTOR * x;
                    history[0] = x;
                }

                int total() {
                    return total + history[1];
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aHelperRecompiledAloneKeepsBeingRecycled() throws Exception {
        Path classes = compileAll(4, 1);
        assertEquals(new Run(7, RELEASES - 1), run(classes));
        PluginCompiler.withPlugin(classes, List.of(), helper(2));
        assertEquals(new Run(11, RELEASES - 1), run(classes), "the changed helper runs, recycled: no BoundaryError");
    }

    @Test
    void aFilterRecompiledAloneRecyclesTheHelperItDidNotCompile() throws Exception {
        Path classes = compileAll(4, 1);
        PluginCompiler.withPlugin(classes, List.of(), graph(5));
        assertEquals(new Run(8, RELEASES - 1), run(classes), "new Acc2(...) comes from the region, not the heap");
    }

    @Test
    void aHelperCompiledWithoutThePluginIsAllocatedOnTheHeapAndSaidOnce() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        PluginCompiler.withoutPlugin(classes, List.of(), helper(1));
        PluginCompiler.withPlugin(classes, List.of(), graph(4));
        List<String> warnings = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                warnings.add(record.getLevel() + " " + record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger("org.streamflex.regions");
        logger.addHandler(handler);
        try {
            Run result = run(classes);
            assertEquals(7, result.last(), "the graph runs with the unwoven helper");
            assertTrue(result.reused() < RELEASES - 1, "its instances come from the heap: " + result);
        } finally {
            logger.removeHandler(handler);
        }
        assertEquals(List.of("WARNING StreamFlex: new inc.Acc2(...) in filter code allocates on the heap, not in the"
                + " filter's transient region: it was not compiled with -Xplugin:StreamFlex in a compilation that saw"
                + " it reached from filter code. Recompile Acc2 (and its superclasses) with the StreamFlex javac"
                + " plugin, -Xplugin:StreamFlex, and the same StreamFlex version as the runtime"), warnings);
    }

    /** What the sink saw: the last total, and how many releases got the first release's Acc2 back. */
    record Run(int last, int reused) {
    }

    private Path compileAll(int addend, int factor) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        PluginCompiler.withPlugin(classes, List.of(), graph(addend), helper(factor));
        return classes;
    }

    private Path graph(int addend) throws Exception {
        return write("IncGraph.java", GRAPH.replace("ADDEND", Integer.toString(addend)));
    }

    private Path helper(int factor) throws Exception {
        return write("Acc2.java", HELPER.replace("FACTOR", Integer.toString(factor)));
    }

    private Path write(String name, String text) throws Exception {
        Path file = dir.resolve("src/inc/" + name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    /** Runs the graph in a class loader of its own, as a fresh JVM would load the classes. */
    private static Run run(Path classes) throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                IncrementalWeavingTest.class.getClassLoader())) {
            StreamFlexGraph graph = (StreamFlexGraph) loader.loadClass("inc.IncGraph").getConstructor().newInstance();
            GraphDriver.of(graph).run(RELEASES);
            Object sink = graph.getClass().getField("sink").get(graph);
            return new Run((int) sink.getClass().getMethod("last").invoke(sink),
                    (int) sink.getClass().getMethod("reused").invoke(sink));
        }
    }
}
