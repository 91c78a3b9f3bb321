package org.streamflex.samples.marmot;

import java.util.Locale;

/**
 * Every parameter of the node and server graphs, with the defaults the module README explains.
 * Grid values of {@code NaN} are worked out from the deployment ({@link #gridFor}).
 *
 * <pre>{@code
 * MarmotConfig c = MarmotConfig.defaults().withBand(2_500, 6_000).withBeta(6);
 * }</pre>
 *
 * @param lowHz the band's lower edge (bandpass, score and DOA), Hz
 * @param highHz the band's upper edge, Hz
 * @param beta CFAR: standard deviations above the noise mean
 * @param timeConstant CFAR: the noise estimator's memory, in scores
 * @param warmup CFAR: scores that only train the estimate
 * @param hold CFAR: quiet scores that end a detection
 * @param minStd CFAR: the floor of the noise deviation, in score units
 * @param minMillis the shortest detection kept (first to last score above the threshold), milliseconds
 * @param padMillis padding before and after each detection, milliseconds
 * @param doaSamples the most samples per channel the DOA uses, from {@code doaLeadMillis} before the onset
 * @param doaLeadMillis how long before the onset the DOA's samples start, milliseconds (at most the padding)
 * @param doaDecayMillis the DOA window's decay after the onset ({@link DoaWindow}), milliseconds; 0: Hann
 * @param doaFrameMillis the DOA's first-arrival frame ({@link FirstArrivals}), milliseconds; 0: the whole
 *     span's spectrum under the {@link DoaWindow}
 * @param doaOnsetDb how far above its noise floor a frequency's power starts its first arrival, dB
 * @param whitening the DOA's spectral whitening exponent (0 AML/SRP, 1 PHAT)
 * @param speedOfSound metres per second
 * @param clusterToleranceMillis added to the largest inter-node travel time to make the cluster window
 * @param clusterWaitMillis how long past a window the server waits for late detections (audio time)
 * @param minNodes the fewest nodes fused into a location
 * @param eps the fusion's likelihood floor
 * @param cell the grid's cell side, metres (NaN: auto)
 * @param margin how far the grid reaches past the nodes, metres (NaN: auto)
 * @param block frames per source release
 */
public record MarmotConfig(double lowHz, double highHz, double beta, int timeConstant, int warmup, int hold,
        double minStd, double minMillis, double padMillis, int doaSamples, double doaLeadMillis, double doaDecayMillis,
        double doaFrameMillis, double doaOnsetDb, double whitening, double speedOfSound, double clusterToleranceMillis,
        double clusterWaitMillis, int minNodes, double eps, double cell, double margin, int block) {

    /** The window of {@code toFreq} and the bandpass, as the paper's marmot detector. */
    public static final int WINDOW = 32;

    /** The defaults. */
    public static MarmotConfig defaults() {
        return new MarmotConfig(2_000, 8_000, 5, 1024, 256, 8, 1e-3, 3, 50, 8192, 50, 25, 5, 10, 1.0, 343, 50, 2_000,
                2, 0.02, Double.NaN, Double.NaN, 1024);
    }

    /**
     * Checks that the band holds a bin of the detector's {@link #WINDOW}-point spectrum at
     * {@code rate}, between DC and Nyquist (both left out: neither carries a direction).
     *
     * <p>An upper edge at or past Nyquist is not refused: the bandpass then keeps every bin up to
     * it and the DOA every bin below it, so the default band (to 8 kHz) serves a 16 kHz recording.
     * A band between two bins is refused rather than run: it would keep nothing, and the detector
     * would find no call without saying why.
     *
     * @param node the node whose recording has {@code rate}, for the message
     * @param rate its sample rate, Hz
     * @throws IllegalArgumentException naming the node, its rate and the bins nearest the band
     */
    public void checkBandAt(String node, double rate) {
        double spacing = rate / WINDOW;
        int first = Math.max(1, (int) Math.ceil(lowHz / spacing));
        int last = Math.min(WINDOW / 2 - 1, (int) Math.floor(highHz / spacing));
        if (first <= last) {
            return;
        }
        String where = lowHz >= rate / 2
                ? String.format(Locale.ROOT, "its lower edge is at or past Nyquist (%.0f Hz)", rate / 2)
                : String.format(Locale.ROOT, "it lies between the bins at %.0f and %.0f Hz",
                        Math.min(first - 1, WINDOW / 2 - 1) * spacing, Math.min(first, WINDOW / 2) * spacing);
        throw new IllegalArgumentException(String.format(Locale.ROOT,
                "node %s: the band %.0f:%.0f Hz holds no bin of the detector's %d-point spectrum at %.0f Hz"
                        + " sampling (bins every %.1f Hz, from %.1f to %.1f Hz without DC and Nyquist): %s;"
                        + " give a --band that holds one", node, lowHz, highHz, WINDOW, rate, spacing, spacing,
                (WINDOW / 2 - 1) * spacing, where));
    }

    /** With another band. */
    public MarmotConfig withBand(double low, double high) {
        Copy c = new Copy(this);
        c.lowHz = low;
        c.highHz = high;
        return c.build();
    }

    /** With another CFAR beta. */
    public MarmotConfig withBeta(double b) {
        Copy c = new Copy(this);
        c.beta = b;
        return c.build();
    }

    /** With another shortest detection kept, milliseconds (0: every detection). */
    public MarmotConfig withMinDuration(double millis) {
        Copy c = new Copy(this);
        c.minMillis = millis;
        return c.build();
    }

    /** With another whitening exponent. */
    public MarmotConfig withWhitening(double gamma) {
        Copy c = new Copy(this);
        c.whitening = gamma;
        return c.build();
    }

    /** With another DOA window: {@code samples} from {@code leadMillis} before the onset. */
    public MarmotConfig withDoaWindow(int samples, double leadMillis) {
        Copy c = new Copy(this);
        c.doaSamples = samples;
        c.doaLeadMillis = leadMillis;
        return c.build();
    }

    /** With another DOA window decay after the onset, milliseconds (0: a Hann window over the whole span). */
    public MarmotConfig withDoaDecay(double millis) {
        Copy c = new Copy(this);
        c.doaDecayMillis = millis;
        return c.build();
    }

    /** With other first-arrival frames: {@code millis} long (0: off), started {@code onsetDb} above the floor. */
    public MarmotConfig withDoaFrames(double millis, double onsetDb) {
        Copy c = new Copy(this);
        c.doaFrameMillis = millis;
        c.doaOnsetDb = onsetDb;
        return c.build();
    }

    /** With another grid cell side (NaN: auto). */
    public MarmotConfig withCell(double side) {
        Copy c = new Copy(this);
        c.cell = side;
        return c.build();
    }

    /** The padding in nanoseconds. */
    public long padNanos() {
        return Math.round(padMillis * 1e6);
    }

    /** The cluster window for {@code d}: the largest inter-node travel time plus the tolerance, nanoseconds. */
    public long clusterWindowNanos(Deployment d) {
        return Math.round(1e9 * d.maxNodeDistance() / speedOfSound + clusterToleranceMillis * 1e6);
    }

    /**
     * The fusion grid for {@code d}.
     *
     * @param x0 the left edge, metres
     * @param y0 the bottom edge
     * @param cell the cell side
     * @param nx columns
     * @param ny rows
     */
    public record Grid(double x0, double y0, double cell, int nx, int ny) {
        /**
         * Whether {@code (x, y)}, a fused location, is in the grid's outer ring of cells: the fusion
         * cannot place a call past the grid, so a call outside it comes out on its edge.
         */
        public boolean onEdge(double x, double y) {
            long i = (long) Math.floor((x - x0) / cell);
            long j = (long) Math.floor((y - y0) / cell);
            return i <= 0 || i >= nx - 1 || j <= 0 || j >= ny - 1;
        }
    }

    /**
     * The grid: the nodes' bounding box grown by the margin (auto: half the largest inter-node
     * distance, at least 1 m), cut in square cells (auto: the longer side over 200, at least 1 cm).
     */
    public Grid gridFor(Deployment d) {
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        for (NodeSite n : d.nodes()) {
            minX = Math.min(minX, n.x());
            minY = Math.min(minY, n.y());
            maxX = Math.max(maxX, n.x());
            maxY = Math.max(maxY, n.y());
        }
        double m = Double.isNaN(margin) ? Math.max(1.0, 0.5 * d.maxNodeDistance()) : margin;
        minX -= m;
        minY -= m;
        maxX += m;
        maxY += m;
        double side = Double.isNaN(cell) ? Math.max(0.01, Math.max(maxX - minX, maxY - minY) / 200) : cell;
        int nx = Math.max(1, (int) Math.ceil((maxX - minX) / side));
        int ny = Math.max(1, (int) Math.ceil((maxY - minY) / side));
        return new Grid(minX, minY, side, nx, ny);
    }

    /** A mutable copy, so that each {@code with} method names only what it changes. */
    private static final class Copy {
        private double lowHz;
        private double highHz;
        private double beta;
        private int timeConstant;
        private int warmup;
        private int hold;
        private double minStd;
        private double minMillis;
        private double padMillis;
        private int doaSamples;
        private double doaLeadMillis;
        private double doaDecayMillis;
        private double doaFrameMillis;
        private double doaOnsetDb;
        private double whitening;
        private double speedOfSound;
        private double clusterToleranceMillis;
        private double clusterWaitMillis;
        private int minNodes;
        private double eps;
        private double cell;
        private double margin;
        private int block;

        Copy(MarmotConfig c) {
            lowHz = c.lowHz;
            highHz = c.highHz;
            beta = c.beta;
            timeConstant = c.timeConstant;
            warmup = c.warmup;
            hold = c.hold;
            minStd = c.minStd;
            minMillis = c.minMillis;
            padMillis = c.padMillis;
            doaSamples = c.doaSamples;
            doaLeadMillis = c.doaLeadMillis;
            doaDecayMillis = c.doaDecayMillis;
            doaFrameMillis = c.doaFrameMillis;
            doaOnsetDb = c.doaOnsetDb;
            whitening = c.whitening;
            speedOfSound = c.speedOfSound;
            clusterToleranceMillis = c.clusterToleranceMillis;
            clusterWaitMillis = c.clusterWaitMillis;
            minNodes = c.minNodes;
            eps = c.eps;
            cell = c.cell;
            margin = c.margin;
            block = c.block;
        }

        MarmotConfig build() {
            return new MarmotConfig(lowHz, highHz, beta, timeConstant, warmup, hold, minStd, minMillis, padMillis,
                    doaSamples, doaLeadMillis, doaDecayMillis, doaFrameMillis, doaOnsetDb, whitening, speedOfSound,
                    clusterToleranceMillis, clusterWaitMillis, minNodes, eps, cell, margin, block);
        }
    }
}
