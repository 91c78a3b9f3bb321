package org.streamflex.checker.weave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.Attributes;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.NewObjectInstruction;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.abi.Woven;
import org.streamflex.spi.TransientAllocator;

/**
 * Shared classes are the library's pooled memory: a filter that calls a shared class's factory is
 * woven, but the shared class and what only its code uses are not, so the headers and arrays the
 * factory makes stay on the heap even inside {@code work()}: they outlive it.
 */
class SharedWeavingTest {
    private static final Map<String, String> SOURCES = Map.of(
            "w/Seg.java", """
                    package w;

                    public final class Seg extends org.streamflex.Shared {
                        float[] samples;
                        Header header;

                        public static Seg make(int length) {
                            Seg s = new Seg();
                            s.samples = new float[length];
                            s.header = new Header(length);
                            s.revive();
                            return s;
                        }

                        @Override
                        protected void freed() {
                        }
                    }
                    """,
            "w/Header.java", """
                    package w;

                    final class Header {
                        final int length;

                        Header(int length) {
                            this.length = length;
                        }
                    }
                    """,
            "w/Meter.java", """
                    package w;

                    public final class Meter extends org.streamflex.Filter {
                        private org.streamflex.TimeChannel timer;
                        private org.streamflex.SharedChannel<Seg> out;

                        public void work() {
                            measure(64);
                        }

                        public static int measure(int n) {
                            Seg s = Seg.make(n);
                            int[] scratch = new int[1];
                            scratch[0] = s.samples.length + s.header.length;
                            return scratch[0];
                        }

                    }
                    """);

    @TempDir
    Path dir;

    @Test
    void theFilterIsWovenAndTheSharedClassAndWhatOnlyItUsesAreNot() throws Exception {
        Path classes = WeaverHarness.compile(dir, SOURCES);
        for (String name : List.of("w.Seg", "w.Header")) {
            ClassModel model = WeaverHarness.model(classes, name);
            assertFalse(wovenAnnotation(model), name + " carries @Woven");
            for (MethodModel method : model.methods()) {
                List<CodeElement> code = method.code().map(c -> c.elementList()).orElse(List.of());
                assertFalse(code.stream().anyMatch(SharedWeavingTest::callsTheAbi),
                        name + "." + method.methodName() + " calls the woven-code ABI");
            }
            assertTrue(model.methods().stream().noneMatch(m -> m.methodName().stringValue().startsWith("$sf$")),
                    name + " got recycling members");
        }
        ClassModel meter = WeaverHarness.model(classes, "w.Meter");
        assertTrue(wovenAnnotation(meter), "the filter is woven");
        List<CodeElement> measure = WeaverHarness.code(WeaverHarness.method(meter, "measure", "(I)I"));
        assertTrue(measure.stream().anyMatch(e -> e instanceof InvokeInstruction call
                && call.owner().asInternalName().equals("org/streamflex/abi/Regions")
                && call.name().equalsString("newArray")), "the filter's own array comes from its region");
        WeaverHarness.verifyAll(classes);
    }

    @Test
    void aSharedClassFromAnotherCompilationIsCalledAsItIsAndItsNewIsNotLinkedAsRecyclable() throws Exception {
        Path library = WeaverHarness.compile(dir.resolve("library"), Map.of("lib/Seg.java", """
                package lib;

                public final class Seg extends org.streamflex.Shared {
                    public static Seg make(int length) {
                        Seg s = new Seg();
                        s.revive();
                        return s;
                    }

                    @Override
                    protected void freed() {
                    }
                }
                """), false, List.of());
        Path classes = WeaverHarness.compile(dir.resolve("app"), Map.of("app/Maker.java", """
                package app;

                public final class Maker extends org.streamflex.Filter {
                    private org.streamflex.TimeChannel timer;
                    private org.streamflex.SharedChannel<lib.Seg> out;

                    public void work() {
                        out.put(lib.Seg.make(8));
                    }

                    @SuppressWarnings("StreamFlex:S3")
                    public static int byHand() {
                        return new lib.Seg().references();
                    }
                }
                """), true, List.of(library));
        List<CodeElement> byHand = WeaverHarness.code(WeaverHarness.method(WeaverHarness.model(classes, "app.Maker"),
                "byHand", "()I"));
        assertTrue(byHand.stream().anyMatch(e -> e instanceof NewObjectInstruction n
                && n.className().asInternalName().equals("lib/Seg")), "new Seg() is left as javac wrote it");
        assertFalse(byHand.stream().anyMatch(e -> e instanceof InvokeDynamicInstruction),
                "not linked as a class that could be recyclable");
    }

    @Test
    void insideWorkTheFactorysSegmentAndArraysAreOnTheHeapAndOnlyTheFiltersArrayInTheRegion() throws Exception {
        Path classes = WeaverHarness.compile(dir, SOURCES);
        try (URLClassLoader loader = WeaverHarness.load(classes)) {
            assertNull(loader.loadClass("w.Seg").getAnnotation(Woven.class));
            assertNotNull(loader.loadClass("w.Meter").getAnnotation(Woven.class));
            Counting region = new Counting();
            int measured;
            enter(region);
            try {
                measured = (int) loader.loadClass("w.Meter").getMethod("measure", int.class).invoke(null, 64);
            } finally {
                enter(null);
            }
            assertEquals(128, measured, "64 samples, a header of length 64");
            assertEquals(List.of("int[1]"), region.allocated, "only the filter's scratch array");
        }
    }

    private static boolean wovenAnnotation(ClassModel model) {
        return model.findAttribute(Attributes.runtimeVisibleAnnotations())
                .map(a -> a.annotations().stream()
                        .anyMatch(an -> an.classSymbol().descriptorString().equals("Lorg/streamflex/abi/Woven;")))
                .orElse(false);
    }

    private static boolean callsTheAbi(CodeElement e) {
        return (e instanceof InvokeInstruction call && call.owner().asInternalName().startsWith("org/streamflex/abi/"))
                || e instanceof InvokeDynamicInstruction;
    }

    /** Names {@code region} in this thread's slot, as the runtime does around work(). */
    private static void enter(TransientAllocator region) throws ReflectiveOperationException {
        RegionSlot slot = Regions.current();
        Field r = RegionSlot.class.getDeclaredField("region");
        r.setAccessible(true);
        r.set(slot, region);
    }

    /** A region that hands out fresh objects and arrays, and notes each. */
    private static final class Counting implements TransientAllocator {
        final List<String> allocated = new ArrayList<>();

        @Override
        public Object allocate(Class<?> type, MethodHandle blank) {
            allocated.add(type.getSimpleName());
            try {
                return blank.invoke((org.streamflex.abi.Blank) null);
            } catch (Throwable e) {
                throw new AssertionError(e);
            }
        }

        @Override
        public Object newArray(int length, int kind) {
            String element = switch (kind) {
                case Regions.T_INT -> "int";
                case Regions.T_FLOAT -> "float";
                default -> "kind " + kind;
            };
            allocated.add(element + "[" + length + "]");
            return kind == Regions.T_INT ? new int[length] : new float[length];
        }

        @Override
        public Object[] newReferenceArray(int length, Class<?> component) {
            allocated.add(component.getSimpleName() + "[" + length + "]");
            return (Object[]) java.lang.reflect.Array.newInstance(component, length);
        }
    }
}
