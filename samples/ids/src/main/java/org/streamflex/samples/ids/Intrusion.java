package org.streamflex.samples.ids;

import java.util.concurrent.ThreadLocalRandom;
import org.streamflex.Clock;
import org.streamflex.Joiner;
import org.streamflex.StreamFlexGraph;

/**
 * The paper's intrusion detection graph (Figures 12 and 14): PacketReader -> TrustFilter ->
 * VSIPFragments -> TearDrop, with the trusted, caught and remaining packets joined into the
 * PacketDumper.
 *
 * <pre>{@code
 * Intrusion ids = new Intrusion(80);
 * ids.trust.trust(0x0A000000, 8);                                // 10.0.0.0/8
 * ids.start();
 * new CaptureFeeder(ids.reader).feed(CaptureFile.open(path));    // plain Java
 * }</pre>
 */
public final class Intrusion extends StreamFlexGraph {
    public static final int CAPACITY = 256;
    public final Clock clock;
    public final PacketReader reader;
    public final TrustFilter trust;
    public final VSIPFragments vsip;
    public final TearDrop tear;
    public final Joiner join;
    public final PacketDumper dump;

    /**
     * The graph of the paper's Figure 12.
     *
     * @param periodMicros the reader's period; 0 for free-running
     */
    public Intrusion(int periodMicros) {
        this(periodMicros, FragmentLimits.DEFAULT);
    }

    /**
     * @param periodMicros the reader's period; 0 for free-running
     * @param fragments the bounds of the teardrop detector's memory
     */
    public Intrusion(int periodMicros, FragmentLimits fragments) {
        clock = makeClock(periodMicros);
        reader = makeFilter(PacketReader.class, 512 * 1024, DEFAULT_TRANSIENT_BYTES);
        trust = makeFilter(TrustFilter.class);
        vsip = makeFilter(VSIPFragments.class);
        tear = makeFilter(TearDrop.class);
        // A random seed: no one can choose datagrams that collide in the detector's hash table.
        tear.limits(fragments.trackers(), fragments.fragmentsPerDatagram(), fragments.timeoutNanos(),
                ThreadLocalRandom.current().nextInt());
        join = makeFilter(Joiner.class);
        dump = makeFilter(PacketDumper.class, 256 * 1024, DEFAULT_TRANSIENT_BYTES);
        connect(clock, reader, "timer");
        connect(reader, trust, CAPACITY);
        connect(trust, "out", vsip, "in", CAPACITY);
        connect(trust, "ok", join, CAPACITY);
        connect(vsip, "out", tear, "in", CAPACITY);
        connect(vsip, "fail", join, CAPACITY);
        connect(tear, "fail", join, CAPACITY);
        connect(tear, "out", join, CAPACITY);
        connect(join, dump, CAPACITY);
        validate();
    }

    /** Items dropped on every channel of the graph (full channels): 0 unless capacities are too small. */
    public long drops() {
        long d = 0;
        d += channel(reader, "out").dropped() + channel(trust, "out").dropped() + channel(trust, "ok").dropped();
        d += channel(vsip, "out").dropped() + channel(vsip, "fail").dropped();
        d += channel(tear, "out").dropped() + channel(tear, "fail").dropped() + channel(join, "out").dropped();
        return d;
    }
}
