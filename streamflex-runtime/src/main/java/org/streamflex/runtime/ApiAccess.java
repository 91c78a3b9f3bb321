package org.streamflex.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import org.streamflex.Filter;
import org.streamflex.StreamFlexGraph;
import org.streamflex.spi.FilterContext;
import org.streamflex.spi.GraphAssembly;

/**
 * The runtime's access to the API's private wiring fields: a filter's context and a graph's
 * assembly. Both live in the API so that user code cannot reach them; the runtime, on the class
 * path (or with the API module open to it), reaches them through private lookups.
 */
public final class ApiAccess {
    private static final VarHandle FILTER_CONTEXT;
    private static final VarHandle GRAPH_ASSEMBLY;
    /** Filter.trigger() is protected; a constant method handle calls it as fast as a direct call. */
    private static final MethodHandle TRIGGER;

    static {
        try {
            FILTER_CONTEXT = MethodHandles.privateLookupIn(Filter.class, MethodHandles.lookup())
                    .findVarHandle(Filter.class, "context", FilterContext.class);
            TRIGGER = MethodHandles.privateLookupIn(Filter.class, MethodHandles.lookup())
                    .findVirtual(Filter.class, "trigger", MethodType.methodType(boolean.class));
            GRAPH_ASSEMBLY = MethodHandles.privateLookupIn(StreamFlexGraph.class, MethodHandles.lookup())
                    .findVarHandle(StreamFlexGraph.class, "assembly", GraphAssembly.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ApiAccess() {
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
}
