package org.streamflex.samples.marmot;

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

    /** With another band. */
    public MarmotConfig withBand(double low, double high) {
        return new MarmotConfig(low, high, beta, timeConstant, warmup, hold, minStd, minMillis, padMillis, doaSamples,
                doaLeadMillis, doaDecayMillis, doaFrameMillis, doaOnsetDb, whitening, speedOfSound,
                clusterToleranceMillis, clusterWaitMillis, minNodes, eps, cell, margin, block);
    }

    /** With another CFAR beta. */
    public MarmotConfig withBeta(double b) {
        return new MarmotConfig(lowHz, highHz, b, timeConstant, warmup, hold, minStd, minMillis, padMillis,
                doaSamples, doaLeadMillis, doaDecayMillis, doaFrameMillis, doaOnsetDb, whitening, speedOfSound,
                clusterToleranceMillis, clusterWaitMillis, minNodes, eps, cell, margin, block);
    }

    /** With another whitening exponent. */
    public MarmotConfig withWhitening(double gamma) {
        return new MarmotConfig(lowHz, highHz, beta, timeConstant, warmup, hold, minStd, minMillis, padMillis,
                doaSamples, doaLeadMillis, doaDecayMillis, doaFrameMillis, doaOnsetDb, gamma, speedOfSound,
                clusterToleranceMillis, clusterWaitMillis, minNodes, eps, cell, margin, block);
    }

    /** With another DOA window: {@code samples} from {@code leadMillis} before the onset. */
    public MarmotConfig withDoaWindow(int samples, double leadMillis) {
        return new MarmotConfig(lowHz, highHz, beta, timeConstant, warmup, hold, minStd, minMillis, padMillis,
                samples, leadMillis, doaDecayMillis, doaFrameMillis, doaOnsetDb, whitening, speedOfSound,
                clusterToleranceMillis, clusterWaitMillis, minNodes, eps, cell, margin, block);
    }

    /** With another DOA window decay after the onset, milliseconds (0: a Hann window over the whole span). */
    public MarmotConfig withDoaDecay(double millis) {
        return new MarmotConfig(lowHz, highHz, beta, timeConstant, warmup, hold, minStd, minMillis, padMillis,
                doaSamples, doaLeadMillis, millis, doaFrameMillis, doaOnsetDb, whitening, speedOfSound,
                clusterToleranceMillis, clusterWaitMillis, minNodes, eps, cell, margin, block);
    }

    /** With other first-arrival frames: {@code millis} long (0: off), started {@code onsetDb} above the floor. */
    public MarmotConfig withDoaFrames(double millis, double onsetDb) {
        return new MarmotConfig(lowHz, highHz, beta, timeConstant, warmup, hold, minStd, minMillis, padMillis,
                doaSamples, doaLeadMillis, doaDecayMillis, millis, onsetDb, whitening, speedOfSound,
                clusterToleranceMillis, clusterWaitMillis, minNodes, eps, cell, margin, block);
    }

    /** With another grid cell side (NaN: auto). */
    public MarmotConfig withCell(double side) {
        return new MarmotConfig(lowHz, highHz, beta, timeConstant, warmup, hold, minStd, minMillis, padMillis,
                doaSamples, doaLeadMillis, doaDecayMillis, doaFrameMillis, doaOnsetDb, whitening, speedOfSound,
                clusterToleranceMillis, clusterWaitMillis, minNodes, eps, side, margin, block);
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
}
