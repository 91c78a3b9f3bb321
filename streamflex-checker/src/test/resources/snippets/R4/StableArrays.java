import org.streamflex.Filter;
import org.streamflex.Stable;

class Samples implements Stable {
    static final double[] DEFAULTS = {1, 2};
    // BUG: Diagnostic contains: stable class Samples has array field 'open' that is not private final
    double[] open = new double[8];
    // BUG: Diagnostic contains: stable class Samples has array field 'grid' of type int[][], which has more than one dimension
    private final int[][] grid = new int[2][2];
    // BUG: Diagnostic contains: stable class Samples has array field 'names' whose elements, of type String, are not stable
    private final String[] names = new String[2];
    private final double[] borrowed;
    private final double[] fresh;
    // BUG: Diagnostic is: [StreamFlex:R4] stable class Samples has array field 'shared' that is assigned an array the initializer did not allocate (DEFAULTS); a stable array must be private final, one-dimensional, of primitives or stable objects, and assigned a new array in every constructor, so that it never refers to a transient or borrowed array (StreamFlex rule R4 StableArrays, paper section 4.2: see streamflex-checker/README.md#r4-stablearrays)
    private final double[] shared = DEFAULTS;

    Samples(double[] values) {
        // BUG: Diagnostic is: [StreamFlex:R4] stable class Samples has array field 'borrowed' that is assigned an array the constructor did not allocate (values); a stable array must be private final, one-dimensional, of primitives or stable objects, and assigned a new array in every constructor, so that it never refers to a transient or borrowed array (StreamFlex rule R4 StableArrays, paper section 4.2: see streamflex-checker/README.md#r4-stablearrays)
        borrowed = values;
        fresh = new double[values.length];
    }

    Samples() {
        borrowed = new double[4];
        // BUG: Diagnostic contains: stable class Samples has array field 'fresh' that is assigned an array the constructor did not allocate (borrowed)
        fresh = borrowed;
    }
}

class Blocks implements Stable {
    private final long[] counts;
    private final long[] totals;

    {
        counts = new long[4];
        // BUG: Diagnostic contains: stable class Blocks has array field 'totals' that is assigned an array the initializer did not allocate (counts)
        totals = counts;
    }
}

class Unfinished implements Stable {
    // BUG: Diagnostic is: [StreamFlex:R4] stable class Unfinished has array field 'data' that is not assigned in a constructor; a stable array must be private final, one-dimensional, of primitives or stable objects, and assigned a new array in every constructor, so that it never refers to a transient or borrowed array (StreamFlex rule R4 StableArrays, paper section 4.2: see streamflex-checker/README.md#r4-stablearrays)
    private final int[] data;

    Unfinished() {
        throw new UnsupportedOperationException("not yet");
    }
}

class User extends Filter {
    private Samples samples = new Samples(new double[4]);
    private Samples other = new Samples();
    private Blocks blocks = new Blocks();
    private Unfinished unfinished = new Unfinished();

    public void work() {
    }
}
