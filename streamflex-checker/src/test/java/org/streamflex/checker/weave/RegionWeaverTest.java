package org.streamflex.checker.weave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.FieldModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.ConstantInstruction;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.NewObjectInstruction;
import java.lang.classfile.instruction.NewPrimitiveArrayInstruction;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.AccessFlag;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.abi.Woven;
import org.streamflex.spi.StableAccount;
import org.streamflex.spi.TransientAllocator;

/**
 * The region weaving, class by class: what the rewritten bytecode calls, that it verifies, and
 * that it runs as the source says, outside a {@code work()} (on the heap) and inside one (from a
 * region, here a stand-in for the runtime's).
 */
class RegionWeaverTest {
    private static final Map<String, String> SOURCES = Map.of(
            "w/Work.java", """
                    package w;

                    public final class Work extends org.streamflex.Filter {
                        private org.streamflex.TimeChannel timer;
                        private org.streamflex.IntChannel out;

                        public void work() {
                            out.put(Shapes.area(3));
                            Shapes.keep();
                        }
                    }
                    """,
            "w/Shapes.java", """
                    package w;

                    public final class Shapes {
                        public static int area(int n) {
                            double[] xs = new double[n];
                            int[] counts = new int[3];
                            Point[] points = new Point[2];
                            Point p = new Point(n, 2);
                            Point q = new Point(p);
                            points[0] = p;
                            points[1] = q;
                            xs[0] = p.x * q.y;
                            counts[1] = (int) xs[0];
                            return counts[1] + points.length + p.tag.length() + q.history[0];
                        }

                        public static Point make(int n) {
                            return new Point(n, n);
                        }

                        public static Node keep() {
                            return new Node();
                        }
                    }
                    """,
            "w/Point.java", """
                    package w;

                    public class Point {
                        final int x;
                        int y;
                        int visits;
                        int[] history = new int[2];
                        String tag = "pt";

                        Point(int x, int y) {
                            this.x = x;
                            this.y = y;
                            history[0] = x;
                        }

                        Point(Point other) {
                            this(other.x, other.y + 1);
                        }

                        public void visit() {
                            visits++;
                        }
                    }
                    """,
            "w/Node.java", """
                    package w;

                    public final class Node implements org.streamflex.Stable {
                        private final int[] slots = new int[8];
                        Node next;
                    }
                    """);

    @TempDir
    Path dir;

    @Test
    void arraysPassTheirElementCodeAndTheSlotLookedUpOnceOnEntry() throws Exception {
        Path classes = WeaverHarness.compile(dir, SOURCES);
        MethodModel area = WeaverHarness.method(WeaverHarness.model(classes, "w.Shapes"), "area", "(I)I");
        List<String> calls = new ArrayList<>();
        List<CodeElement> code = WeaverHarness.code(area);
        for (int i = 0; i < code.size(); i++) {
            if (code.get(i) instanceof InvokeInstruction call
                    && call.owner().asInternalName().equals("org/streamflex/abi/Regions")) {
                String name = call.name().stringValue();
                if (name.equals("newArray")) {
                    // ... length, element code, slot: the element code is the constant two instructions before
                    name += "(" + ((ConstantInstruction) code.get(i - 2)).constantValue() + ")";
                }
                calls.add(name);
            }
        }
        assertEquals(List.of("current", "newArray(" + Regions.T_DOUBLE + ")", "newArray(" + Regions.T_INT + ")",
                "newReferenceArray"), calls);
        assertFalse(code.stream().anyMatch(e -> e instanceof NewPrimitiveArrayInstruction), "no newarray is left");
        long linked = code.stream().filter(e -> e instanceof InvokeDynamicInstruction indy
                && indy.bootstrapMethod().methodName().equals("link")
                && indy.bootstrapMethod().owner().descriptorString().equals("Lorg/streamflex/abi/NewSites;")).count();
        assertEquals(2, linked, "both new Point(...) sites link through NewSites");
        assertFalse(code.stream().anyMatch(e -> e instanceof NewObjectInstruction), "no new is left for Point");
        WeaverHarness.verifyAll(classes);
    }

    @Test
    void aRecyclableClassGetsABlankConstructorAndACopyAndAFactoryPerConstructor() throws Exception {
        Path classes = WeaverHarness.compile(dir, SOURCES);
        ClassModel point = WeaverHarness.model(classes, "w.Point");
        MethodModel blank = WeaverHarness.method(point, "<init>", "(Lorg/streamflex/abi/Blank;)V");
        assertTrue(blank.flags().has(AccessFlag.PROTECTED) && blank.flags().has(AccessFlag.SYNTHETIC));
        for (String constructor : List.of("(II)", "(Lw/Point;)")) {
            MethodModel copy = WeaverHarness.method(point, "$sf$init", constructor + "V");
            assertTrue(copy.flags().has(AccessFlag.PUBLIC) && copy.flags().has(AccessFlag.SYNTHETIC));
            MethodModel factory = WeaverHarness.method(point, "$sf$new", constructor.replace(")",
                    "Lorg/streamflex/abi/RegionSlot;)") + "Lw/Point;");
            assertTrue(factory.flags().has(AccessFlag.STATIC), "a static factory");
            assertFalse(factory.flags().has(AccessFlag.PUBLIC) || factory.flags().has(AccessFlag.PRIVATE),
                    "with the constructor's package access");
        }
        FieldModel x = point.fields().stream().filter(f -> f.fieldName().equalsString("x")).findFirst().orElseThrow();
        assertFalse(x.flags().has(AccessFlag.FINAL), "the copies assign it outside a constructor");
        try (URLClassLoader loader = WeaverHarness.load(classes)) {
            Woven woven = loader.loadClass("w.Point").getAnnotation(Woven.class);
            assertEquals(Woven.CURRENT_ABI, woven.abi());
            assertTrue(woven.regions() && woven.recyclable() && !woven.atomic());
            Woven filter = loader.loadClass("w.Work").getAnnotation(Woven.class);
            assertTrue(filter.regions() && !filter.recyclable(), "a filter is stable: never recycled");
            assertEquals(List.of("out"), List.of(filter.outputs()), "the channel it puts on");
        }
        WeaverHarness.verifyAll(classes);
    }

    @Test
    void outsideWorkWovenCodeComputesWhatTheSourceSaysOnTheHeap() throws Exception {
        Path classes = WeaverHarness.compile(dir, SOURCES);
        try (URLClassLoader loader = WeaverHarness.load(classes)) {
            Class<?> shapes = loader.loadClass("w.Shapes");
            // p = (3, 2), q = (3, 3); xs[0] = 9; 9 + 2 points + "pt".length() + q.history[0] = 3
            assertEquals(9 + 2 + 2 + 3, shapes.getMethod("area", int.class).invoke(null, 3));
            Object a = shapes.getMethod("make", int.class).invoke(null, 4);
            Object b = shapes.getMethod("make", int.class).invoke(null, 4);
            assertNotSame(a, b, "outside work() every new is a new heap object");
        }
    }

    @Test
    void insideWorkANewSiteRecyclesTheRegionsInstanceAndStartsItAfresh() throws Exception {
        Path classes = WeaverHarness.compile(dir, SOURCES);
        try (URLClassLoader loader = WeaverHarness.load(classes)) {
            Class<?> shapes = loader.loadClass("w.Shapes");
            Method make = shapes.getMethod("make", int.class);
            OneOfEach region = new OneOfEach();
            Object first;
            Object second;
            enter(region, null);
            try {
                first = make.invoke(null, 5);
                first.getClass().getMethod("visit").invoke(first);
                second = make.invoke(null, 7);
            } finally {
                enter(null, null);
            }
            assertSame(first, second, "the region's instance, initialized again by the constructor copy");
            assertEquals(7, field(second, "x"));
            assertEquals(7, field(second, "y"));
            assertEquals(0, field(second, "visits"), "a field no constructor sets starts at zero again");
            assertEquals("pt", field(second, "tag"), "field initializers run again");
            assertEquals(7, ((int[]) field(second, "history"))[0]);
            assertEquals(2, region.arrays, "each initialization took its history array from the region");
            assertEquals(1, region.made, "one blank instance, made with the (Blank) constructor");
        }
    }

    @Test
    void stableObjectsStayOnTheHeapCountedWithTheArraysTheirConstructorsMake() throws Exception {
        Path classes = WeaverHarness.compile(dir, SOURCES);
        try (URLClassLoader loader = WeaverHarness.load(classes)) {
            List<String> counted = new ArrayList<>();
            StableAccount account = new StableAccount() {
                @Override
                public void allocate(Class<?> type) {
                    counted.add(type.getSimpleName());
                }

                @Override
                public void allocateArray(int length, int elementBytes) {
                    counted.add(length + " x " + elementBytes + " bytes");
                }
            };
            enter(new OneOfEach(), account);
            try {
                loader.loadClass("w.Shapes").getMethod("keep").invoke(null);
            } finally {
                enter(null, null);
            }
            assertEquals(List.of("Node", "8 x 4 bytes"), counted);
        }
    }

    @Test
    void aNewOfAClassFromAnotherCompilationIsLinkedWhenItFirstRuns() throws Exception {
        Path library = WeaverHarness.compile(dir.resolve("library"), Map.of("lib/Counter.java", """
                package lib;

                public class Counter {
                    public int n;

                    public Counter(int n) {
                        this.n = n;
                    }
                }
                """), false, List.of());
        Path classes = WeaverHarness.compile(dir.resolve("app"), Map.of("app/Use.java", """
                package app;

                public final class Use extends org.streamflex.Filter {
                    private org.streamflex.TimeChannel timer;

                    public void work() {
                        count(3);
                    }

                    public static int count(int n) {
                        return new lib.Counter(n).n + 1;
                    }
                }
                """), true, List.of(library));
        MethodModel count = WeaverHarness.method(WeaverHarness.model(classes, "app.Use"), "count", "(I)I");
        assertTrue(WeaverHarness.code(count).stream().anyMatch(e -> e instanceof InvokeDynamicInstruction),
                "a class on the class path may be woven: the site decides when it runs");
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {classes.toUri().toURL(),
                library.toUri().toURL()}, getClass().getClassLoader())) {
            assertEquals(4, loader.loadClass("app.Use").getMethod("count", int.class).invoke(null, 3),
                    "Counter was compiled without the plugin: the site runs its constructor");
        }
    }

    /** Names {@code region} and {@code stable} in this thread's slot, as the runtime does around work(). */
    private static void enter(TransientAllocator region, StableAccount stable) throws ReflectiveOperationException {
        RegionSlot slot = Regions.current();
        Field r = RegionSlot.class.getDeclaredField("region");
        Field s = RegionSlot.class.getDeclaredField("stable");
        r.setAccessible(true);
        s.setAccessible(true);
        r.set(slot, region);
        s.set(slot, stable);
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        Field f = owner.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(owner);
    }

    /** A region that keeps one instance per class, as a region does across resets of one release at a time. */
    private static final class OneOfEach implements TransientAllocator {
        private final Map<Class<?>, Object> instances = new HashMap<>();
        int arrays;
        int made;

        @Override
        public Object allocate(Class<?> type, MethodHandle blank) {
            return instances.computeIfAbsent(type, t -> {
                try {
                    made++;
                    return blank.invoke((org.streamflex.abi.Blank) null);
                } catch (Throwable e) {
                    throw new AssertionError(e);
                }
            });
        }

        @Override
        public Object newArray(int length, int kind) {
            arrays++;
            return switch (kind) {
                case Regions.T_INT -> new int[length];
                case Regions.T_DOUBLE -> new double[length];
                default -> throw new AssertionError("unexpected element code " + kind);
            };
        }

        @Override
        public Object[] newReferenceArray(int length, Class<?> component) {
            arrays++;
            return (Object[]) Array.newInstance(component, length);
        }
    }
}
