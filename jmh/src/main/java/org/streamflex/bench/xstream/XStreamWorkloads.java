package org.streamflex.bench.xstream;

/**
 * The XStream paper's mini-benchmarks (ICDE'08, section IV-A), defined exactly, once, for every
 * version that runs them: the plain loop, the per-sample StreamFlex graphs, the conventional engine
 * and, later, the signal-segment graphs. A version is correct when it returns the same
 * {@link Checksum} as the others, bit for bit.
 *
 * <h2>The input stream</h2>
 *
 * <p>The {@link CountingRecording} ({@value CountingRecording#SAMPLES} samples at 44.1 kHz) replayed
 * {@code R} times back to back: sample number {@code n}, for {@code 0 <= n < R * 396,900}, has the
 * value {@code recording[n % 396,900]}. Sample numbers are continuous across replays, so windows
 * straddle replay boundaries and each replay is cut into windows at a different phase. The source
 * delivers the stream in batches of {@code B} samples ({@value #DEFAULT_BATCH} unless the harness
 * says otherwise; the last batch is shorter). {@code B} changes how a version is driven, never its
 * checksum.
 *
 * <h2>Arithmetic shared by every version</h2>
 *
 * <p>A window's statistics are accumulated in {@code double}, in sample order, from the
 * {@code float} samples: {@code sum += x; sumOfSquares += (double) x * x}, and then reduced by
 * {@link WindowStats#std} and {@link WindowStats#mean}. Sums of sample values in checksums are
 * likewise one {@code double} accumulated in stream order. Java evaluates all of it strictly, so
 * every version that follows this order gets the same bits.
 *
 * <h2>The workloads</h2>
 *
 * <ul>
 *   <li>{@link Workload#PASSCHAIN}: ten pass-through operators; checksum: samples out and the sum
 *       of their values.
 *   <li>{@link Workload#STATFILTER}: non-overlapping windows of {@value #STAT_WINDOW} samples
 *       starting at sample 0 (a final partial window is not formed); a window passes the first
 *       filter if its population standard deviation is {@code > }{@value #ALPHA}, then the second
 *       if its mean is {@code < }{@value #BETA}; checksum: windows passed and the sum of their first
 *       sample numbers.
 *   <li>{@link Workload#SILENCEFILTER}: non-overlapping windows of {@value #SILENCE_WINDOW} samples
 *       from sample 0 are voiced if their standard deviation is {@code > }{@value #GAMMA}; the
 *       silence detector outputs the ranges {@code [start, end)} of sample numbers that are maximal
 *       runs of voiced windows (a run still open after the last complete window ends with it); the
 *       silence filter joins the stream with those ranges and outputs the samples inside them,
 *       concatenated in stream order; checksum: samples out and the sum of their values.
 *   <li>{@link Workload#DETECTAUDIO}: parameters only ({@link DetectAudio}); its versions need the
 *       DSP library's FFT and CFAR.
 * </ul>
 *
 * <p>What the thresholds select on the recording, for {@code R = 1} (the harness prints it with
 * {@link Selectivity}): STATFILTER 96 windows, 34 with std above alpha (35%), 16 of those with a
 * negative mean (47% of the 34; 17% of all); SILENCEFILTER 387 windows, 124 voiced (32%), in 5
 * ranges, one per spoken number, 126,976 samples out (32%). More replays cut the later ones at
 * other phases: at {@code R = 10}, 35%, 40% and 14%; 32% voiced in 50 ranges. Some of those windows
 * straddle the onset of a word and come near a threshold; that is harmless, since every version
 * does the same arithmetic.
 *
 * <pre>{@code
 * XStreamInput input = XStreamInput.load(XStreamWorkloads.DEFAULT_BATCH);
 * for (Version v : XStreamVersions.of(Workload.STATFILTER)) {
 *     System.out.println(v.name() + " " + v.run(input, 2));   // every line the same checksum
 * }
 * }</pre>
 */
public final class XStreamWorkloads {
    /** Samples per source batch unless the harness is told otherwise: 93 ms of the recording. */
    public static final int DEFAULT_BATCH = 4096;

    /** PASSCHAIN's pass-through operators. */
    public static final int PASS_STAGES = 10;

    /** STATFILTER's window, as in the paper: "the last 4096 samples". */
    public static final int STAT_WINDOW = 4096;

    /**
     * STATFILTER's standard deviation threshold (about -57 dBFS). On the recording the 4096-sample
     * windows of silence have a standard deviation of 0.00027 to 0.00037 (the room noise) and those
     * with speech 0.0054 to 0.21, for {@code R} = 1 and 2. Alpha is near the geometric middle of that
     * gap, so the first filter passes exactly the windows with speech in them, as a sound-level gate
     * would, and no window of these replays is within a factor of 3.3 of it.
     */
    public static final double ALPHA = 0.0014;

    /**
     * STATFILTER's mean threshold. The means of the windows with speech spread from -0.0016 to
     * +0.0069 (speech has no DC, so they hover round zero); zero splits them nearly in half (30 of
     * 68 windows over two replays are below) and lies in a gap, with no window mean within 2e-5 of
     * it. A threshold in a gap keeps the selection the same under any rounding a faithful
     * implementation could differ in.
     */
    public static final double BETA = 0.0;

    /**
     * SILENCEFILTER's window: 23 ms, within the 20 to 30 ms a speech frame usually spans, and a
     * power of two that divides the default batch and STATFILTER's window, so a signal segment of
     * a batch is cut into whole windows.
     */
    public static final int SILENCE_WINDOW = 1024;

    /**
     * SILENCEFILTER's voicing threshold (about -58 dBFS). The 1024-sample windows of silence have a
     * standard deviation of at most 0.00043, those with speech at least 0.0041: gamma is near the
     * geometric middle (no window of one replay is within a factor of 3 of it). The voiced ranges are
     * then the five spoken numbers, 0.46 to 0.77 s each.
     */
    public static final double GAMMA = 0.0013;

    /**
     * The longest voiced range of the recording (33,792 samples, "five"): what a join that waits for
     * the range before emitting holds at most, plus a window and a batch.
     */
    public static final int LONGEST_VOICED_RANGE = 33_792;

    private XStreamWorkloads() {
    }

    /**
     * The four mini-benchmarks, with the paper's XStream / XStream-NoSigSeg ratios (Table I).
     *
     * <pre>{@code
     * Workload.STATFILTER.describe(new Checksum(16, 2_957_312));   // "16 windows, first samples sum 2957312"
     * Workload.SILENCEFILTER.paperRatio();                         // 859
     * }</pre>
     */
    public enum Workload {
        /** Ten pass-through operators: scheduling and data-passing cost. */
        PASSCHAIN(769),
        /** Standard deviation filter then mean filter over windows of 4096. */
        STATFILTER(1686),
        /** Silence detector and a time-range join of the stream with its ranges. */
        SILENCEFILTER(859),
        /** Four 48 kHz channels, FFT detection on channel 1, CFAR, sync: defined, not built yet. */
        DETECTAUDIO(0);

        private final int paperRatio;

        Workload(int paperRatio) {
            this.paperRatio = paperRatio;
        }

        /** XStream over XStream-NoSigSeg in the paper's Table I, rounded; 0 where the paper has none. */
        public int paperRatio() {
            return paperRatio;
        }

        /** Whether versions of it can run yet. */
        public boolean runnable() {
            return this != DETECTAUDIO;
        }

        /** The checksum in the workload's own terms. */
        public String describe(Checksum checksum) {
            return switch (this) {
                case STATFILTER -> checksum.count() + " windows, first samples sum " + (long) checksum.sum();
                case PASSCHAIN, SILENCEFILTER -> checksum.count() + " samples, sum " + checksum.sum();
                case DETECTAUDIO -> checksum.count() + " detections, sum " + checksum.sum();
            };
        }
    }

    /**
     * DETECTAUDIO's parameters, proposed for the versions the DSP library will allow (XStream's
     * figure 2: channel 1 windowed into 32 samples, FFT, detection score, CFAR, {@code sync} of the
     * four channels per detection). The paper leaves the weights, the CFAR threshold and its
     * estimator unstated.
     *
     * <ul>
     *   <li>Input: {@link DetectAudioInput}, four channels of 432,000 samples at 48 kHz; replays as
     *       for the recording, sample numbers shared by the four channels.
     *   <li>Detection stream: channel 1 (index 0), non-overlapping windows of {@value #WINDOW}
     *       samples from sample 0; a {@value #FFT_POINTS}-point FFT of each (real input, no window
     *       function, no scaling), bins 0 to 16, 1.5 kHz apart.
     *   <li>Score: {@code sum over k of scoreWeight(k) * |X[k]|}. Weight 1 for bins 1 to 3 (0.75 to
     *       5.25 kHz, where the energy of speech is), 0 for the DC bin and for bins 4 to 16, which
     *       hold little but the noise.
     *   <li>CFAR: the noise estimates {@code mu} and {@code var} start as the mean and population
     *       variance of the first {@value #CFAR_WARMUP} scores, which are not tested. Each later
     *       window triggers if its score is above {@code mu + CFAR_BETA * sqrt(var)}. Outside
     *       detections each window then updates the estimates, exponentially weighted with
     *       {@code w = CFAR_WEIGHT} (a time constant of 256 windows, 171 ms):
     *       {@code d = score - mu; mu += w * d; var = (1 - w) * (var + w * d * d)}.
     *   <li>Detection: from a triggering window to the last triggering window before a gap of
     *       {@value #CFAR_HOLD} non-triggering windows (shorter gaps are bridged, and do not update
     *       the estimates), widened by {@value #CFAR_PAD} windows on each side and clipped to the
     *       stream: a range {@code [start, end)} of sample numbers.
     *   <li>{@code sync}: for each detection, one segment of each of the four channels over the
     *       range.
     *   <li>Checksum: detections, and the sum of the samples emitted, detection by detection,
     *       channel 0 to 3, in sample order.
     * </ul>
     *
     * <p>Checked once, with a throwaway DFT over one replay of channel 1: {@code CFAR_BETA = 5} finds
     * five detections, one per spoken number (0.60 to 1.10, 2.36 to 2.80, 4.01 to 4.50, 5.71 to
     * 6.29 and 7.49 to 8.24 s, before padding); 4 adds two one-window false alarms, because the
     * magnitudes of noise have a heavier tail than the Gaussian model assumes. The versions will
     * tell the selectivity for certain.
     *
     * <pre>{@code
     * int lag = XStreamWorkloads.DetectAudio.delay(3);            // channel 4 hears it 22 samples late
     * double w = XStreamWorkloads.DetectAudio.scoreWeight(2);     // 1: the 3 kHz bin counts
     * }</pre>
     */
    public static final class DetectAudio {
        /** Microphone channels. */
        public static final int CHANNELS = 4;
        /** Samples per second per channel. */
        public static final int SAMPLE_RATE = 48_000;
        /** Samples per detection window of channel 1. */
        public static final int WINDOW = 32;
        /** FFT length: one window. */
        public static final int FFT_POINTS = 32;
        /** Standard deviations above the noise mean that trigger. */
        public static final double CFAR_BETA = 5.0;
        /** Weight of each new window in the noise estimates. */
        public static final double CFAR_WEIGHT = 1.0 / 256;
        /** Windows that only train the noise estimates. */
        public static final int CFAR_WARMUP = 256;
        /** Gaps shorter than this many windows do not end a detection. */
        public static final int CFAR_HOLD = 8;
        /** Windows added before and after each detection. */
        public static final int CFAR_PAD = 32;

        private DetectAudio() {
        }

        /** The delay of channel {@code c} in samples at 48 kHz: 0, 7, 13 and 22 (0.15, 0.27, 0.46 ms). */
        public static int delay(int channel) {
            return switch (channel) {
                case 0 -> 0;
                case 1 -> 7;
                case 2 -> 13;
                case 3 -> 22;
                default -> throw new IllegalArgumentException("channel " + channel + " of " + CHANNELS);
            };
        }

        /** The detection score's weight of FFT bin {@code k} (0 to 16). */
        public static double scoreWeight(int bin) {
            if (bin < 0 || bin > FFT_POINTS / 2) {
                throw new IllegalArgumentException("bin " + bin + " of a " + FFT_POINTS + "-point real FFT");
            }
            return bin >= 1 && bin <= 3 ? 1.0 : 0.0;
        }
    }
}
