import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.streamflex.Filter;

/** The JDK's memory layouts are immutable: filter code reads samples through their constants. */
class LayoutReader extends Filter {
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT;
    private double sum;

    public void work() {
    }

    private void read(MemorySegment memory) {
        sum += memory.get(FLOAT, 0) + memory.get(ValueLayout.JAVA_INT, 4);
    }
}
