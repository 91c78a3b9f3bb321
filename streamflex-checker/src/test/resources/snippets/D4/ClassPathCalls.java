import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.streamflex.Filter;
import org.streamflex.IntChannel;

final class Helper {
    static int twice(int x) {
        return 2 * x;
    }
}

class Caller extends Filter {
    private IntChannel in;
    private IntChannel out;
    private final int[] window = new int[8];

    public void work() {
        int v = Math.max(in.take(), 0);
        Arrays.fill(window, v);
        System.arraycopy(window, 0, window, 1, 7);
        long now = System.nanoTime();
        int parsed = Integer.parseInt("12") + Character.getNumericValue('3') + Helper.twice(v);
        String text = String.valueOf(v);
        // BUG: Diagnostic is: [StreamFlex:D4] code in Caller.work() calls Collections.emptyList(), whose code the checker cannot see (it is on the class path), with parameter or result types that can carry references; it could keep the filter's objects. Call static methods over primitives, primitive arrays, reference-immutable types and shared values, or the JDK helpers Math, StrictMath, Arrays, Objects, the boxed types and System.arraycopy/nanoTime/currentTimeMillis/identityHashCode (StreamFlex rule D4 ClosedWorldCalls, paper section 4.1, definition D4: see streamflex-checker/README.md#d4-closedworldcalls)
        List<Object> empty = Collections.emptyList();
        // BUG: Diagnostic contains: calls Thread.currentThread()
        Thread.currentThread();
        out.put(v + parsed + (int) now + text.length() + empty.size());
    }
}
