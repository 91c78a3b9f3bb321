/**
 * Filters that the runtime's tests and the benchmarks both run, compiled once with the StreamFlex
 * plugin. The runtime makes filters and injects their channels reflectively, so the package is open
 * to it.
 */
@SuppressWarnings("module") // the runtime, named below, is built after this module
module org.streamflex.fixtures {
    requires transitive org.streamflex.api;

    exports org.streamflex.fixtures;

    opens org.streamflex.fixtures to org.streamflex.runtime;
}
