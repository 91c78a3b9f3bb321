package org.streamflex.samples.ids;

import java.io.PrintStream;
import java.util.Locale;
import org.streamflex.samples.ids.pcap.CaptureCounts;

/**
 * What one run of the IDS found, as printed at its end: what was analyzed first, then what could
 * not be, then the damage; and the exit code that sums it up.
 *
 * <pre>{@code
 * IdsReport report = new IdsReport(ids, counts, feeder.tooLarge(), underruns, seconds);
 * report.print(System.out);
 * System.exit(report.exitCode().code);
 * }</pre>
 */
public final class IdsReport {
    private final PacketDumper d;
    private final TearDrop tear;
    private final FragmentLimits limits;
    private final CaptureCounts counts;
    private final long tooLarge;
    private final long drops;
    private final long underruns;
    private final double seconds;

    /** Reads the graph's counters: call once it has stopped. */
    public IdsReport(Intrusion ids, FragmentLimits limits, CaptureCounts counts, long tooLarge, long underruns,
            double seconds) {
        this.d = ids.dump;
        this.tear = ids.tear;
        this.limits = limits;
        this.counts = counts;
        this.tooLarge = tooLarge;
        this.drops = ids.drops();
        this.underruns = underruns;
        this.seconds = seconds;
    }

    public void print(PrintStream out) {
        line(out, "packets analyzed", "%d (%d bytes)", d.packets, d.bytes);
        line(out, "attacks", "%d tiny TCP fragments (VSIPFragments), %d conflicting fragments in %d datagrams,"
                + " %d fragments past 65,535 bytes (TearDrop)", d.tinyFragments, d.teardrops,
                tear.conflictingDatagrams(), d.oversizeFragments);
        line(out, "trusted", "%d (TrustFilter)", d.trusted);
        line(out, "not IPv4", "%d", d.notIpv4);
        line(out, "malformed frames", "%d", d.malformed);
        line(out, "fragmented", "%d datagrams reassembled, %d duplicate fragments, %d datagrams expired incomplete,"
                + " %d still incomplete at the end",
                tear.reassembled(), tear.duplicates(), tear.expired(), tear.tracked());
        line(out, "given up", "%d datagrams evicted (when all %d trackers were in use), %d fragments not kept (%d per"
                + " datagram at most)", tear.evicted(), limits.trackers(), tear.fragmentsNotKept(),
                limits.fragmentsPerDatagram());
        line(out, "not inspected", "%d frames too large for the reader (over %d bytes), %d records skipped%s",
                tooLarge, PacketBuffer.MAX_FRAME, counts.skippedRecords,
                counts.firstSkipped == null ? "" : " (first: " + counts.firstSkipped + ")");
        line(out, "capture", "%d bytes: %d of headers, %d of frames, %d skipped, %d malformed", counts.fileBytes,
                counts.headerBytes, counts.frameBytes, counts.skippedBytes, counts.malformedBytes);
        line(out, "damage", "%s", damage());
        line(out, "channel drops", "%d; reader underruns while input was pending %d (releases finding no packet)",
                drops, underruns);
        if (d.packets > 0) {
            line(out, "analysis rate", "%.1f Mbit/s, %.0f ns per packet (%.2f s, feeding included)",
                    d.bytes * 8 / seconds / 1e6, seconds * 1e9 / d.packets, seconds);
        }
    }

    private String damage() {
        if (!counts.damaged()) {
            return "none";
        }
        String damaged = counts.damagedRecords == 0 ? ""
                : counts.damagedRecords + " damaged records read past (first: " + counts.firstDamaged + ")";
        if (counts.stopped == null) {
            return damaged;
        }
        return "reading stopped: " + counts.stopped + (damaged.isEmpty() ? "" : "; before that, " + damaged);
    }

    public ExitCode exitCode() {
        if (counts.damaged()) {
            return ExitCode.DAMAGED;
        }
        if (counts.skippedRecords > 0 || tooLarge > 0 || tear.evicted() > 0 || tear.fragmentsNotKept() > 0) {
            return ExitCode.INCOMPLETE;
        }
        return ExitCode.ANALYZED;
    }

    /** One line for standard error explaining a non-zero exit code, or null for {@link ExitCode#ANALYZED}. */
    public String problem() {
        return switch (exitCode()) {
            case DAMAGED -> "the capture is damaged: " + damage() + "; the report covers the " + counts.frames
                    + " frames that could be read";
            case INCOMPLETE -> "not everything was inspected: " + tooLarge + " frames too large, "
                    + counts.skippedRecords + " records skipped, " + tear.evicted() + " datagrams evicted, "
                    + tear.fragmentsNotKept() + " fragments not kept (see the report)";
            default -> null;
        };
    }

    // Every caller passes a literal format; the annotation that would check them is not on our class path.
    @SuppressWarnings("AnnotateFormatMethod")
    private static void line(PrintStream out, String label, String format, Object... values) {
        out.printf(Locale.ROOT, "  %-19s %s%n", label, String.format(Locale.ROOT, format, values));
    }
}
