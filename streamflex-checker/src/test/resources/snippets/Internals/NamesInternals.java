import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Stable;
// BUG: Diagnostic contains: filter code names org.streamflex.abi.RegionSlot, part of StreamFlex's woven-code ABI
import org.streamflex.abi.RegionSlot;
// BUG: Diagnostic is: [StreamFlex:Internals] filter code names org.streamflex.abi.Regions, part of StreamFlex's woven-code ABI: that package is what the plugin's rewriting calls, not an API; write new, @Atomic and the org.streamflex classes instead (StreamFlex rule Internals InternalPackages, not in the paper, for StreamFlex on a stock JVM: see streamflex-checker/README.md#internals-internalpackages)
import org.streamflex.abi.Regions;
// BUG: Diagnostic is: [StreamFlex:Internals] filter code names org.streamflex.spi, part of the runtime's service contract: that package is what the runtime implements behind the org.streamflex classes, not an API; use the org.streamflex classes instead (StreamFlex rule Internals InternalPackages, not in the paper, for StreamFlex on a stock JVM: see streamflex-checker/README.md#internals-internalpackages)
import org.streamflex.spi.*;
// BUG: Diagnostic contains: filter code names org.streamflex.abi.Regions, part of StreamFlex's woven-code ABI
import static org.streamflex.abi.Regions.T_INT;

class Tapped extends Filter {
    private IntChannel out;

    public void work() {
        // BUG: Diagnostic contains: filter code names org.streamflex.abi.RegionSlot
        // BUG: Diagnostic contains: filter code names org.streamflex.abi.Regions
        // BUG: Diagnostic contains: calls Regions.current()
        RegionSlot slot = Regions.current();
        // BUG: Diagnostic contains: filter code names org.streamflex.abi.RegionSlot
        boolean inWork = slot.inWork();
        // BUG: Diagnostic contains: filter code names org.streamflex.abi.Regions
        // BUG: Diagnostic contains: filter code names org.streamflex.abi.RegionSlot
        // BUG: Diagnostic contains: calls Regions.current()
        inWork &= Regions.current().inWork();
        Object o = slot;
        // BUG: Diagnostic contains: filter code names org.streamflex.abi.RegionSlot
        // BUG: Diagnostic contains: filter code names org.streamflex.abi.RegionSlot
        RegionSlot again = (RegionSlot) o;
        // BUG: Diagnostic contains: filter code names org.streamflex.abi.Regions
        Class<?> type = Regions.class;
        // BUG: Diagnostic contains: filter code names org.streamflex.spi.FilterContext, part of the runtime's service contract
        org.streamflex.spi.FilterContext context = null;
        // BUG: Diagnostic contains: filter code names org.streamflex.abi.RegionSlot
        // BUG: Diagnostic contains: filter code names org.streamflex.abi.Regions
        Supplier<RegionSlot> slots = Regions::current;
        // BUG: Diagnostic contains: filter code names org.streamflex.abi.RegionSlot
        BooleanSupplier working = slot::inWork;
        // BUG: Diagnostic contains: filter code names org.streamflex.spi.StableAccount
        // BUG: Diagnostic contains: filter code names org.streamflex.spi.StableAccount
        StableAccount account = new StableAccount() {
            public void allocate(Class<?> type) {
            }

            public void allocateArray(int length, int elementBytes) {
            }
        };
        Probe probe = new Probe();
        Counting counting = new Counting();
        out.put(T_INT + (inWork ? 1 : 0) + size(probe.store) + type.hashCode());
    }

    // BUG: Diagnostic contains: filter code names org.streamflex.spi.TransientAllocator
    private int size(TransientAllocator store) {
        return store == null ? 0 : 1;
    }
}

class Probe {
    // BUG: Diagnostic contains: filter code names org.streamflex.spi.TransientAllocator
    TransientAllocator store;
}

// BUG: Diagnostic contains: filter code names org.streamflex.abi.Woven
@org.streamflex.abi.Woven(abi = 2)
// BUG: Diagnostic contains: filter code names org.streamflex.spi.StableAccount
final class Counting implements Stable, StableAccount {
    private int count;

    public void allocate(Class<?> type) {
        count++;
    }

    public void allocateArray(int length, int elementBytes) {
        count += length;
    }
}
