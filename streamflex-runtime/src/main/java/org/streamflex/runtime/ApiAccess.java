package org.streamflex.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import org.streamflex.Filter;
import org.streamflex.StreamFlexGraph;
import org.streamflex.abi.RegionSlot;
import org.streamflex.abi.WorkScope;
import org.streamflex.spi.FilterContext;
import org.streamflex.spi.GraphAssembly;
import org.streamflex.spi.StableAccount;
import org.streamflex.spi.TransientAllocator;

/**
 * The runtime's access to what the API keeps from user code: a filter's context, a graph's
 * assembly and the fields of a thread's region slot. They have no public setter, so nothing on the
 * class path can rewire a filter or point its allocations elsewhere; the runtime reaches them
 * through private lookups, which the API module opens to the runtime module alone
 * ({@code opens ... to org.streamflex.runtime}).
 *
 * <p>Every handle is a constant: the JIT turns the accesses into plain field loads and stores.
 */
@SuppressWarnings("exports") // org.streamflex.spi is exported to this module alone: only the runtime can call these
public final class ApiAccess {
    private static final VarHandle FILTER_CONTEXT;
    private static final VarHandle GRAPH_ASSEMBLY;
    private static final VarHandle SLOT_REGION;
    private static final VarHandle SLOT_STABLE;
    private static final VarHandle SLOT_SCOPE;
    /** Filter.trigger() is protected; a constant method handle calls it as fast as a direct call. */
    private static final MethodHandle TRIGGER;

    static {
        try {
            FILTER_CONTEXT = into(Filter.class).findVarHandle(Filter.class, "context", FilterContext.class);
            TRIGGER = into(Filter.class).findVirtual(Filter.class, "trigger", MethodType.methodType(boolean.class));
            GRAPH_ASSEMBLY = into(StreamFlexGraph.class)
                    .findVarHandle(StreamFlexGraph.class, "assembly", GraphAssembly.class);
            SLOT_REGION = into(RegionSlot.class).findVarHandle(RegionSlot.class, "region", TransientAllocator.class);
            SLOT_STABLE = into(RegionSlot.class).findVarHandle(RegionSlot.class, "stable", StableAccount.class);
            SLOT_SCOPE = into(RegionSlot.class).findVarHandle(RegionSlot.class, "scope", WorkScope.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ApiAccess() {
    }

    /** A lookup with private access to an API class: the API module opens its packages to this one. */
    private static MethodHandles.Lookup into(Class<?> type) throws IllegalAccessException {
        return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
    }

    public static FilterContext context(Filter filter) {
        return (FilterContext) FILTER_CONTEXT.getAcquire(filter);
    }

    public static void setContext(Filter filter, FilterContext context) {
        FILTER_CONTEXT.setRelease(filter, context);
    }

    /** Calls the filter's (protected) trigger(). */
    public static boolean trigger(Filter filter) {
        try {
            return (boolean) TRIGGER.invokeExact(filter);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    public static GraphAssembly assemblyOf(StreamFlexGraph graph) {
        return (GraphAssembly) GRAPH_ASSEMBLY.getAcquire(graph);
    }

    /** Names the transient region woven code on this thread allocates from; null outside work(). */
    public static void enterRegion(RegionSlot slot, TransientAllocator region, StableAccount stable) {
        SLOT_REGION.set(slot, region);
        SLOT_STABLE.set(slot, stable);
    }

    /** Woven code on this thread allocates on the heap again. */
    public static void leaveRegion(RegionSlot slot) {
        SLOT_REGION.set(slot, (TransientAllocator) null);
        SLOT_STABLE.set(slot, (StableAccount) null);
    }

    /** Names the running work()'s scope (shared values it makes, scratch memory) on this thread; null after it. */
    public static void setScope(RegionSlot slot, WorkScope scope) {
        SLOT_SCOPE.set(slot, scope);
    }

    /** The stable region counting what filter code on this thread keeps (while a filter is constructed). */
    public static StableAccount stableOf(RegionSlot slot) {
        return (StableAccount) SLOT_STABLE.get(slot);
    }

    /** Sets only the stable account of the slot, as while a filter's constructor runs. */
    public static void setStable(RegionSlot slot, StableAccount stable) {
        SLOT_STABLE.set(slot, stable);
    }
}
