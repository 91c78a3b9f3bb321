import java.util.ArrayList;
import java.util.List;
import org.streamflex.Filter;
import org.streamflex.IntChannel;

final class Registry {
    static List<Object> seen = new ArrayList<>();
    static final List<String> NAMES = List.of("a");
    static final String[] LABELS = {"x"};
    static final String TITLE = "t";
    static final int[] TABLE = {1, 2, 3};
    static final Integer ONE = 1;
    static final Limits LIMITS = new Limits(1, 2);
    static int counter;
}

final class Limits {
    final int low;
    final int high;

    Limits(int low, int high) {
        this.low = low;
        this.high = high;
    }
}

class Watcher extends Filter {
    private IntChannel in;

    public void work() {
        Object item = new Object();
        // BUG: Diagnostic is: [StreamFlex:R3] code in Watcher.work() writes static field Registry.seen; an object stored in a static field outlives work() and is shared by every filter. Keep it in a field of a Stable object instead (StreamFlex rule R3 StaticReferences, paper section 4.2: see streamflex-checker/README.md#r3-staticreferences)
        Registry.seen = null;
        // BUG: Diagnostic contains: code in Watcher.work() reads static field Registry.seen, which is not final
        Registry.seen.add(item);
        // BUG: Diagnostic contains: reads static field Registry.NAMES of type List<String>, which is not reference-immutable (List is an interface
        int n = Registry.NAMES.size();
        // BUG: Diagnostic contains: reads static field Registry.LABELS of type String[], which is not reference-immutable (an array of references
        String first = Registry.LABELS[0];
        int sum = Registry.TABLE[0] + Registry.ONE + Registry.LIMITS.high + Registry.TITLE.length() + n;
        Registry.counter++;
        System.out.println(sum + first);
        in.take();
    }
}
