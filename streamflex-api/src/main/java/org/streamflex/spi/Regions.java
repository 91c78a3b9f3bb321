package org.streamflex.spi;

/**
 * Where code woven by the StreamFlex javac plugin allocates: each {@code new int[n]},
 * {@code new C[n]} and {@code new C(...)} of a recyclable class in code a filter can reach goes
 * through here. While a filter's {@code work()} runs on this thread, the object or array comes from
 * that filter's transient region (recycled when {@code work()} returns); anywhere else it comes from
 * the heap, exactly as {@code new} would. Not for filter authors to call: write {@code new}.
 *
 * <pre>{@code
 * double[] window = new double[256];   // woven into Regions.newDoubleArray(256, Regions.current())
 * }</pre>
 */
public final class Regions {
    /**
     * A private static synthetic boolean field the weaver adds to every class it rewrote, so the
     * runtime knows a filter's code allocates through here.
     */
    public static final String WOVEN_MARKER_FIELD = "$streamflex$woven";

    private static final ThreadLocal<Current> CURRENT = ThreadLocal.withInitial(Current::new);

    private Regions() {
    }

    /** The slot in which the runtime names the region of the work() running on this thread. */
    public static final class Current {
        /** The running work()'s transient region, or null outside work(). */
        public TransientAllocator region;
        /** The stable region of the filter running (or being built) on this thread, or null. */
        public StableAccount stable;

        Current() {
        }
    }

    /** This thread's slot; the runtime keeps it and sets {@link Current#region} around each work(). */
    public static Current current() {
        return CURRENT.get();
    }


    /** Woven before {@code new S(...)} of a stable class: counts it against the stable region. */
    public static void noteStable(Class<?> type) {
        StableAccount s = CURRENT.get().stable;
        if (s != null) {
            s.allocate(type);
        }
    }

    /** Woven before an array allocation in a stable class's constructor: counts it. */
    public static void noteStableArray(int length, int elementBytes) {
        StableAccount s = CURRENT.get().stable;
        if (s != null) {
            s.allocateArray(length, elementBytes);
        }
    }










    // Woven code looks this thread's slot up once per method invocation (current()) when the
    // method allocates, and passes it to every allocation, not once per allocation.

    /**
     * An instance of {@code type} whose fields are zero, for woven code to initialize with its copy
     * of the constructor: recycled from the running work()'s transient region, or a new blank
     * instance outside work().
     */
    public static Object allocate(Class<?> type, Current slot) {
        TransientAllocator r = slot.region;
        return r == null ? Blanks.make(type) : r.allocate(type);
    }

    /** For {@code new C[n]}: woven code casts the result to {@code C[]}. */
    public static Object[] newReferenceArray(int length, Class<?> component, Current slot) {
        TransientAllocator r = slot.region;
        return r == null ? (Object[]) java.lang.reflect.Array.newInstance(component, length)
                : r.newReferenceArray(length, component);
    }

    public static boolean[] newBooleanArray(int length, Current slot) {
        TransientAllocator r = slot.region;
        return r == null ? new boolean[length] : r.newBooleanArray(length);
    }

    public static byte[] newByteArray(int length, Current slot) {
        TransientAllocator r = slot.region;
        return r == null ? new byte[length] : r.newByteArray(length);
    }

    public static char[] newCharArray(int length, Current slot) {
        TransientAllocator r = slot.region;
        return r == null ? new char[length] : r.newCharArray(length);
    }

    public static short[] newShortArray(int length, Current slot) {
        TransientAllocator r = slot.region;
        return r == null ? new short[length] : r.newShortArray(length);
    }

    public static int[] newIntArray(int length, Current slot) {
        TransientAllocator r = slot.region;
        return r == null ? new int[length] : r.newIntArray(length);
    }

    public static long[] newLongArray(int length, Current slot) {
        TransientAllocator r = slot.region;
        return r == null ? new long[length] : r.newLongArray(length);
    }

    public static float[] newFloatArray(int length, Current slot) {
        TransientAllocator r = slot.region;
        return r == null ? new float[length] : r.newFloatArray(length);
    }

    public static double[] newDoubleArray(int length, Current slot) {
        TransientAllocator r = slot.region;
        return r == null ? new double[length] : r.newDoubleArray(length);
    }
}
