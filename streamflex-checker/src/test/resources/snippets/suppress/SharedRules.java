import java.util.ArrayList;
import java.util.List;
import org.streamflex.Filter;
import org.streamflex.Shared;
import org.streamflex.SharedChannel;

final class Seg extends Shared {
    @Override
    protected void freed() {
    }
}

/** Breaks each shared-value rule on purpose, as a test of the runtime's use-after-release check would. */
class Suppressed extends Filter {
    private SharedChannel<Seg> in;
    @SuppressWarnings("StreamFlex:S1")
    private Seg last;

    @SuppressWarnings("StreamFlex:S2")
    public void work() {
        List<Seg> list = new ArrayList<>();
        list.add(in.take());
        @SuppressWarnings("StreamFlex:S3")
        Seg made = new Seg();
        last = made;
    }
}
