import org.streamflex.Filter;
import org.streamflex.Stable;

class Samples implements Stable {
    // BUG: Diagnostic contains: stable class Samples has array field 'open' that is not private final
    double[] open = new double[8];
    // BUG: Diagnostic contains: stable class Samples has array field 'grid' of type int[][], which has more than one dimension
    private final int[][] grid = new int[2][2];
    // BUG: Diagnostic contains: stable class Samples has array field 'names' whose elements, of type String, are not stable
    private final String[] names = new String[2];
    // BUG: Diagnostic contains: stable class Samples has array field 'borrowed' that is assigned an array the constructor did not allocate (values)
    private final double[] borrowed;

    Samples(double[] values) {
        borrowed = values;
    }
}

class User extends Filter {
    private Samples samples = new Samples(new double[4]);

    public void work() {
    }
}
