package org.streamflex.runtime.counter;

/** What a counter belongs to: the first part of its name, and the MBean {@code type} it is under. */
public enum CounterOwner {
    /** A filter: its {@code work()} calls, memory and events ({@code filter.Sink#2.fires}). */
    FILTER("filter", "Filter"),
    /** A channel, named after its two ends ({@code channel.Gen.out->Mid.in.dropped}). */
    CHANNEL("channel", "Channel"),
    /** A clock, by its index in creation order ({@code clock.clock-0.releases}). */
    CLOCK("clock", "Clock"),
    /** A filter's {@code @Atomic} calls from plain Java ({@code atomic.Reader.commits}). */
    ATOMIC("atomic", "Atomic"),
    /** A network link of a graph split between nodes and a server ({@code link.n1:Doa.out->Cluster.in.sent}). */
    LINK("link", "Link"),
    /** A worker thread of a graph, by its index ({@code worker.worker-0.busyTurns}). */
    WORKER("worker", "Worker");

    private final String prefix;
    private final String mbeanType;

    CounterOwner(String prefix, String mbeanType) {
        this.prefix = prefix;
        this.mbeanType = mbeanType;
    }

    /** The first part of the names of its counters. */
    public String prefix() {
        return prefix;
    }

    /** The {@code type} key of its MBeans' names. */
    public String mbeanType() {
        return mbeanType;
    }
}
