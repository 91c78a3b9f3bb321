package org.streamflex.samples.marmot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Compares a run's results with a scene's truth: each detection with the call whose direct sound
 * reached its node inside the detection's range (nearest to its onset), each location with the
 * call emitted nearest to its estimated emission time (within {@code 0.5 s}).
 *
 * <pre>{@code
 * List<Scoring.DoaScore> s = Scoring.detections(result, truth, 343);
 * double median = Scoring.median(s.stream().filter(x -> x.call() != null).mapToDouble(Scoring.DoaScore::error));
 * }</pre>
 */
public final class Scoring {
    /** How far a location's emission time may be from a call's to be compared with it, seconds. */
    public static final double FIX_MATCH_SECONDS = 0.5;

    private Scoring() {
    }

    /**
     * A detection against the truth.
     *
     * @param detection the detection
     * @param call the call it heard, or null for a false detection
     * @param trueAzimuth the call's azimuth in the node's frame (NaN if none)
     * @param error the unsigned azimuth error, degrees (NaN if none)
     * @param onsetError onset less the direct sound's arrival, seconds (NaN if none)
     */
    public record DoaScore(Detection detection, TrueCall call, double trueAzimuth, double error, double onsetError) {
    }

    /**
     * A location against the truth.
     *
     * @param fix the location
     * @param call the call it is nearest in time to, or null
     * @param error the distance to the call's source, metres (NaN if none)
     */
    public record FixScore(Fix fix, TrueCall call, double error) {
    }

    /** Every detection, scored. */
    public static List<DoaScore> detections(MarmotRun.Result r, List<TrueCall> truth, double speedOfSound) {
        List<DoaScore> out = new ArrayList<>();
        for (Detection d : r.detections()) {
            NodeSite site = r.nodes().nodes().get(d.nodeIndex());
            TrueCall best = null;
            double bestGap = Double.POSITIVE_INFINITY;
            for (TrueCall c : truth) {
                double arrival = c.seconds() + site.distanceTo(c.x(), c.y()) / speedOfSound;
                if (arrival >= d.startSeconds() - 0.01 && arrival <= d.endSeconds()
                        && Math.abs(d.onsetSeconds() - arrival) < bestGap) {
                    best = c;
                    bestGap = Math.abs(d.onsetSeconds() - arrival);
                }
            }
            if (best == null) {
                out.add(new DoaScore(d, null, Double.NaN, Double.NaN, Double.NaN));
            } else {
                double az = site.azimuthTo(best.x(), best.y());
                double arrival = best.seconds() + site.distanceTo(best.x(), best.y()) / speedOfSound;
                out.add(new DoaScore(d, best, az, Angles.difference(d.azimuth(), az), d.onsetSeconds() - arrival));
            }
        }
        return out;
    }

    /** Every location, scored. */
    public static List<FixScore> fixes(MarmotRun.Result r, List<TrueCall> truth) {
        List<FixScore> out = new ArrayList<>();
        for (Fix f : r.fixes()) {
            TrueCall best = null;
            for (TrueCall c : truth) {
                double gap = Math.abs(c.seconds() - f.seconds());
                if (gap <= FIX_MATCH_SECONDS && (best == null || gap < Math.abs(best.seconds() - f.seconds()))) {
                    best = c;
                }
            }
            out.add(new FixScore(f, best, best == null ? Double.NaN : Math.hypot(f.x() - best.x(), f.y() - best.y())));
        }
        return out;
    }

    /** The median of {@code values} (NaN if there are none). */
    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : 0.5 * (v[v.length / 2 - 1] + v[v.length / 2]);
    }
}
