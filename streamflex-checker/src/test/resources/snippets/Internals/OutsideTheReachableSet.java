import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.Regions;
import org.streamflex.spi.TransientAllocator;

// No filter reaches this class: the runtime's own code and its tests may name the internals.
final class RegionProbe {
    static boolean inWork() {
        RegionSlot slot = Regions.current();
        return slot.inWork();
    }

    static int[] ints(TransientAllocator region) {
        return (int[]) region.newArray(4, Regions.T_INT);
    }
}
