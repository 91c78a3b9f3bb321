package org.streamflex.checker.weave;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.lang.reflect.AccessFlag;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.Capsule;
import org.streamflex.Filter;
import org.streamflex.StreamFlexError;
import org.streamflex.abi.Woven;
import org.streamflex.spi.AtomicEngine;
import org.streamflex.spi.AtomicTransaction;
import org.streamflex.spi.FilterContext;

/**
 * The {@code @Atomic} weaving: the method becomes a call into the engine, its code (and what it
 * calls) a copy that takes the transaction and makes every access through it, each primitive
 * crossing as its 64-bit pattern. Run here against a stand-in engine that applies at once and
 * logs what the copy asked for.
 */
class AtomicWeaverTest {
    private static final Map<String, String> SOURCES = Map.of("a/Knobs.java", """
            package a;

            public final class Knobs extends org.streamflex.Filter {
                private org.streamflex.TimeChannel timer;
                private boolean on;
                private byte b;
                private char c;
                private short s;
                private int i;
                private long l;
                private float f;
                private double d = 1.5;
                private final int[] table = new int[4];
                private final float[] weights = new float[2];

                @org.streamflex.Atomic
                public int bump(int by) {
                    on = !on;
                    b -= by;
                    c += by;
                    s -= by;
                    i += by;
                    l += by;
                    f += 0.5f;
                    d *= 2;
                    table[i & 3] += by;
                    weights[1] = f;
                    return times(by);
                }

                @org.streamflex.Atomic
                public void copyIn(@org.streamflex.Borrow int[] src) {
                    System.arraycopy(src, 0, table, 0, 2);
                }

                private int times(int by) {
                    return i * by;
                }

                public void work() {
                }
            }
            """);

    @TempDir
    Path dir;

    @Test
    void anAtomicMethodCallsTheEngineAndItsCopiesTakeTheTransaction() throws Exception {
        Path classes = WeaverHarness.compile(dir, SOURCES);
        ClassModel knobs = WeaverHarness.model(classes, "a.Knobs");
        MethodModel bump = WeaverHarness.method(knobs, "bump", "(I)I");
        assertTrue(WeaverHarness.code(bump).stream().anyMatch(e -> e instanceof InvokeInstruction call
                && call.owner().asInternalName().equals("org/streamflex/abi/Atomics")
                && call.name().equalsString("call")));
        WeaverHarness.method(knobs, "$sf$atomic$bump", "(ILjava/lang/Object;)I");
        MethodModel times = WeaverHarness.method(knobs, "$sf$atomic$times", "(ILjava/lang/Object;)I");
        assertTrue(times.flags().has(AccessFlag.PRIVATE), "a copy of a private method stays private");
        WeaverHarness.method(knobs, "times", "(I)I"); // the original stays for work() and friends
        try (URLClassLoader loader = WeaverHarness.load(classes)) {
            Woven woven = loader.loadClass("a.Knobs").getAnnotation(Woven.class);
            assertTrue(woven.atomic() && woven.regions());
        }
        WeaverHarness.verifyAll(classes);
    }

    @Test
    void everyAccessGoesThroughTheTransactionAsItsBitPattern() throws Exception {
        Path classes = WeaverHarness.compile(dir, SOURCES);
        try (URLClassLoader loader = WeaverHarness.load(classes)) {
            Filter knobs = newFilter(loader);
            LoggingTransaction tx = new LoggingTransaction();
            install(knobs, new DirectEngine(tx));
            int result = (int) knobs.getClass().getMethod("bump", int.class).invoke(knobs, 3);
            assertEquals(9, result, "times(3) read the i the call wrote");
            assertEquals(true, get(knobs, "on"));
            assertEquals((byte) -3, get(knobs, "b"));
            assertEquals((char) 3, get(knobs, "c"));
            assertEquals((short) -3, get(knobs, "s"));
            assertEquals(3, get(knobs, "i"));
            assertEquals(3L, get(knobs, "l"));
            assertEquals(0.5f, get(knobs, "f"));
            assertEquals(3.0, get(knobs, "d"));
            assertArrayEquals(new int[] {0, 0, 0, 3}, (int[]) get(knobs, "table"));
            assertArrayEquals(new float[] {0, 0.5f}, (float[]) get(knobs, "weights"));
            assertEquals(List.of("read Z on", "write Z on 1", "read B b", "write B b -3", "read C c", "write C c 3",
                    "read S s", "write S s -3", "read I i", "write I i 3", "read J l", "write J l 3",
                    "read F f", "write F f " + Float.floatToRawIntBits(0.5f), "read D d",
                    "write D d " + Double.doubleToRawLongBits(3.0), "read ref table", "read I i", "read I [3]",
                    "write I [3] 3", "read ref weights", "read F f", "write F [1] " + Float.floatToRawIntBits(0.5f),
                    "read I i"), tx.log);
            tx.log.clear();
            knobs.getClass().getMethod("copyIn", int[].class).invoke(knobs, (Object) new int[] {7, 8});
            assertEquals(List.of("read ref table", "arraycopy 2"), tx.log);
            assertArrayEquals(new int[] {7, 8, 0, 3}, (int[]) get(knobs, "table"));
        }
    }

    @Test
    void aCallFromInsideAnotherCallIsRefusedNamingTheFilters() throws Exception {
        Path classes = WeaverHarness.compile(dir, SOURCES);
        try (URLClassLoader loader = WeaverHarness.load(classes)) {
            Filter outer = newFilter(loader);
            Filter inner = newFilter(loader);
            install(inner, new DirectEngine(new LoggingTransaction()));
            install(outer, (body, withReceiver) -> inner.getClass().getMethod("bump", int.class).invoke(inner, 1));
            InvocationTargetException e = assertThrows(InvocationTargetException.class,
                    () -> outer.getClass().getMethod("bump", int.class).invoke(outer, 1));
            Throwable cause = e.getCause() instanceof InvocationTargetException nested
                    ? nested.getCause() : e.getCause();
            assertEquals("an @Atomic call of Knobs from inside an @Atomic call of Knobs: return to plain Java between"
                    + " calls", cause.getMessage());
        }
    }

    @Test
    void aCallOnAFilterMadeWithNewIsRefused() throws Exception {
        Path classes = WeaverHarness.compile(dir, SOURCES);
        try (URLClassLoader loader = WeaverHarness.load(classes)) {
            Filter knobs = newFilter(loader);
            InvocationTargetException e = assertThrows(InvocationTargetException.class,
                    () -> knobs.getClass().getMethod("bump", int.class).invoke(knobs, 1));
            assertTrue(e.getCause() instanceof StreamFlexError, e.getCause().toString());
            assertEquals("a.Knobs was created with new: create filters with makeFilter(Class) in a StreamFlexGraph,"
                    + " whose runtime makes its @Atomic calls atomic", e.getCause().getMessage());
        }
    }

    private static Filter newFilter(URLClassLoader loader) throws ReflectiveOperationException {
        Constructor<?> c = loader.loadClass("a.Knobs").getDeclaredConstructor();
        c.setAccessible(true);
        return (Filter) c.newInstance();
    }

    /** Gives the filter a context whose engine is {@code engine}, as the runtime does in makeFilter. */
    private static void install(Filter filter, AtomicEngine engine) throws ReflectiveOperationException {
        Field context = Filter.class.getDeclaredField("context");
        context.setAccessible(true);
        context.set(filter, new FilterContext() {
            @Override
            public <C extends Capsule> C makeCapsule(Class<C> type) {
                throw new AssertionError("no capsules here");
            }

            @Override
            public boolean anyInputAvailable() {
                return false;
            }

            @Override
            public String filterName() {
                return "Knobs";
            }

            @Override
            public AtomicEngine atomic() {
                return engine;
            }
        });
    }

    private static Object get(Object owner, String name) throws ReflectiveOperationException {
        Field f = owner.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(owner);
    }

    /** Runs the body once with one transaction: what the engine does when nothing conflicts. */
    private record DirectEngine(AtomicTransaction tx) implements AtomicEngine {
        @Override
        public Object call(MethodHandle body, Object[] withReceiver) throws Throwable {
            return (Object) body.invokeExact(withReceiver, (Object) tx);
        }
    }

    /** Applies every access at once, logging it: kind, field (or element) and bits. */
    private static final class LoggingTransaction implements AtomicTransaction {
        final List<String> log = new ArrayList<>();

        @Override
        public long read(Object owner, VarHandle field, int index, int kind) {
            Object value = field != null ? field.get(owner) : Array.get(owner, index);
            log.add("read " + (char) kind + " " + where(field, index));
            return switch (value) {
                case Boolean z -> z ? 1 : 0;
                case Character ch -> ch;
                case Float x -> Float.floatToRawIntBits(x);
                case Double x -> Double.doubleToRawLongBits(x);
                case Number n -> n.longValue();
                default -> throw new AssertionError(value);
            };
        }

        @Override
        public Object readReference(Object owner, VarHandle field, int index) {
            log.add("read ref " + where(field, index));
            return field != null ? field.get(owner) : ((Object[]) owner)[index];
        }

        @Override
        public void write(Object owner, VarHandle field, int index, int kind, long bits) {
            log.add("write " + (char) kind + " " + where(field, index) + " " + bits);
            Object value = switch (kind) {
                case 'Z' -> bits != 0;
                case 'B' -> (byte) bits;
                case 'C' -> (char) bits;
                case 'S' -> (short) bits;
                case 'I' -> (int) bits;
                case 'J' -> bits;
                case 'F' -> Float.intBitsToFloat((int) bits);
                case 'D' -> Double.longBitsToDouble(bits);
                default -> throw new AssertionError((char) kind);
            };
            if (field != null) {
                field.set(owner, value);
            } else {
                Array.set(owner, index, value);
            }
        }

        @Override
        public void writeReference(Object owner, VarHandle field, Object value) {
            log.add("write ref " + where(field, -1));
            field.set(owner, value);
        }

        @Override
        public void arraycopy(Object src, int srcPos, Object dest, int destPos, int length) {
            log.add("arraycopy " + length);
            System.arraycopy(src, srcPos, dest, destPos, length);
        }

        private static String where(VarHandle field, int index) {
            if (field == null) {
                return "[" + index + "]";
            }
            return field.describeConstable().map(VarHandle.VarHandleDesc::constantName).orElseThrow();
        }
    }
}
