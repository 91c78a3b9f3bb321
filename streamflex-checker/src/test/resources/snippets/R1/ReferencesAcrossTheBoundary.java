import org.streamflex.Filter;
import org.streamflex.IntChannel;

class Named extends Filter {
    private IntChannel out;

    public void work() {
    }

    // BUG: Diagnostic contains: public method Named.rename(String) takes parameter 'name' of reference type String
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
