import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.Stable;

// Figure 13: TearDrop, with its matcher automaton in stable memory.
class TearMatcher implements Stable {
    private final int[] lastEnd = new int[256];

    boolean step(TCP_Hdr t) {
        int slot = t.ip_id & 0xff;
        int start = (t.ip_off & 0x1fff) * 8;
        boolean overlap = start != 0 && start < lastEnd[slot];
        lastEnd[slot] = start + t.ip_len;
        return overlap;
    }
}

public class Figure13TearDrop extends Filter {
    private Channel<Ether_Hdr> in, out, fail;
    private TearMatcher pm = new TearMatcher();

    public void work() {
        Ether_Hdr p = in.take();
        if (p instanceof TCP_Hdr) {
            TCP_Hdr t = (TCP_Hdr) p;
            if (pm.step(t)) {
                p.filtered = true;
                p.filtered_by_TearDrop = true;
                fail.put(p);
                return;
            }
        }
        out.put(p);
    }
}
