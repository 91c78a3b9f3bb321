package org.streamflex.bench.streamit.plain;

import org.streamflex.bench.streamit.plain.PlainNodes.BeamFir;
import org.streamflex.bench.streamit.plain.PlainNodes.BeamForm;
import org.streamflex.bench.streamit.plain.PlainNodes.Combine;
import org.streamflex.bench.streamit.plain.PlainNodes.Delay;
import org.streamflex.bench.streamit.plain.PlainNodes.DownSamp;
import org.streamflex.bench.streamit.plain.PlainNodes.Duplicate;
import org.streamflex.bench.streamit.plain.PlainNodes.FbSource;
import org.streamflex.bench.streamit.plain.PlainNodes.Fir;
import org.streamflex.bench.streamit.plain.PlainNodes.InputGenerate;
import org.streamflex.bench.streamit.plain.PlainNodes.Magnitude;
import org.streamflex.bench.streamit.plain.PlainNodes.Printer;
import org.streamflex.bench.streamit.plain.PlainNodes.RoundRobinJoin;
import org.streamflex.bench.streamit.plain.PlainNodes.UpSamp;

/** The two programs wired from plain nodes, with the same structure as the StreamFlex graphs. */
public final class PlainPrograms {
    private PlainPrograms() {
    }

    /** A built program and its printer. */
    public record Program(PlainGraph graph, Printer printer, int outputsPerIteration) {
    }

    public static Program filterBank(int keep) {
        PlainGraph g = new PlainGraph();
        FbSource source = g.add(new FbSource());
        Duplicate split = g.add(new Duplicate(8));
        g.connect(source, split);
        Node[] lasts = new Node[8];
        for (int j = 0; j < 8; j++) {
            float[] h = new float[32];
            float[] f = new float[32];
            for (int i = 0; i < 32; i++) {
                h[i] = i * 32 + j * 8 + j + i + j + 1;
                f[i] = i * j + j * j + j + i;
            }
            Node d1 = g.add(new Delay(31));
            Node fh = g.add(new Fir(h));
            Node down = g.add(new DownSamp());
            Node up = g.add(new UpSamp());
            Node d2 = g.add(new Delay(31));
            Node ff = g.add(new Fir(f));
            g.connect(split, d1).pipeline(d1, fh, down, up, d2, ff);
            lasts[j] = ff;
        }
        RoundRobinJoin join = g.add(new RoundRobinJoin(8, 1));
        for (Node last : lasts) {
            g.connect(last, join);
        }
        Combine combine = g.add(new Combine());
        Printer printer = g.add(new Printer(keep));
        g.pipeline(join, combine, printer);
        return new Program(g, printer, 8);
    }

    public static Program beamFormer(int keep) {
        PlainGraph g = new PlainGraph();
        Node[] fines = new Node[12];
        for (int c = 0; c < 12; c++) {
            Node input = g.add(new InputGenerate(c));
            Node coarse = g.add(new BeamFir(64, 1024, 1));
            Node fine = g.add(new BeamFir(64, 1024, 2));
            g.pipeline(input, coarse, fine);
            fines[c] = fine;
        }
        RoundRobinJoin channels = g.add(new RoundRobinJoin(12, 2));
        for (Node fine : fines) {
            g.connect(fine, channels);
        }
        Duplicate beams = g.add(new Duplicate(4));
        g.connect(channels, beams);
        Node[] mags = new Node[4];
        for (int b = 0; b < 4; b++) {
            Node form = g.add(new BeamForm(b));
            Node matched = g.add(new BeamFir(512, 512, 1));
            Node magnitude = g.add(new Magnitude());
            g.connect(beams, form).pipeline(form, matched, magnitude);
            mags[b] = magnitude;
        }
        RoundRobinJoin results = g.add(new RoundRobinJoin(4, 1));
        for (Node m : mags) {
            g.connect(m, results);
        }
        Printer printer = g.add(new Printer(keep));
        g.connect(results, printer);
        return new Program(g, printer, 4);
    }
}
