package org.streamflex.bench.predict;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The paper's figures with XChart: inter-arrival histogram (Figure 18), deadline misses over time
 * (Figure 19), inter-arrival over time on a log scale (Figure 21); one chart overlays the runs
 * compared.
 */
public final class Plots {
    private Plots() {
    }

    /** A run to draw, under a legend name. */
    public record Series(String name, ReleaseLog log) {
    }

    /** Writes {@code <prefix>-histogram.png}, {@code -misses.png}, {@code -interarrival.png}; returns their paths. */
    public static List<Path> write(Path dir, String prefix, String title, List<Series> runs) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<Path> written = new ArrayList<>();
        written.add(save(histogram(title, runs), dir.resolve(prefix + "-histogram")));
        written.add(save(misses(title, runs), dir.resolve(prefix + "-misses")));
        written.add(save(interArrivalOverTime(title, runs), dir.resolve(prefix + "-interarrival")));
        return written;
    }

    private static Path save(XYChart chart, Path withoutExtension) throws IOException {
        BitmapEncoder.saveBitmap(chart, withoutExtension.toString(), BitmapEncoder.BitmapFormat.PNG);
        return Path.of(withoutExtension + ".png");
    }

    private static XYChart chart(String title, String x, String y) {
        XYChart chart = new XYChartBuilder().width(1000).height(550).title(title).xAxisTitle(x).yAxisTitle(y).build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(3);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNE);
        return chart;
    }

    static XYChart histogram(String title, List<Series> runs) {
        XYChart chart = chart(title + ": inter-arrival times", "inter-arrival (us)", "releases (log)");
        chart.getStyler().setYAxisLogarithmic(true);
        double period = runs.getFirst().log().periodNanos / 1e3;
        int bins = (int) Math.min(2000, Math.ceil(4 * period));
        double width = 4 * period / bins;
        for (Series s : runs) {
            long[] counts = new long[bins];
            long beyond = 0;
            ReleaseLog log = s.log();
            for (int i = 1; i < log.size(); i++) {
                int bin = (int) (log.interArrival(i) / 1e3 / width);
                if (bin >= bins) {
                    beyond++;
                } else {
                    counts[Math.max(0, bin)]++;
                }
            }
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int b = 0; b < bins; b++) {
                if (counts[b] > 0) {
                    x.add((b + 0.5) * width);
                    y.add((double) counts[b]);
                }
            }
            addSeries(chart, s.name() + " (" + beyond + " beyond " + Math.round(4 * period) + " us)", x, y);
        }
        return chart;
    }

    static XYChart misses(String title, List<Series> runs) {
        XYChart chart = chart(title + ": deadline misses", "release", "completion after deadline (us)");
        for (Series s : runs) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            ReleaseLog log = s.log();
            for (int i = 0; i < log.size(); i++) {
                if (log.missed(i)) {
                    x.add((double) i);
                    y.add((log.completion[i] - log.deadline(i)) / 1e3);
                }
            }
            addSeries(chart, s.name() + " (" + x.size() + " misses)", x, y);
        }
        return chart;
    }

    static XYChart interArrivalOverTime(String title, List<Series> runs) {
        XYChart chart = chart(title + ": inter-arrival over time", "release", "inter-arrival (us, log)");
        chart.getStyler().setYAxisLogarithmic(true);
        for (Series s : runs) {
            ReleaseLog log = s.log();
            List<Double> x = new ArrayList<>(log.size());
            List<Double> y = new ArrayList<>(log.size());
            for (int i = 1; i < log.size(); i++) {
                x.add((double) i);
                y.add(Math.max(1, log.interArrival(i) / 1e3));
            }
            addSeries(chart, s.name(), x, y);
        }
        return chart;
    }

    private static void addSeries(XYChart chart, String name, List<Double> x, List<Double> y) {
        if (x.isEmpty()) {
            // XChart refuses empty series; a lone point outside the data keeps the legend entry.
            x = List.of(0.0);
            y = List.of(chart.getStyler().isYAxisLogarithmic() ? 1.0 : 0.0);
        }
        XYSeries series = chart.addSeries(name, x, y);
        series.setMarker(SeriesMarkers.CIRCLE);
    }
}
