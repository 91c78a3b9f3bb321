package org.streamflex.samples.marmot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;

/**
 * Writes a scene with known answers: {@code nodes.csv}, {@code mics.csv}, one 4-channel 16-bit
 * WAV per node ({@code node-<id>.wav}) and {@code truth.csv}.
 *
 * <p>Propagation is exact and spherical: each microphone hears the call delayed by its own
 * distance to the source over {@code c} and scaled by 1/distance, with no far-field
 * approximation, so the locator's plane-wave model is tested rather than assumed. Fractional
 * delays are exact too: the call is a closed-form function of time (a Hann-windowed linear chirp
 * with a second harmonic), evaluated at each sample's delayed time, so no interpolation filter
 * smears it. White Gaussian noise, independent per channel, is added and the sum rounded to 16 bits
 * (clipped, which the report counts).
 *
 * <pre>{@code
 * SceneGenerator.Result r = SceneGenerator.write(SceneSpec.defaults().withSeed(3), Path.of("scene"));
 * r.calls();   // what truth.csv holds
 * }</pre>
 */
public final class SceneGenerator {
    /** The second harmonic's amplitude relative to the fundamental. */
    static final double HARMONIC = 0.35;

    private SceneGenerator() {
    }

    /**
     * What a scene holds.
     *
     * @param deployment the nodes
     * @param calls the calls, in time order
     * @param clipped samples clipped to the 16-bit range
     */
    public record Result(Deployment deployment, List<TrueCall> calls, long clipped) {
    }

    /** The WAV file of node {@code id} in a scene directory. */
    public static Path recordingOf(Path dir, String id) {
        return dir.resolve("node-" + id + ".wav");
    }

    /**
     * Writes the scene {@code spec} describes into {@code dir} (made if missing).
     *
     * @throws IllegalArgumentException if the calls do not fit the recordings' length apart from
     *     each other, or the band is past Nyquist
     */
    public static Result write(SceneSpec spec, Path dir) throws IOException {
        Result r = plan(spec);
        Files.createDirectories(dir);
        r.deployment().write(dir);
        long clipped = 0;
        int node = 0;
        for (NodeSite site : r.deployment().nodes()) {
            // Rendered while it is written, a block at a time: a long scene needs no heap for its length.
            SceneAudio audio = new SceneAudio(spec, site, r.deployment(), r.calls(),
                    new SplittableRandom(spec.seed() * 1_000_003L + node++), SceneAudio.BLOCK_FRAMES);
            AudioFormat format = new AudioFormat(spec.sampleRate(), 16, site.mics(), true, false);
            try (AudioInputStream s = new AudioInputStream(audio, format, audio.frames())) {
                AudioSystem.write(s, AudioFileFormat.Type.WAVE, recordingOf(dir, site.id()).toFile());
            }
            clipped += audio.clipped();
        }
        Truth.write(dir.resolve(Truth.FILE), r.calls(), List.of(String.format(Locale.ROOT,
                "generated: seed %d, %d nodes on a %.1f m ring, %d calls in %.1f s, %.1f dB SNR at the farthest node,"
                + " %.0f Hz, chirps %.0f-%.0f Hz of %.0f ms with a second harmonic, %.3f m square arrays,"
                + " noise %.0f LSB rms, c %.1f m/s, exact spherical delays%s",
                spec.seed(), spec.nodes(), spec.radius(), spec.calls(), spec.seconds(), spec.snrDb(), spec.sampleRate(),
                spec.callLowHz(), spec.callHighHz(), spec.callSeconds() * 1e3, spec.micSide(), spec.noiseRms(),
                spec.speedOfSound(), spec.reflections() == 0 ? "" : String.format(Locale.ROOT,
                        ", %d reflections of gain %.2f", spec.reflections(), spec.reflectionGain()))));
        return new Result(r.deployment(), r.calls(), clipped);
    }

    /** The deployment and calls of {@code spec}, without rendering audio. */
    public static Result plan(SceneSpec spec) {
        if (spec.nodes() < 1 || spec.calls() < 0 || spec.seconds() <= 0 || spec.radius() <= 0) {
            throw new IllegalArgumentException("a scene needs at least one node, a positive length and radius: "
                    + spec);
        }
        if (4 * Math.max(spec.callHighHz(), spec.callLowHz()) >= spec.sampleRate()) {
            throw new IllegalArgumentException("calls up to " + spec.callHighHz() + " Hz have a second harmonic past"
                    + " Nyquist at " + spec.sampleRate() + " Hz sampling");
        }
        SplittableRandom rng = new SplittableRandom(spec.seed());
        List<NodeSite> nodes = new ArrayList<>();
        double a = spec.micSide() / 2;
        double[] mx = {a, -a, -a, a};
        double[] my = {a, a, -a, -a};
        double phase = rng.nextDouble(2 * Math.PI);
        for (int k = 0; k < spec.nodes(); k++) {
            double angle = phase + 2 * Math.PI * k / spec.nodes() + rng.nextDouble(-0.3, 0.3);
            double r = spec.radius() * rng.nextDouble(0.85, 1.15);
            // Rounded as nodes.csv writes them, so that the files describe exactly the scene rendered.
            nodes.add(new NodeSite(String.valueOf((char) ('A' + k % 26)) + (k >= 26 ? String.valueOf(k / 26) : ""),
                    Math.round(r * Math.cos(angle) * 1e4) / 1e4, Math.round(r * Math.sin(angle) * 1e4) / 1e4,
                    Math.floor(rng.nextDouble(360) * 10) / 10, mx, my));
        }
        Deployment d = new Deployment(nodes);
        double maxTravel = 2.2 * spec.radius() / spec.speedOfSound();
        // The detector learns the noise before it can detect (0.19 s by default): 0.9 s leaves room for
        // warm-ups up to the DSP library's 1024 scores.
        double first = 0.9;
        double tail = spec.callSeconds() + maxTravel + 0.15;
        double span = spec.seconds() - first - tail;
        List<TrueCall> calls = new ArrayList<>();
        if (spec.calls() > 0) {
            double slot = span / spec.calls();
            double need = spec.callSeconds() + maxTravel + 0.25;
            if (slot < need) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "%d calls do not fit %.2f s apart from each"
                        + " other: each needs %.2f s (call, travel across the ring, detector padding); use fewer calls"
                        + " or longer recordings", spec.calls(), spec.seconds(), need));
            }
            for (int i = 0; i < spec.calls(); i++) {
                double t = first + i * slot + rng.nextDouble(0, slot - need + 1e-9);
                double rr = 0.8 * spec.radius() * Math.sqrt(rng.nextDouble());
                double th = rng.nextDouble(2 * Math.PI);
                double x = rr * Math.cos(th);
                double y = rr * Math.sin(th);
                for (NodeSite n : nodes) {
                    if (n.distanceTo(x, y) < 2.0) { // keep the source in the arrays' far field
                        x += 3.0 * (x - n.x()) / Math.max(1e-9, n.distanceTo(x, y));
                    }
                }
                calls.add(new TrueCall(i + 1, Math.round(t * 1e6) / 1e6, Math.round(x * 1e4) / 1e4,
                        Math.round(y * 1e4) / 1e4));
            }
        }
        return new Result(d, calls, 0);
    }

    /**
     * The direct source of call {@code c} ({@code x, y, gain 1}) and its image sources: for each
     * reflection, the source mirrored across a wall (a line at a random angle, 2 to 15 m from the
     * source), with the reflection's gain. A node hears an image only from its side of the wall (the
     * image is then farther than the source). Drawn from a generator of the call's own, so that scenes
     * without reflections are what they were before reflections existed.
     */
    static double[][] sourcesOf(SceneSpec spec, TrueCall c) {
        double[][] out = new double[1 + spec.reflections()][];
        out[0] = new double[] {c.x(), c.y(), 1};
        SplittableRandom rng = new SplittableRandom(spec.seed() * 7_919L + c.index());
        for (int r = 1; r <= spec.reflections(); r++) {
            double normal = rng.nextDouble(2 * Math.PI);
            double distance = rng.nextDouble(2, 15);
            out[r] = new double[] {c.x() + 2 * distance * Math.cos(normal), c.y() + 2 * distance * Math.sin(normal),
                spec.reflectionGain()};
        }
        return out;
    }

    /** The frames of each recording. */
    static int frames(SceneSpec spec) {
        return (int) Math.round(spec.seconds() * spec.sampleRate());
    }

    /** The call's waveform at {@code t} seconds from its start (0 outside {@code [0, duration)}). */
    static double call(SceneSpec spec, double t) {
        double len = spec.callSeconds();
        if (t < 0 || t >= len) {
            return 0;
        }
        double envelope = Math.sin(Math.PI * t / len);
        envelope *= envelope;
        double phase = 2 * Math.PI * (spec.callLowHz() * t
                + (spec.callHighHz() - spec.callLowHz()) * t * t / (2 * len));
        return envelope * (Math.sin(phase) + HARMONIC * Math.sin(2 * phase));
    }

    /** The mean square of the call over its duration, by a fine Riemann sum. */
    static double callPower(SceneSpec spec) {
        int n = 20_000;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double v = call(spec, (i + 0.5) * spec.callSeconds() / n);
            sum += v * v;
        }
        return sum / n;
    }

    /**
     * Fills {@code pcm} (interleaved, 4 channels) with node {@code site}'s recording, in one block;
     * returns the clipped samples. {@link #write} renders the same samples a block at a time.
     */
    static long render(SceneSpec spec, NodeSite site, Deployment deployment, List<TrueCall> calls,
            SplittableRandom noise, short[] pcm) {
        SceneAudio audio = new SceneAudio(spec, site, deployment, calls, noise, pcm.length / site.mics());
        audio.renderNext(pcm);
        return audio.clipped();
    }
}
