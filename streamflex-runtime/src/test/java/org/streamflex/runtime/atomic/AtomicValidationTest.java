package org.streamflex.runtime.atomic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.Filter;
import org.streamflex.StreamFlexError;
import org.streamflex.runtime.atomic.AtomicFilters.TwoClocks;
import org.streamflex.runtime.graph.TestGraph;

class AtomicValidationTest {
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
    void aFilterWhoseAtomicMethodsWereNotWovenIsRefused() throws Exception {
        Path source = dir.resolve("Unwoven.java");
        Files.writeString(source, """
                public class Unwoven extends org.streamflex.Filter {
                    private org.streamflex.TimeChannel timer;
                    private int x;
                    @org.streamflex.Atomic public void set(int v) { x = v; }
                    public void work() { }
                }
                """);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, null, "-proc:none", "-cp", System.getProperty("java.class.path"),
                "-d", dir.toString(), source.toString());
        assertEquals(0, status, "plain javac, without the StreamFlex plugin");
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {dir.toUri().toURL()},
                getClass().getClassLoader())) {
            Class<? extends Filter> type = loader.loadClass("Unwoven").asSubclass(Filter.class);
            TestGraph g = new TestGraph();
            Filter f = g.filter(type);
            g.link(g.clock(100), f);
            StreamFlexError e = assertThrows(StreamFlexError.class, g::check);
            assertTrue(e.problems().contains("Unwoven has @Atomic methods but was not compiled with the StreamFlex"
                    + " javac plugin, so calls to them would not be atomic: compile it with -Xplugin:StreamFlex"
                    + " (see streamflex-checker/README.md)"), e.problems().toString());
        }
    }
}
