package org.streamflex.samples.ids;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The IDS's command line, checked whole before anything starts. Each option is written
 * {@code --name value} or {@code --name=value}; see {@link #USAGE}.
 *
 * <pre>{@code
 * IdsOptions o = IdsOptions.parse("--pcap", "x.pcapng", "--trust", "10.0.0.0/8");
 * }</pre>
 *
 * @param pcap the capture, or null for the bundled sample
 * @param trusted the trusted prefixes, in order
 * @param periodMicros the reader's clock period, 0 for free-running
 * @param perRelease packets the reader parses per release
 * @param fragments the teardrop detector's bounds
 * @param help whether to print {@link #USAGE} and do nothing else
 */
public record IdsOptions(Path pcap, List<Prefix> trusted, int periodMicros, int perRelease, FragmentLimits fragments,
        boolean help) {
    public static final int DEFAULT_PERIOD_MICROS = 80;
    public static final int MAX_PERIOD_MICROS = 1_000_000;
    public static final int DEFAULT_PER_RELEASE = 64;

    /** A trusted network: addresses whose first {@code length} bits are {@code network}'s. */
    public record Prefix(int network, int length) {
    }

    public static final String USAGE = """
            usage: ids [--pcap FILE] [--trust NETWORK/LENGTH]... [--period MICROS] [--per-release N]
                       [--frag-trackers N] [--frag-fragments N] [--frag-timeout SECONDS] [--help]

            Runs the StreamFlex intrusion detection graph on a capture and reports what it found.

              --pcap FILE              pcap or pcapng, plain or gzip-compressed (told by content);
                                       default: the bundled sample, trusting 10.1.0.0/16
              --trust NETWORK/LENGTH   trust packets from this IPv4 prefix, e.g. 10.0.0.0/8 (up to 16)
              --period MICROS          the reader's clock period, 0 to %d; 0 is free-running (%d)
              --per-release N          packets the reader parses per release, 1 to %d (%d)
              --frag-trackers N        datagrams the teardrop detector tracks at once, 1 to %d (%d)
              --frag-fragments N       fragments it keeps per datagram, 1 to %d (%d)
              --frag-timeout SECONDS   capture time after a datagram's latest fragment when it is
                                       forgotten, 1 to %d (%d)
              --help                   this text

            Exit codes: 0 the whole capture was analyzed; 1 the analysis failed; 2 usage error;
            3 the capture cannot be read (nothing analyzed); 4 the capture is damaged or cut short
            (the report covers what came before); 5 analyzed to the end, but some of it could not be
            inspected (link types not read, frames too large, fragment state given up).
            """.formatted(MAX_PERIOD_MICROS, DEFAULT_PERIOD_MICROS, Intrusion.CAPACITY, DEFAULT_PER_RELEASE,
            FragmentLimits.MAX_TRACKERS, FragmentLimits.DEFAULT.trackers(), FragmentLimits.MAX_FRAGMENTS,
            FragmentLimits.DEFAULT.fragmentsPerDatagram(), FragmentLimits.MAX_TIMEOUT_SECONDS,
            FragmentLimits.DEFAULT.timeoutSeconds());

    /**
     * The options of a command line, every one checked before anything runs.
     *
     * @throws UsageException naming the first problem
     */
    public static IdsOptions parse(String... args) throws UsageException {
        Path pcap = null;
        List<Prefix> trusted = new ArrayList<>();
        int period = DEFAULT_PERIOD_MICROS;
        int perRelease = DEFAULT_PER_RELEASE;
        FragmentLimits d = FragmentLimits.DEFAULT;
        int trackers = d.trackers();
        int fragments = d.fragmentsPerDatagram();
        int timeout = d.timeoutSeconds();
        boolean help = false;
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--help") || arg.equals("-h")) {
                help = true;
                continue;
            }
            int equals = arg.indexOf('=');
            String option = arg.startsWith("--") && equals > 0 ? arg.substring(0, equals) : arg;
            String value;
            if (option.length() < arg.length()) {
                value = arg.substring(equals + 1);
            } else if (isOption(option) && i + 1 < args.length) {
                value = args[++i];
            } else if (isOption(option)) {
                throw new UsageException(option + " needs a value");
            } else {
                throw new UsageException(arg.startsWith("-") ? "unknown option " + arg : "unexpected argument " + arg
                        + " (options start with --, e.g. --pcap " + arg + ")");
            }
            if (!option.equals("--trust") && !seen.add(option)) {
                throw new UsageException(option + " is given twice");
            }
            switch (option) {
                case "--pcap" -> {
                    if (value.isEmpty()) {
                        throw new UsageException("--pcap needs a file name");
                    }
                    pcap = Path.of(value);
                }
                case "--trust" -> {
                    if (trusted.size() == TrustFilter.MAX_PREFIXES) {
                        throw new UsageException("--trust is given more than " + TrustFilter.MAX_PREFIXES + " times");
                    }
                    trusted.add(parsePrefix(value));
                }
                case "--period" -> period = number(option, value, 0, MAX_PERIOD_MICROS, "microseconds");
                case "--per-release" -> perRelease = number(option, value, 1, Intrusion.CAPACITY, "packets");
                case "--frag-trackers" -> trackers = number(option, value, 1, FragmentLimits.MAX_TRACKERS, "datagrams");
                case "--frag-fragments" ->
                        fragments = number(option, value, 1, FragmentLimits.MAX_FRAGMENTS, "fragments");
                case "--frag-timeout" ->
                        timeout = number(option, value, 1, FragmentLimits.MAX_TIMEOUT_SECONDS, "seconds");
                default -> throw new IllegalStateException(option); // isOption() listed it
            }
        }
        FragmentLimits limits;
        try {
            limits = new FragmentLimits(trackers, fragments, timeout);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return new IdsOptions(pcap, List.copyOf(trusted), period, perRelease, limits, help);
    }

    private static boolean isOption(String option) {
        return switch (option) {
            case "--pcap", "--trust", "--period", "--per-release", "--frag-trackers", "--frag-fragments",
                    "--frag-timeout" -> true;
            default -> false;
        };
    }

    private static int number(String option, String value, int min, int max, String unit) throws UsageException {
        String why = option + " takes a whole number of " + unit + " from " + min + " to " + max
                + ", not '" + value + "'";
        if (!digits(value, 10)) {
            throw new UsageException(why);
        }
        long n = Long.parseLong(value);
        if (n < min || n > max) {
            throw new UsageException(why);
        }
        return (int) n;
    }

    /** Whether {@code text} is 1 to {@code max} ASCII digits. */
    private static boolean digits(String text, int max) {
        return !text.isEmpty() && text.length() <= max && text.chars().allMatch(ch -> ch >= '0' && ch <= '9');
    }

    /** "10.1.0.0/16" (or "10.1.2.3", a /32) as a prefix; host bits are ignored, as routers do. */
    static Prefix parsePrefix(String text) throws UsageException {
        String why = "--trust takes an IPv4 NETWORK/LENGTH such as 10.0.0.0/8, not '" + text + "'";
        int slash = text.indexOf('/');
        String address = slash < 0 ? text : text.substring(0, slash);
        String[] octets = address.split("\\.", -1);
        if (octets.length != 4) {
            throw new UsageException(why);
        }
        int network = 0;
        for (String o : octets) {
            if (!digits(o, 3) || Integer.parseInt(o) > 255) {
                throw new UsageException(why + ": '" + o + "' is not a number from 0 to 255");
            }
            network = network << 8 | Integer.parseInt(o);
        }
        if (slash < 0) {
            return new Prefix(network, 32);
        }
        String length = text.substring(slash + 1);
        if (!digits(length, 2) || Integer.parseInt(length) > 32) {
            throw new UsageException(why + ": the length after / must be from 0 to 32");
        }
        return new Prefix(network, Integer.parseInt(length));
    }
}
