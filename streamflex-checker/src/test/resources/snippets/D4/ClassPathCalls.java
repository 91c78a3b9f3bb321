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
        // BUG: Diagnostic contains: code in Caller.work() calls Collections.emptyList(), whose code the checker cannot see
        List<Object> empty = Collections.emptyList();
        // BUG: Diagnostic contains: calls Thread.currentThread()
        Thread.currentThread();
        out.put(v + parsed + (int) now + text.length() + empty.size());
    }
}
