/**
 * The javac plugin {@code -Xplugin:StreamFlex}: the ownership rules and the weaving of filter
 * code. javac loads it from the processor path (a class path, where this descriptor is ignored) or
 * from {@code --processor-module-path}, where the services below are what it finds.
 */
module org.streamflex.checker {
    requires jdk.compiler;
    // The rules and weavers name API types (org.streamflex.Filter, the ABI) by their names only: nothing of
    // the API is needed at run time, but tests that stand in for the runtime compile against it.
    requires static org.streamflex.api;

    provides com.sun.source.util.Plugin with org.streamflex.checker.StreamFlexPlugin;
    provides javax.annotation.processing.Processor with org.streamflex.checker.weave.OutputDirectoryProbe;
}
