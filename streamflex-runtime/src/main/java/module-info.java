/**
 * The StreamFlex runtime: graph building and validation, channels, capsule pools, regions, the
 * scheduler, clocks and the engine behind {@code @Atomic}. Users reach it through the API and
 * {@code org.streamflex.runtime} ({@code GraphDriver}); every other package is internal.
 *
 * <p>The runtime injects channels into filter fields and constructs filters reflectively: a filter
 * class in a named module must have its package open to this module ({@code opens my.filters to
 * org.streamflex.runtime;}), and so must a package whose classes filter code allocates.
 */
module org.streamflex.runtime {
    requires transitive org.streamflex.api;
    requires org.jctools.core;
    requires jdk.management;
    requires jdk.jfr;
    requires io.netty.buffer;
    requires io.netty.codec;
    requires io.netty.common;
    requires io.netty.handler;
    requires io.netty.transport;

    exports org.streamflex.runtime;
    exports org.streamflex.runtime.spacetime;

    uses org.streamflex.runtime.net.SharedCodecProvider;

    provides org.streamflex.spi.GraphRuntime with org.streamflex.runtime.StreamFlexRuntime;
}
