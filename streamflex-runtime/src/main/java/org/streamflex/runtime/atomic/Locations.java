package org.streamflex.runtime.atomic;

import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * A set of memory locations with values, in order of first access, with an open-addressing index
 * so that a location is found in constant time: an {@code @Atomic} call's read log or its redo
 * log. A location is a field of an object ({@code field} not null, {@code index} -1) or an element
 * of an array ({@code field} null). It grows on the Java caller's side only, up to a bound the
 * filter's thread relies on.
 */
@SuppressWarnings("ReferenceEquality") // a location is an object's field or element, by identity, as is a value read
final class Locations {
    Object[] owners = new Object[16];
    VarHandle[] fields = new VarHandle[16];
    int[] indexes = new int[16];
    /** The JVM type letter of each location, {@code 'L'} for references. */
    char[] kinds = new char[16];
    long[] bits = new long[16];
    Object[] refs = new Object[16];
    int size;
    /** Entry number + 1 per slot, 0 for free. */
    private int[] table = new int[32];
    private final String what;
    private final String property;
    /** How many locations the log may hold; set per call by {@link #clear(int)}. */
    private int max;

    /**
     * @param what "reads" or "writes", for the message when it is full
     * @param property the system property that sets the limit
     */
    Locations(String what, String property) {
        this.what = what;
        this.property = property;
    }

    /** Empties the log for a call that may hold up to {@code max} locations. */
    void clear(int max) {
        this.max = max;
        clear();
    }

    void clear() {
        if (size > 0) {
            Arrays.fill(owners, 0, size, null);
            Arrays.fill(refs, 0, size, null);
            Arrays.fill(fields, 0, size, null);
            Arrays.fill(table, 0);
            size = 0;
        }
    }

    int find(Object owner, VarHandle field, int index) {
        int mask = table.length - 1;
        for (int slot = hash(owner, field, index) & mask; ; slot = (slot + 1) & mask) {
            int entry = table[slot] - 1;
            if (entry < 0) {
                return -1;
            }
            if (owners[entry] == owner && fields[entry] == field && indexes[entry] == index) {
                return entry;
            }
        }
    }

    /**
     * Gives the array entries inside {@code [from, from + length)} of {@code array} the values of
     * {@code block} from {@code blockOffset}.
     */
    void overwriteWithin(Object array, int from, int length, Object block, int blockOffset) {
        for (int i = 0; i < size; i++) {
            if (owners[i] == array && fields[i] == null && indexes[i] >= from && indexes[i] < from + length) {
                bits[i] = TypedAccess.load(block, null, blockOffset + indexes[i] - from, kinds[i]);
            }
        }
    }

    /** Adds a location, or gives an existing one its new value. */
    void add(Object owner, VarHandle field, int index, char kind, long value, Object ref) {
        int existing = find(owner, field, index);
        if (existing >= 0) {
            bits[existing] = value;
            refs[existing] = ref;
            return;
        }
        if (size == max) {
            throw new IllegalStateException("an @Atomic call touched more than " + max + " locations (" + what
                    + "); the filter's thread applies at most that many per call. Split the call, or raise -D"
                    + property);
        }
        if (size == owners.length) {
            grow();
        }
        owners[size] = owner;
        fields[size] = field;
        indexes[size] = index;
        kinds[size] = kind;
        bits[size] = value;
        refs[size] = ref;
        size++;
        if (size * 2 > table.length) {
            rehash(table.length * 2);
        } else {
            insert(size - 1);
        }
    }

    /** Whether every location still holds its value. Exact on the filter's thread. */
    boolean allHold() {
        for (int i = 0; i < size; i++) {
            if (kinds[i] == TypedAccess.L) {
                if (TypedAccess.loadReference(owners[i], fields[i], indexes[i]) != refs[i]) {
                    return false;
                }
            } else if (TypedAccess.load(owners[i], fields[i], indexes[i], kinds[i]) != bits[i]) {
                return false;
            }
        }
        return true;
    }

    /** Stores every location's value. On the filter's thread. */
    void storeAll() {
        for (int i = 0; i < size; i++) {
            TypedAccess.store(owners[i], fields[i], indexes[i], kinds[i], bits[i], refs[i]);
        }
    }

    private static int hash(Object owner, VarHandle field, int index) {
        int h = System.identityHashCode(owner) * 0x9E3779B9 + (field == null ? index : System.identityHashCode(field));
        return h ^ (h >>> 16);
    }

    private void insert(int entry) {
        int mask = table.length - 1;
        int slot = hash(owners[entry], fields[entry], indexes[entry]) & mask;
        while (table[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        table[slot] = entry + 1;
    }

    private void rehash(int capacity) {
        table = new int[capacity];
        for (int i = 0; i < size; i++) {
            insert(i);
        }
    }

    private void grow() {
        int n = owners.length * 2;
        owners = Arrays.copyOf(owners, n);
        fields = Arrays.copyOf(fields, n);
        indexes = Arrays.copyOf(indexes, n);
        kinds = Arrays.copyOf(kinds, n);
        bits = Arrays.copyOf(bits, n);
        refs = Arrays.copyOf(refs, n);
    }
}
