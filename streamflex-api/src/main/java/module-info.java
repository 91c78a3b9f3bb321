/**
 * What filter authors compile against ({@code org.streamflex}), the entry points woven code calls
 * ({@code org.streamflex.abi}), and the runtime's service contract ({@code org.streamflex.spi}),
 * which only the runtime may see. The runtime reaches the API's private wiring (a filter's
 * context, a channel's store, a thread's region slot) through private lookups, so the two
 * packages that hold it are open to the runtime module and to no one else.
 */
@SuppressWarnings("module") // the runtime, named below, is built after this module and depends on it
module org.streamflex.api {
    exports org.streamflex;
    exports org.streamflex.abi;
    exports org.streamflex.spi to org.streamflex.runtime;

    opens org.streamflex to org.streamflex.runtime;
    opens org.streamflex.abi to org.streamflex.runtime;

    uses org.streamflex.spi.GraphRuntime;
}
