import org.streamflex.Filter;
import org.streamflex.IntChannel;

class Named extends Filter {
    private IntChannel out;

    public void work() {
    }

    // BUG: Diagnostic is: [StreamFlex:R1] public method Named.rename(String) takes parameter 'name' of reference type String; code outside the filter could pass in objects the filter keeps. Filter methods that others can call take only primitives, primitive arrays and immutable records or enums (StreamFlex rule R1 FilterBoundary, paper section 4.2: see streamflex-checker/README.md#r1-filterboundary)
    public void rename(String name) {
    }

    // BUG: Diagnostic contains: protected method Named.current() returns reference type int[]
    protected int[] current() {
        return null;
    }

    // BUG: Diagnostic contains: public field Named.label has reference type String
    // BUG: Diagnostic contains: stable class Named keeps a reference to transient class String in field 'label'
    public String label;

    // BUG: Diagnostic contains: public method Named.copy(int[][]) takes parameter 'rows' of reference type int[][]
    public void copy(int[][] rows) {
    }
}
