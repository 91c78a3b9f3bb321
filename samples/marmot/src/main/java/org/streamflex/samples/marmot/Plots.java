package org.streamflex.samples.marmot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The command's PNG plots, drawn with {@code java.awt} off screen (headless): per node the score
 * and threshold over time with the detections; per detection a polar plot of its direction
 * likelihood with the true azimuth; per location the fused likelihood map with the nodes, the
 * estimate and the truth.
 *
 * <pre>{@code
 * List<Path> written = Plots.writeAll(result, truth, config, Path.of("plots"), 20);
 * }</pre>
 */
public final class Plots {
    private static final Color TRUTH = new Color(0, 150, 0);
    private static final Color ESTIMATE = new Color(200, 0, 0);

    private Plots() {
    }

    /**
     * Writes every plot into {@code dir} (made if missing): {@code scores-<node>.png} (for each node
     * whose score trace {@code r} has),
     * {@code polar-<n>-<node>.png} and {@code map-<n>.png}, at most {@code maxEach} polar plots and
     * maps.
     *
     * @param truth the calls, or an empty list when not known
     * @return the files written
     */
    public static List<Path> writeAll(MarmotRun.Result r, List<TrueCall> truth, MarmotConfig config, Path dir,
            int maxEach) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        // A server's result has no traces: the scores stay on the nodes.
        for (int k = 0; k < r.traces().size(); k++) {
            Path f = dir.resolve("scores-" + r.nodes().nodes().get(k).id() + ".png");
            save(scores(r, k), f);
            written.add(f);
        }
        List<Scoring.DoaScore> scored = Scoring.detections(r, truth, config.speedOfSound());
        for (int i = 0; i < Math.min(maxEach, scored.size()); i++) {
            Detection d = scored.get(i).detection();
            Path f = dir.resolve(String.format(Locale.ROOT, "polar-%03d-%s.png", d.seq(), d.node()));
            save(polar(d, scored.get(i).trueAzimuth()), f);
            written.add(f);
        }
        List<Scoring.FixScore> fixes = Scoring.fixes(r, truth);
        for (int i = 0; i < Math.min(maxEach, fixes.size()); i++) {
            Path f = dir.resolve(String.format(Locale.ROOT, "map-%03d.png", i));
            save(map(r, fixes.get(i), config), f);
            written.add(f);
        }
        return written;
    }

    private static void save(BufferedImage image, Path file) throws IOException {
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer in this JVM for " + file);
        }
    }

    private static Graphics2D canvas(BufferedImage image) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        return g;
    }

    /**
     * A detection on a score plot: its padded range and its onset, seconds on the node's clock.
     *
     * @param startSeconds the padded range's first instant
     * @param endSeconds one past its last
     * @param onsetSeconds the first score above the threshold
     */
    record Span(double startSeconds, double endSeconds, double onsetSeconds) {
    }

    /**
     * Writes one node's score plot, {@code scores-<node>.png}, into {@code dir} (made if missing): what
     * a node of a split run draws of its own detector, the server having the rest.
     *
     * <pre>{@code
     * Path f = Plots.writeScores(trace, spans, "A", 120.0, Path.of("node-plots"));
     * }</pre>
     *
     * @param spans the detector's detections
     * @param audioSeconds the time axis' length
     * @return the file written
     */
    static Path writeScores(MarmotRun.ScoreTrace trace, List<Span> spans, String node, double audioSeconds, Path dir)
            throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(dir);
        Path f = dir.resolve("scores-" + node + ".png");
        save(scores(trace, spans, node, audioSeconds), f);
        return f;
    }

    /** Node {@code k}'s score (log scale) and threshold over time, detections shaded, onsets marked. */
    static BufferedImage scores(MarmotRun.Result r, int k) {
        List<Span> spans = new ArrayList<>();
        for (Detection d : r.detections()) {
            if (d.nodeIndex() == k) {
                spans.add(new Span(d.startSeconds(), d.endSeconds(), d.onsetSeconds()));
            }
        }
        return scores(r.traces().get(k), spans, r.nodes().nodes().get(k).id(), r.audioSeconds());
    }

    private static BufferedImage scores(MarmotRun.ScoreTrace t, List<Span> spans, String node, double audioSeconds) {
        int w = 1200;
        int h = 360;
        int left = 70;
        int right = 20;
        int top = 30;
        int bottom = 40;
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas(image);
        double tMax = Math.max(1e-3, audioSeconds);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < t.scores().length; i++) {
            if (t.scores()[i] > 0) {
                lo = Math.min(lo, Math.log10(t.scores()[i]));
                hi = Math.max(hi, Math.log10(t.scores()[i]));
            }
        }
        if (!(hi > lo)) {
            lo = -6;
            hi = 0;
        }
        double yLo = lo;
        double yHi = hi + 0.1;
        int pw = w - left - right;
        int ph = h - top - bottom;
        g.setColor(new Color(255, 230, 200));
        for (Span d : spans) {
            int x0 = left + (int) (pw * d.startSeconds() / tMax);
            int x1 = left + (int) (pw * d.endSeconds() / tMax);
            g.fillRect(x0, top, Math.max(1, x1 - x0), ph);
        }
        g.setColor(Color.GRAY);
        g.drawRect(left, top, pw, ph);
        Path2D score = new Path2D.Double();
        Path2D threshold = new Path2D.Double();
        boolean started = false;
        boolean thresholdStarted = false;
        for (int i = 0; i < t.seconds().length; i++) {
            double x = left + pw * t.seconds()[i] / tMax;
            double s = t.scores()[i] > 0 ? Math.log10(t.scores()[i]) : yLo;
            double y = top + ph * (1 - (s - yLo) / (yHi - yLo));
            if (started) {
                score.lineTo(x, y);
            } else {
                score.moveTo(x, y);
                started = true;
            }
            float th = t.thresholds()[i];
            if (th > 0) {
                double ty = top + ph * (1 - (Math.log10(th) - yLo) / (yHi - yLo));
                ty = Math.max(top, Math.min(top + ph, ty));
                if (thresholdStarted) {
                    threshold.lineTo(x, ty);
                } else {
                    threshold.moveTo(x, ty);
                    thresholdStarted = true;
                }
            }
        }
        g.setColor(new Color(40, 80, 200));
        g.draw(score);
        g.setColor(ESTIMATE);
        g.setStroke(new BasicStroke(1.5f));
        g.draw(threshold);
        g.setColor(Color.BLACK);
        for (Span d : spans) {
            int x = left + (int) (pw * d.onsetSeconds() / tMax);
            g.draw(new Line2D.Double(x, top, x, top + 8));
        }
        for (int s = 0; s <= 10; s++) {
            double sec = tMax * s / 10;
            int x = left + pw * s / 10;
            g.drawString(String.format(Locale.ROOT, "%.1f", sec), x - 10, h - bottom + 15);
        }
        for (int e = (int) Math.ceil(yLo); e <= yHi; e++) {
            int y = (int) (top + ph * (1 - (e - yLo) / (yHi - yLo)));
            g.drawString("1e" + e, 10, y + 4);
        }
        g.drawString("node " + node + ": band score (sum of magnitudes, blue), CFAR threshold"
                + " (red), detections (shaded, onset ticks); time in s", left, 20);
        g.dispose();
        return image;
    }

    /** Detection {@code d}'s likelihood over azimuth, the node frame's +x to the right, counter-clockwise. */
    static BufferedImage polar(Detection d, double trueAzimuth) {
        int size = 420;
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas(image);
        double cx = size / 2.0;
        double cy = size / 2.0 + 10;
        double radius = size / 2.0 - 40;
        g.setColor(Color.LIGHT_GRAY);
        for (int ring = 1; ring <= 4; ring++) {
            double rr = radius * ring / 4;
            g.drawOval((int) (cx - rr), (int) (cy - rr), (int) (2 * rr), (int) (2 * rr));
        }
        for (int a = 0; a < 360; a += 30) {
            double rad = Math.toRadians(a);
            g.draw(new Line2D.Double(cx, cy, cx + radius * Math.cos(rad), cy - radius * Math.sin(rad)));
            int lx = (int) (cx + (radius + 14) * Math.cos(rad)) - 8;
            int ly = (int) (cy - (radius + 14) * Math.sin(rad)) + 4;
            g.drawString(String.valueOf(a), lx, ly);
        }
        Path2D curve = new Path2D.Double();
        for (int a = 0; a <= 360; a++) {
            double rr = radius * d.levels()[a % 360] / 255.0;
            double rad = Math.toRadians(a);
            double x = cx + rr * Math.cos(rad);
            double y = cy - rr * Math.sin(rad);
            if (a == 0) {
                curve.moveTo(x, y);
            } else {
                curve.lineTo(x, y);
            }
        }
        g.setColor(new Color(40, 80, 200));
        g.setStroke(new BasicStroke(2f));
        g.draw(curve);
        g.setColor(ESTIMATE);
        double est = Math.toRadians(d.azimuth());
        g.draw(new Line2D.Double(cx, cy, cx + radius * Math.cos(est), cy - radius * Math.sin(est)));
        if (!Double.isNaN(trueAzimuth)) {
            g.setColor(TRUTH);
            g.setStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
            double tr = Math.toRadians(trueAzimuth);
            g.draw(new Line2D.Double(cx, cy, cx + radius * Math.cos(tr), cy - radius * Math.sin(tr)));
        }
        g.setColor(Color.BLACK);
        g.drawString(String.format(Locale.ROOT, "node %s t=%.3f s az=%.1f%s", d.node(), d.onsetSeconds(), d.azimuth(),
                Double.isNaN(trueAzimuth) ? "" : String.format(Locale.ROOT, " (true %.1f, dashed)", trueAzimuth)),
                10, 16);
        g.dispose();
        return image;
    }

    /** The fused likelihood map of location {@code s}, with the nodes, the estimate and the truth. */
    static BufferedImage map(MarmotRun.Result r, Scoring.FixScore s, MarmotConfig config) {
        MarmotConfig.Grid grid = r.grid();
        int side = 600;
        double scale = side / Math.max(grid.nx() * grid.cell(), grid.ny() * grid.cell());
        int w = (int) Math.ceil(grid.nx() * grid.cell() * scale);
        int h = (int) Math.ceil(grid.ny() * grid.cell() * scale);
        int top = 24;
        BufferedImage image = new BufferedImage(w, h + top, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas(image);
        Fix f = s.fix();
        int count = f.detections().length;
        int[] nodeOf = new int[count];
        byte[] levels = new byte[count * DoaVector.AZIMUTHS];
        for (int m = 0; m < count; m++) {
            Detection d = r.detections().get(f.detections()[m]);
            nodeOf[m] = d.nodeIndex();
            for (int a = 0; a < DoaVector.AZIMUTHS; a++) {
                levels[m * DoaVector.AZIMUTHS + a] = (byte) d.levels()[a];
            }
        }
        List<NodeSite> nodes = r.nodes().nodes();
        double[] nx = new double[nodes.size()];
        double[] ny = new double[nodes.size()];
        double[] hd = new double[nodes.size()];
        for (int k = 0; k < nodes.size(); k++) {
            nx[k] = nodes.get(k).x();
            ny[k] = nodes.get(k).y();
            hd[k] = nodes.get(k).headingDegrees();
        }
        double[] values = new double[w * h];
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        for (int py = 0; py < h; py++) {
            for (int px = 0; px < w; px++) {
                double x = grid.x0() + (px + 0.5) / scale;
                double y = grid.y0() + (h - py - 0.5) / scale;
                double v = FusionGrid.logLikelihood(x, y, count, nodeOf, levels, nx, ny, hd, config.eps());
                values[py * w + px] = v;
                max = Math.max(max, v);
                min = Math.min(min, v);
            }
        }
        for (int py = 0; py < h; py++) {
            for (int px = 0; px < w; px++) {
                double q = max > min ? (values[py * w + px] - min) / (max - min) : 0;
                image.setRGB(px, py + top, heat(q * q));
            }
        }
        g.setColor(Color.WHITE);
        for (int k = 0; k < nodes.size(); k++) {
            int px = (int) ((nx[k] - grid.x0()) * scale);
            int py = top + h - (int) ((ny[k] - grid.y0()) * scale);
            g.fillRect(px - 4, py - 4, 9, 9);
            double hr = Math.toRadians(hd[k]);
            g.draw(new Line2D.Double(px, py, px + 14 * Math.cos(hr), py - 14 * Math.sin(hr)));
            g.drawString(nodes.get(k).id(), px + 6, py - 6);
        }
        int ex = (int) ((f.x() - grid.x0()) * scale);
        int ey = top + h - (int) ((f.y() - grid.y0()) * scale);
        g.setColor(Color.CYAN);
        g.setStroke(new BasicStroke(2f));
        g.drawLine(ex - 7, ey - 7, ex + 7, ey + 7);
        g.drawLine(ex - 7, ey + 7, ex + 7, ey - 7);
        if (s.call() != null) {
            int tx = (int) ((s.call().x() - grid.x0()) * scale);
            int ty = top + h - (int) ((s.call().y() - grid.y0()) * scale);
            g.setColor(Color.GREEN);
            g.drawOval(tx - 9, ty - 9, 18, 18);
        }
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, top);
        g.setColor(Color.BLACK);
        g.drawString(String.format(Locale.ROOT, "t=%.3f s estimate (x) %.2f, %.2f m%s; nodes squares; cell %.2f m",
                f.seconds(), f.x(), f.y(), s.call() == null ? "" : String.format(Locale.ROOT,
                        ", truth (o) %.2f, %.2f, error %.2f m", s.call().x(), s.call().y(), s.error()),
                grid.cell()), 6, 16);
        g.dispose();
        return image;
    }

    /** A dark-to-bright colour for {@code q} in [0, 1]. */
    private static int heat(double q) {
        double v = Math.max(0, Math.min(1, q));
        int red = (int) (255 * Math.min(1, 1.5 * v));
        int green = (int) (255 * Math.max(0, Math.min(1, 1.5 * v - 0.5)));
        int blue = (int) (255 * Math.max(0, 0.5 - v) * 1.2);
        return (red << 16) | (green << 8) | blue;
    }
}
