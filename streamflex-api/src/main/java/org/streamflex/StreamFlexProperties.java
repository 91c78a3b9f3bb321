package org.streamflex;

import java.util.List;
import java.util.function.Function;

/**
 * Every system property StreamFlex reads, with its type, default and meaning: the one place they
 * are defined. Set them on the command line; what code sets (such as {@link
 * StreamFlexGraph#setRealTime(RealTime)}) wins over them.
 *
 * <pre>{@code
 * java -Dstreamflex.clock.priority=90 -Dstreamflex.regions=false -cp app.jar my.Main
 *
 * int priority = StreamFlexProperties.CLOCK_PRIORITY.get();   // 90, or 80 if not set
 * }</pre>
 *
 * <p>Values are read when they are needed, never fixed once per JVM: the clock properties by
 * {@link RealTime#defaults()}, which {@link StreamFlexGraph#start()} calls unless code set the
 * options; all others when a graph is built ({@code new MyGraph()}). So a test or a server can
 * change them between graphs. A malformed value fails there with a {@link StreamFlexError} naming
 * the property, the value and what it accepts.
 *
 * <p>This class is in the API rather than in the runtime for two reasons: the API reads the clock
 * properties itself ({@code RealTime.defaults()}), and their names are part of what users may
 * set, documented next to the classes they configure. It only parses text; the engine that uses
 * the values stays in the runtime.
 */
public final class StreamFlexProperties {
    /**
     * Which backend releases periodic clocks: {@code auto} (the best the platform offers),
     * {@code rtsj}, {@code linux-fifo} or {@code park-spin}. See {@link RealTime.Backend}.
     */
    public static final Property<RealTime.Backend> CLOCK_BACKEND = new Property<>("streamflex.clock.backend",
            RealTime.Backend.AUTO, RealTime.Backend.AUTO.label(), StreamFlexProperties::backend,
            "one of auto, rtsj, linux-fifo, park-spin");

    /** The SCHED_FIFO priority of periodic clock threads under {@code linux-fifo}, 1 to 99. */
    public static final Property<Integer> CLOCK_PRIORITY =
            integer("streamflex.clock.priority", RealTime.DEFAULT_PRIORITY, 1, 99);

    /** The CPU periodic clock threads are pinned to; -1 for no pinning. */
    public static final Property<Integer> CLOCK_CPU = integer("streamflex.clock.cpu", -1, -1, Integer.MAX_VALUE);

    /** Whether to lock the process's memory ({@code mlockall}) so that page faults cannot delay a release. */
    public static final Property<Boolean> CLOCK_LOCK_MEMORY = bool("streamflex.clock.lockMemory", false);

    /**
     * How many microseconds before each deadline a periodic clock thread stops sleeping and spins,
     * because timers wake late by tens of microseconds.
     */
    public static final Property<Integer> CLOCK_SPIN_MICROS =
            integer("streamflex.clock.spinMicros", RealTime.DEFAULT_SPIN_MICROS, 0, Integer.MAX_VALUE);

    /**
     * Whether woven filter code allocates from the filters' transient regions; {@code false}
     * makes it allocate on the heap as plain Java does, for comparison and diagnosis.
     */
    public static final Property<Boolean> REGIONS = bool("streamflex.regions", true);

    /** The most bytes the stable and transient regions of all filters of one graph may take together. */
    public static final Property<Long> REGIONS_MAX_BYTES =
            longInteger("streamflex.regions.maxBytes", 1L << 30, 0, Long.MAX_VALUE);

    /**
     * Bytes of each filter's scratch off-heap arena: what library code on its thread gets from
     * {@code WorkScope.scratch} during one {@code work()}, reset when it returns. Allocated at the
     * filter's first request only.
     */
    public static final Property<Long> SCRATCH_BYTES =
            longInteger("streamflex.scratchBytes", 1L << 20, 0, 1L << 31);

    /**
     * Whether to count, per filter, the heap bytes its {@code work()} allocates: two reads of the
     * thread's allocation counter per {@code work()}.
     */
    public static final Property<Boolean> HEAP_ACCOUNTING = bool("streamflex.heapAccounting", false);

    /**
     * Whether a started graph registers its counters as MBeans on the platform MBean
     * server ({@code org.streamflex:type=...,graph=...,name=...}), unregistered when it stops.
     */
    public static final Property<Boolean> JMX = bool("streamflex.jmx", true);

    /**
     * The most distinct locations one {@code @Atomic} call may read: the filter's thread compares
     * at most this many values when it applies the call.
     */
    public static final Property<Integer> ATOMIC_MAX_READS =
            integer("streamflex.atomic.maxReads", 32_768, 1, Integer.MAX_VALUE);

    /** The most distinct locations one {@code @Atomic} call may write: the filter's thread stores at most this many. */
    public static final Property<Integer> ATOMIC_MAX_WRITES =
            integer("streamflex.atomic.maxWrites", 8_192, 1, Integer.MAX_VALUE);

    /**
     * The most array elements one {@code @Atomic} call may copy from its borrowed arrays with
     * {@code System.arraycopy}: the filter's thread copies at most this many.
     */
    public static final Property<Integer> ATOMIC_MAX_COPIED_ELEMENTS =
            integer("streamflex.atomic.maxCopiedElements", 1 << 20, 0, Integer.MAX_VALUE);

    /**
     * The DSP library's debug mode: segments are not recycled, every read checks that the segment
     * is still alive, and a use after release names where it was freed. Read once, when the
     * library's classes load, so that the checks cost nothing when it is off.
     */
    public static final Property<Boolean> DSP_DEBUG = bool("streamflex.dsp.debug", false);

    /**
     * The most bytes of idle sample buffers the DSP library keeps in each of its size classes for
     * reuse; a buffer freed beyond it is left to the garbage collector (and counted). Read once,
     * when the library's pools are made.
     */
    public static final Property<Long> DSP_POOL_BYTES =
            longInteger("streamflex.dsp.poolBytes", 64L << 20, 0, Long.MAX_VALUE);

    /**
     * Whether a {@code SignalGraph} rewrites chains of DSP operators by WaveScript's algebraic rules
     * when it is validated; {@code false} builds every operator as written, to compare.
     */
    public static final Property<Boolean> DSP_REWRITES = bool("streamflex.dsp.rewrites", true);

    /**
     * Whether each {@code work()} of a filter with {@link Rate} declarations is checked against
     * them: a different number of items taken or put is a {@link RateViolationError}, as if the
     * {@code work()} had thrown it. Read when a graph is built; it costs two reads per declared
     * channel and {@code work()}.
     */
    public static final Property<Boolean> RATES_CHECK = bool("streamflex.rates.check", false);

    /**
     * Whether each static subgraph (every channel inside it has declared rates at both ends) runs as
     * one fused task: its filters' {@code work()} calls in a fixed upstream-first order, each filter
     * its steady-state count per iteration, with no trigger or transaction between them. On by
     * default; off, every filter runs as its own task, to measure what fusion gives. Read when a
     * graph is built.
     */
    public static final Property<Boolean> FUSION = bool("streamflex.fusion", true);

    /**
     * Whether a fused task runs a chain of its filters that each take one item and put one per
     * {@code work()} depth first: one item at a time from the chain's first filter to its last,
     * through one-slot channels, rather than each filter in turn for a batch through its rings. On
     * by default; off, every fused filter runs in batches, to measure what the depth-first path
     * gives. Read when a graph is built; needs fusion.
     */
    public static final Property<Boolean> FUSION_DEPTH_FIRST = bool("streamflex.fusion.depthFirst", true);

    /**
     * Whether a fused filter annotated {@link Stateless}, all of whose channels are primitive with
     * declared rates, runs its batches split across worker threads, one replica per part, when a
     * part is worth a hand-off (see {@link #FISSION_MIN_PART_NANOS}). On by default; off, every
     * filter runs on its clock's thread. Read when a graph is built; needs fusion.
     */
    public static final Property<Boolean> FISSION = bool("streamflex.fission", true);

    /**
     * Replicas of each filter fission splits, 0 for one per available processor. Fission needs at
     * least 2. Read when a graph is built.
     */
    public static final Property<Integer> FISSION_REPLICAS = integer("streamflex.fission.replicas", 0, 0, 256);

    /**
     * The least measured work, in nanoseconds, one replica's part of a batch must hold for fission
     * to split the batch: below it, handing a part to another thread costs more than it saves.
     * Each filter's cost per {@code work()} is measured on its first batches. Read when a graph is
     * built; 0 splits every batch of at least two {@code work()} calls per replica.
     */
    public static final Property<Long> FISSION_MIN_PART_NANOS =
            longInteger("streamflex.fission.minPartNanos", 20_000, 0, Long.MAX_VALUE);

    /**
     * Whether graphs run on worker threads where they can: a graph all of whose clocks are
     * free-running runs every filter on the workers, and a graph with periodic clocks the filters
     * it opts in with {@link StreamFlexGraph#runOnWorkers}. Workers run each fused subgraph or
     * filter for a batch of iterations in data-flow order, over lossless links. On by default; off,
     * every filter runs on its clock's thread, as with fusion and fission off, to measure what
     * workers give. Read when a graph is built.
     */
    public static final Property<Boolean> WORKERS = bool("streamflex.workers", true);

    /** Worker threads of a graph, 0 for one per available processor. Read when a graph is built. */
    public static final Property<Integer> WORKERS_CORES = integer("streamflex.workers.cores", 0, 0, 1024);

    /**
     * Whether each worker thread is pinned to a CPU of its own, through the same Linux call the
     * clocks use: worker i to the i-th CPU the thread that starts the graph may run on (under
     * {@code taskset -c 2,3}, CPUs 2 and 3); workers beyond those CPUs, and workers whose call is
     * refused, run unpinned, and {@code schedule()} says why. Read when a graph is built.
     */
    public static final Property<Boolean> WORKERS_PIN = bool("streamflex.workers.pin", true);

    /**
     * Whether a worker whose CPU another process shares (it waited for its CPU a quarter of the time
     * it could run, in three windows of 20 ms in a row, by Linux's scheduler statistics) moves to a
     * spare CPU (one of the starting thread's CPUs that no worker has), or, if there is none, hands
     * its work to a neighbouring worker whose CPU is free and takes it back once its own is free
     * again. Two workers beside a busy process ran slower than one; false keeps each worker where it
     * was pinned and its work where the profile put it. Read when a graph is built.
     */
    public static final Property<Boolean> WORKERS_MOVE = bool("streamflex.workers.move", true);

    /**
     * A file of measured costs that places a graph's work on its workers at once, instead of the
     * profile of its first turns: lines {@code name=nanoseconds}, one per fused subgraph or filter,
     * as {@code graph.schedule()} prints them after a run. Empty (the default) to measure. Read when
     * a graph is built.
     */
    public static final Property<String> WORKERS_PROFILE = new Property<>("streamflex.workers.profile", "", "",
            text -> text, "a file path, or empty");

    /**
     * What part of a graph split between nodes and a server this JVM runs: {@code whole} (all of
     * it), {@code node} or {@code server}. See {@link Deployment}. Read when a graph is built.
     */
    public static final Property<Deployment.Site> SITE = new Property<>("streamflex.site", Deployment.Site.WHOLE,
            "whole", StreamFlexProperties::site, "one of whole, node, server");

    /** A node's id, as the server's inventory names it ({@code streamflex.site=node}). */
    public static final Property<String> NODE = text("streamflex.node", "a node id, or empty");

    /** The server's {@code host:port}: where a node sends, or where the server listens. */
    public static final Property<String> SERVER = text("streamflex.server", "host:port, or empty");

    /** The server's node inventory: ids separated by commas, or {@code @file} with one id per line. */
    public static final Property<String> NODES = text("streamflex.nodes", "ids separated by commas, or @file");

    /** The PKCS12 store with this JVM's TLS key and certificate; empty for plain links. */
    public static final Property<String> NET_KEY_STORE = text("streamflex.net.keyStore", "a file path, or empty");

    /** The PKCS12 store of the certificates peers must chain to; empty for plain links. */
    public static final Property<String> NET_TRUST_STORE = text("streamflex.net.trustStore", "a file path, or empty");

    /** A file holding the stores' password (a file, so that it is not on the command line); empty for plain links. */
    public static final Property<String> NET_PASSWORD_FILE =
            text("streamflex.net.passwordFile", "a file path, or empty");

    /** A certificate revocation list that TLS peers are checked against; empty for none. */
    public static final Property<String> NET_CRL_FILE = text("streamflex.net.crlFile", "a file path, or empty");

    /** Whether the server may listen beyond loopback (TLS required there). */
    public static final Property<Boolean> NET_ALLOW_NON_LOOPBACK = bool("streamflex.net.allowNonLoopback", false);

    /** How often, in microseconds, the server moves received items into its channels. */
    public static final Property<Integer> NET_POLL_MICROS =
            integer("streamflex.net.pollMicros", Deployment.DEFAULT_POLL_MICROS, 1, Integer.MAX_VALUE);

    /** How long, in milliseconds, a link's peer may send nothing, not even a heartbeat, before it counts as stalled. */
    public static final Property<Integer> NET_STALL_TIMEOUT_MILLIS = integer("streamflex.net.stallTimeoutMillis",
            (int) Deployment.DEFAULT_STALL_TIMEOUT.toMillis(), (int) Deployment.MIN_STALL_TIMEOUT.toMillis(),
            Integer.MAX_VALUE);

    /** The bound on shared values crossing machines: bytes for every channel, and/or {@code Filter.field=bytes}. */
    public static final Property<String> NET_MAX_SHARED_ITEM_BYTES = text("streamflex.net.maxSharedItemBytes",
            "bytes, and/or Filter.field=bytes entries, separated by commas");

    /** Producer ends ({@code Filter.field}, separated by commas) whose crossing channels drop rather than hold. */
    public static final Property<String> NET_DROP =
            text("streamflex.net.drop", "Filter.field names separated by commas");

    private static final List<Property<?>> ALL = List.of(CLOCK_BACKEND, CLOCK_PRIORITY, CLOCK_CPU,
            CLOCK_LOCK_MEMORY, CLOCK_SPIN_MICROS, REGIONS, REGIONS_MAX_BYTES, SCRATCH_BYTES, HEAP_ACCOUNTING, JMX,
            ATOMIC_MAX_READS, ATOMIC_MAX_WRITES, ATOMIC_MAX_COPIED_ELEMENTS, DSP_DEBUG, DSP_POOL_BYTES, DSP_REWRITES,
            RATES_CHECK, FUSION, FUSION_DEPTH_FIRST, FISSION, FISSION_REPLICAS, FISSION_MIN_PART_NANOS, WORKERS,
            WORKERS_CORES, WORKERS_PIN, WORKERS_MOVE, WORKERS_PROFILE, SITE, NODE, SERVER, NODES, NET_KEY_STORE,
            NET_TRUST_STORE, NET_PASSWORD_FILE, NET_CRL_FILE, NET_ALLOW_NON_LOOPBACK, NET_POLL_MICROS,
            NET_STALL_TIMEOUT_MILLIS, NET_MAX_SHARED_ITEM_BYTES, NET_DROP);

    private StreamFlexProperties() {
    }

    /** Every property, in the order of this class. */
    public static List<Property<?>> all() {
        return ALL;
    }

    /**
     * One system property: its name, its default and how its text is read.
     *
     * @param <T> the type of its value
     */
    public static final class Property<T> {
        private final String name;
        private final T defaultValue;
        private final String defaultText;
        /** The value of a stripped text, or null if the text is malformed. */
        private final Function<String, T> parser;
        private final String accepted;

        private Property(String name, T defaultValue, String defaultText, Function<String, T> parser,
                String accepted) {
            this.name = name;
            this.defaultValue = defaultValue;
            this.defaultText = defaultText;
            this.parser = parser;
            this.accepted = accepted;
        }

        /** The property's name, as in {@code -Dstreamflex.regions=false}. */
        public String name() {
            return name;
        }

        /** The value in force when the property is not set. */
        public T defaultValue() {
            return defaultValue;
        }

        /** The default as it would be written on the command line. */
        public String defaultText() {
            return defaultText;
        }

        /**
         * The property's value now: the system property if it is set, else the default.
         *
         * @throws StreamFlexError if the property is set to a value it does not accept
         */
        public T get() {
            String text = System.getProperty(name);
            if (text == null) {
                return defaultValue;
            }
            T value = parser.apply(text.strip());
            if (value == null) {
                throw new StreamFlexError("system property " + name + "=" + text + " is not " + accepted
                        + ": fix it, or remove it to use the default " + defaultText);
            }
            return value;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static Property<Integer> integer(String name, int defaultValue, int min, int max) {
        return new Property<>(name, defaultValue, Integer.toString(defaultValue), text -> {
            Long value = parseLong(text, min, max);
            return value == null ? null : value.intValue();
        }, "an integer from " + min + (max == Integer.MAX_VALUE ? " up" : " to " + max));
    }

    private static Property<Long> longInteger(String name, long defaultValue, long min, long max) {
        return new Property<>(name, defaultValue, Long.toString(defaultValue), text -> parseLong(text, min, max),
                "an integer from " + min + (max == Long.MAX_VALUE ? " up" : " to " + max));
    }

    private static Property<String> text(String name, String accepted) {
        return new Property<>(name, "", "", text -> text, accepted);
    }

    private static Deployment.Site site(String text) {
        for (Deployment.Site site : Deployment.Site.values()) {
            if (site.label().equalsIgnoreCase(text)) {
                return site;
            }
        }
        return null;
    }

    private static Property<Boolean> bool(String name, boolean defaultValue) {
        return new Property<>(name, defaultValue, Boolean.toString(defaultValue),
                text -> text.equalsIgnoreCase("true") ? Boolean.TRUE
                        : text.equalsIgnoreCase("false") ? Boolean.FALSE : null,
                "true or false");
    }

    private static Long parseLong(String text, long min, long max) {
        try {
            long value = Long.parseLong(text);
            return value >= min && value <= max ? value : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static RealTime.Backend backend(String text) {
        try {
            return RealTime.Backend.of(text);
        } catch (IllegalArgumentException unknown) {
            return null;
        }
    }
}
