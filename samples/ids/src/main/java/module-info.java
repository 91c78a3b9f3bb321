/**
 * The intrusion detection sample. The runtime injects channels into the filters of
 * {@code org.streamflex.samples.ids} and makes its filters and capsules reflectively, so that
 * package is open to it, as every user module with filters must be. Its pcap tools are exported
 * for the benchmarks, which replay the same captures.
 */
module org.streamflex.samples.ids {
    requires transitive org.streamflex.runtime;

    exports org.streamflex.samples.ids;
    exports org.streamflex.samples.ids.pcap;

    opens org.streamflex.samples.ids to org.streamflex.runtime;
}
