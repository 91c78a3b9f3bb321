import org.streamflex.Atomic;
import org.streamflex.Borrow;
import org.streamflex.Filter;
import org.streamflex.ShortChannel;

// Figure 11: an atomic method taking a borrowed array from plain Java code.
public class Figure11Writeable extends Filter {
    private final short[] data = new short[1024];
    private ShortChannel out;
    private int count;

    @Atomic
    public int write(@Borrow short[] b) {
        int j = 0;
        for (int i = 0; i < b.length && j < data.length; i++) {
            if (b[i] > 64) {
                data[j++] = b[i];
            }
        }
        count = j;
        return j;
    }

    public void work() {
        for (int i = 0; i < count; i++) {
            out.put(data[i]);
        }
        count = 0;
    }
}
