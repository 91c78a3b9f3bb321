import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.abi.Regions;

// Suppressing Internals on a top-level class covers its file's imports, which no declaration can carry.
@SuppressWarnings("StreamFlex:Internals")
class Calibrated extends Filter {
    private IntChannel out;

    public void work() {
        out.put(Regions.T_INT);
    }
}
