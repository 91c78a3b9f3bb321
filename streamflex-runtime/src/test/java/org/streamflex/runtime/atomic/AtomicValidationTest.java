package org.streamflex.runtime.atomic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.Filter;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.atomic.AtomicFilters.TwoClocks;
import org.streamflex.runtime.graph.TestGraph;
import org.streamflex.runtime.weaving.PluginCompiler;

class AtomicValidationTest {
    /** Both ways to end up with unwoven @Atomic methods get the same message, naming both causes. */
    private static final String NOT_WOVEN = "Unwoven has @Atomic methods that the StreamFlex javac plugin did not"
            + " weave, so calls to them would not be atomic. Either its class was compiled without the plugin: add"
            + " -Xplugin:StreamFlex to javac's arguments; or annotation processing was off (-proc:none), which the"
            + " plugin needs to weave: remove -proc:none and keep streamflex-checker on the annotation processor"
            + " path (see streamflex-checker/README.md)";

    @TempDir
    Path dir;

    @Test
    void aFilterWithAtomicMethodsMustHaveOneClock() {
        TestGraph g = new TestGraph();
        TwoClocks f = g.filter(TwoClocks.class);
        g.link(g.clock(100), f, "fast").link(g.clock(300), f, "slow");
        StreamFlexError e = assertThrows(StreamFlexError.class, g::check);
        assertEquals(List.of("TwoClocks has @Atomic methods but 2 clocks reach it; the thread of its one clock"
                + " applies the calls: let a single clock reach it"), e.problems());
    }

    @Test
    void aFilterCompiledWithoutThePluginIsRefusedNamingBothCauses() throws Exception {
        PluginCompiler.withoutPlugin(dir, List.of(), unwovenSource());
        assertEquals(List.of(NOT_WOVEN), problemsOfGraphWithUnwoven());
    }

    @Test
    void aFilterCompiledWithThePluginButAnnotationProcessingOffIsRefusedAlike() throws Exception {
        String javac = PluginCompiler.withPluginWithoutProcessing(dir, List.of(), unwovenSource());
        assertTrue(javac.contains("-proc:none"), "the plugin warns at compile time: " + javac);
        assertEquals(List.of(NOT_WOVEN), problemsOfGraphWithUnwoven());
    }

    private Path unwovenSource() throws Exception {
        Path source = dir.resolve("Unwoven.java");
        Files.writeString(source, """
                public class Unwoven extends org.streamflex.Filter {
                    private org.streamflex.TimeChannel timer;
                    private int x;
                    @org.streamflex.Atomic public void set(int v) { x = v; }
                    public void work() { }
                }
                """);
        return source;
    }

    private List<String> problemsOfGraphWithUnwoven() throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {dir.toUri().toURL()},
                getClass().getClassLoader())) {
            Class<? extends Filter> type = loader.loadClass("Unwoven").asSubclass(Filter.class);
            TestGraph g = new TestGraph();
            Filter f = g.filter(type);
            g.link(g.clock(100), f);
            return assertThrows(StreamFlexError.class, g::check).problems();
        }
    }
}
