package org.streamflex.bench.xstream;

/**
 * The XStream paper's mini-benchmarks (ICDE'08, section IV-A), defined exactly, once, for every
 * version that runs them: the plain loop, the per-sample StreamFlex graphs, the conventional engine
 * and the signal-segment graphs. A version is correct when it returns the same
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
 * <p>A window's statistics are accumulated in {@code double} from the {@code float} samples in
 * four interleaved lanes, the order of the DSP library's {@code Stats} ({@link WindowStats} has the
 * plain-array form): sample {@code i} of the window goes to lane {@code i mod 4}, each lane adds in
 * increasing {@code i}, and the lanes combine as {@code (l0 + l1) + (l2 + l3)}. The standard
 * deviation uses sums shifted by the window's first sample {@code K}: {@code d = (double) x - K},
 * {@code S = sum d}, {@code Q = sum d * d}, {@code variance = max(0, (Q - S * S / n) / n)}
 * (population), {@code std = sqrt(variance)}; the mean is {@code (sum x) / n}. Four lanes rather
 * than one chain because a single chain waits for each addition before the next (about 1 ns a
 * sample here) and no version, the plain loop included, could then run faster than one dependent
 * addition per sample; the lanes are fixed, so every version still gets the same bits. Sums of
 * sample values in checksums stay one {@code double} accumulated in stream order, the way a sink
 * receives the stream. Java evaluates all of it strictly, so every version that follows this order
 * gets the same bits.
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
 *   <li>{@link Workload#DETECTAUDIO}: four 48 kHz channels, FFT detection on the first, CFAR, and
 *       the four channels over each detection ({@link DetectAudio}); checksum: detections and the
 *       sum of the samples emitted.
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
        /** Four 48 kHz channels, FFT detection on channel 1, CFAR, sync of the four over each detection. */
        DETECTAUDIO(0);

        private final int paperRatio;

        Workload(int paperRatio) {
            this.paperRatio = paperRatio;
        }

        /**
         * XStream over XStream-NoSigSeg in the paper's Table I, rounded; 0 where the paper has none
         * (DETECTAUDIO is not in Table I).
         */
        public int paperRatio() {
            return paperRatio;
        }

        /** Whether versions of it can run: all four can. */
        public boolean runnable() {
            return true;
        }

        /** Input samples per replay: the recording's, or the four DETECTAUDIO channels' together. */
        public long samplesPerReplay() {
            return this == DETECTAUDIO ? (long) DetectAudio.CHANNELS * DetectAudioInput.SAMPLES
                    : CountingRecording.SAMPLES;
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
     * DETECTAUDIO, defined exactly (XStream's figure 2: channel 1 windowed into 32 samples, FFT,
     * detection score, CFAR, {@code sync} of the four channels per detection). The paper leaves the
     * weights, the CFAR threshold and its estimator unstated; the CFAR below is the DSP library's
     * {@code Cfar} kernel with {@code minStd = 0}, stated in full.
     *
     * <ul>
     *   <li>Input: {@link DetectAudioInput}, four channels of 432,000 samples at 48 kHz; replays as
     *       for the recording, sample numbers shared by the four channels. Rates count the samples of
     *       all four channels: {@value #CHANNELS} x 432,000 per replay.
     *   <li>Detection stream: channel 1 (index 0), non-overlapping windows of {@value #WINDOW}
     *       samples from sample 0 (432,000 is a multiple of 32, so no window spans two replays); a
     *       {@value #FFT_POINTS}-point real FFT of each (the library's {@code RealFft}: no window
     *       function, no scaling), bins 0 to 16, 1.5 kHz apart.
     *   <li>Score: {@code sum over k = 0 .. 16 of w_k * |X_k|} in double, in bin order, with
     *       {@code |X_k| = sqrt(re^2 + im^2)} of the float bins in double and {@code w_k} a float
     *       ({@code BinMagnitudes.weightedSumOfMagnitudes}); weight 1 for bins 1 to 3 (0.75 to 5.25
     *       kHz, where the energy of speech is), 0 for the DC bin and for bins 4 to 16, which hold
     *       little but the noise. The score is then rounded to float, as the detector takes it.
     *   <li>CFAR: the first {@value #CFAR_WARMUP} scores only train the noise estimates {@code mu}
     *       and {@code var}, their running mean and population variance by Welford's update
     *       ({@code n++; d = x - mu; mu += d / n; m2 += d * (x - mu)}, then {@code var = m2 / n}).
     *       Each later window triggers if its score is strictly above
     *       {@code mu + CFAR_BETA * sqrt(var)}. A non-triggering window outside a detection then
     *       updates the estimates, exponentially weighted with {@code w = CFAR_WEIGHT} (a time
     *       constant of 256 windows, 171 ms): {@code d = x - mu; mu += w * d;
     *       var = (1 - w) * (var + d * (w * d))}. A detection starts at a triggering window and ends
     *       at the {@value #CFAR_HOLD}-th consecutive non-triggering window after its last
     *       triggering one (shorter gaps are bridged); from its first window through the one that
     *       ends it, nothing updates the estimates.
     *   <li>Range: from the detection's first triggering window to its last, widened by
     *       {@value #CFAR_PAD} windows (1024 samples) on each side: the samples {@code [32 * first -
     *       1024, 32 * (last + 1) + 1024)}. The warm-up keeps the start after sample 0; a detection
     *       whose range would reach past the end of the stream, or that is still open when the
     *       stream ends, is not emitted (a {@code sync} would wait for samples that never come). The
     *       recording ends in 0.76 s of silence, so neither happens on this input.
     *   <li>{@code sync}: for each detection, the samples of the range of each of the four
     *       channels.
     *   <li>Checksum: detections, and the sum of the samples emitted as one double, detection by
     *       detection, channel 1 to 4, in sample order.
     * </ul>
     *
     * <p>How the library's operators are configured to it: {@code BinScore.configure(weights)};
     * {@code CfarDetector.configure(CFAR_BETA, 256, CFAR_WARMUP, CFAR_HOLD, 0)} (time constant
     * {@code 1 / CFAR_WEIGHT}; a floor {@code minStd} of 0 leaves the threshold
     * {@code mu + beta * sqrt(var)}); {@code configurePadding(PAD_BEFORE_NANOS, PAD_AFTER_NANOS)},
     * the nanoseconds that move a window's start back, and a window's end forward, by exactly 1024
     * samples at 48 kHz on the sync's side ({@code Timebase.firstSampleAtOrAfter}). The detector's
     * releases ({@code emit = false}) let the sync drop what no detection will ask for; they change
     * no checksum.
     *
     * <p>What it selects, one replay: 13,500 windows, five detections, one per spoken number, 0.58
     * to 1.12, 2.34 to 2.82, 3.99 to 4.52, 5.69 to 6.31 and 7.47 to 8.26 s with the padding (23,200
     * to 37,984 samples each), 142,624 of the 432,000 samples of each channel (33.0%). With
     * {@code CFAR_BETA = 4} a throwaway DFT found two one-window false alarms besides, because the
     * magnitudes of noise have a heavier tail than the Gaussian model assumes; 5 finds none.
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
        /** Samples added before and after each detection: {@code CFAR_PAD} windows. */
        public static final int PAD_SAMPLES = CFAR_PAD * WINDOW;
        /**
         * The padding before a detection for the library's {@code CfarDetector}, in nanoseconds: with
         * whole-nanosecond sample times at 48 kHz ({@code ceil(n * 1e9 / 48000)}), moving a window's
         * start back by this much lands exactly 1024 samples earlier ({@code DetectAudioTest}).
         */
        public static final long PAD_BEFORE_NANOS = 21_333_334L;
        /** The padding after a detection, in nanoseconds: a window's end moved 1024 samples later. */
        public static final long PAD_AFTER_NANOS = 21_333_333L;

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

        /** The weights of bins 0 to 16, as the score takes them (floats). */
        public static float[] weights() {
            float[] w = new float[FFT_POINTS / 2 + 1];
            for (int k = 0; k < w.length; k++) {
                w[k] = (float) scoreWeight(k);
            }
            return w;
        }

        /** The estimator's time constant in windows: {@code 1 / CFAR_WEIGHT}. */
        public static int timeConstant() {
            return (int) Math.round(1 / CFAR_WEIGHT);
        }
    }
}
