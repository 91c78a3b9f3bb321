package org.streamflex.abi;

import java.lang.invoke.MethodHandle;
import org.streamflex.spi.StableAccount;
import org.streamflex.spi.TransientAllocator;

/**
 * Where code woven by the StreamFlex javac plugin allocates. While a filter's {@code work()} runs
 * on this thread, what its code allocates comes from that filter's transient region (recycled
 * when {@code work()} returns); anywhere else it comes from the heap, exactly as {@code new} would.
 * Each method delegates to the region in the thread's {@link RegionSlot}. Not for filter authors:
 * write {@code new}.
 *
 * <pre>{@code
 * double[] window = new double[256];   // woven into:
 * double[] window = (double[]) Regions.newArray(256, Regions.T_DOUBLE, slot);
 * }</pre>
 */
public final class Regions {
    /** The element types of {@link #newArray}, as the JVM's {@code newarray} instruction codes them. */
    public static final int T_BOOLEAN = 4, T_CHAR = 5, T_FLOAT = 6, T_DOUBLE = 7, T_BYTE = 8, T_SHORT = 9,
            T_INT = 10, T_LONG = 11;

    private static final ThreadLocal<RegionSlot> SLOTS = ThreadLocal.withInitial(RegionSlot::new);

    private Regions() {
    }

    /** This thread's slot; the runtime names the running filter's regions in it. */
    public static RegionSlot current() {
        return SLOTS.get();
    }

    /** Woven before {@code new S(...)} of a stable class: counts it against the stable region. */
    public static void noteStable(Class<?> type) {
        StableAccount s = SLOTS.get().stable;
        if (s != null) {
            s.allocate(type);
        }
    }

    /** Woven before an array allocation in a stable class's constructor: counts it. */
    public static void noteStableArray(int length, int elementBytes) {
        StableAccount s = SLOTS.get().stable;
        if (s != null) {
            s.allocateArray(length, elementBytes);
        }
    }

    /**
     * For the {@code $sf$new} factory of a recyclable class: an instance of {@code type} from the
     * running {@code work()}'s transient region, to initialize with a constructor copy, or null
     * outside {@code work()} (the factory then runs the real constructor).
     *
     * @param blank the class's {@code (Blank)} constructor, for the region to make instances with
     */
    public static Object allocate(Class<?> type, MethodHandle blank, RegionSlot slot) {
        TransientAllocator r = slot.region;
        return r == null ? null : r.allocate(type, blank);
    }

    /** For {@code newarray}: woven code casts the result to the array type. */
    public static Object newArray(int length, int kind, RegionSlot slot) {
        TransientAllocator r = slot.region;
        return r == null ? heapArray(length, kind) : r.newArray(length, kind);
    }

    /** For {@code anewarray}: woven code casts the result to {@code C[]}. */
    public static Object[] newReferenceArray(int length, Class<?> component, RegionSlot slot) {
        TransientAllocator r = slot.region;
        return r == null ? (Object[]) java.lang.reflect.Array.newInstance(component, length)
                : r.newReferenceArray(length, component);
    }

    /** What {@code newarray} does: after inlining, {@code kind} is a constant and one case remains. */
    private static Object heapArray(int length, int kind) {
        return switch (kind) {
            case T_BOOLEAN -> new boolean[length];
            case T_CHAR -> new char[length];
            case T_FLOAT -> new float[length];
            case T_DOUBLE -> new double[length];
            case T_BYTE -> new byte[length];
            case T_SHORT -> new short[length];
            case T_INT -> new int[length];
            case T_LONG -> new long[length];
            default -> throw new IllegalArgumentException("not a newarray element code: " + kind);
        };
    }
}
