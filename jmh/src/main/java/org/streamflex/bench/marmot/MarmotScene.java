package org.streamflex.bench.marmot;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.streamflex.samples.marmot.ArrayRecording;
import org.streamflex.samples.marmot.BadRecordingException;
import org.streamflex.samples.marmot.Deployment;
import org.streamflex.samples.marmot.NodeSite;
import org.streamflex.samples.marmot.SceneGenerator;
import org.streamflex.samples.marmot.SceneSpec;

/**
 * One node's recording of a generated scene, held in memory: the sample's generator writes the
 * scene to a temporary directory and its WAV reader reads node A back, so that the measurements
 * time the graph and the plain-Java node, never the disk.
 *
 * <pre>{@code
 * MarmotScene s = MarmotScene.generate(SceneSpec.defaults().withNodes(2).withCalls(30).withSeconds(60));
 * s.pcm();    // interleaved 4-channel frames of node A
 * s.open();   // its WAV file, read from memory
 * }</pre>
 *
 * @param site node A
 * @param sampleRate its sample rate
 * @param pcm its interleaved 4-channel 16-bit frames
 * @param calls the calls in the scene
 * @param wav node A's WAV file as the generator wrote it, byte for byte
 */
@SuppressWarnings("ArrayRecordComponent") // the audio of a measurement, never compared
public record MarmotScene(NodeSite site, double sampleRate, short[] pcm, int calls, byte[] wav) {

    /**
     * Node A's recording, read from {@link #wav()} in memory as {@code ArrayRecording} reads its
     * file (the same WAV decoding, no disk): what the graph's source and the plain node both read.
     */
    public ArrayRecording open() {
        try {
            return ArrayRecording.open(Path.of("node-" + site.id() + ".wav"), new ByteArrayInputStream(wav),
                    PlainMarmotNode.CHANNELS);
        } catch (BadRecordingException e) {
            throw new IllegalStateException("the generated recording does not read back: " + e.getMessage(), e);
        }
    }

    /** Frames of the recording. */
    public int frames() {
        return pcm.length / PlainMarmotNode.CHANNELS;
    }

    /** Seconds of audio. */
    public double seconds() {
        return frames() / sampleRate;
    }

    /** A one-node deployment of node A. */
    public Deployment deployment() {
        return new Deployment(List.of(site));
    }

    /** Generates {@code spec} and reads node A's recording. */
    public static MarmotScene generate(SceneSpec spec) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("marmot-bench");
            SceneGenerator.Result r = SceneGenerator.write(spec, dir);
            NodeSite site = r.deployment().nodes().get(0);
            Path file = SceneGenerator.recordingOf(dir, site.id());
            try (ArrayRecording rec = ArrayRecording.open(file, 4)) {
                short[] all = new short[(int) (4 * rec.declaredFrames())];
                int at = 0;
                short[] block = new short[4 * 4096];
                for (int n; (n = rec.read(block, 4096)) > 0; at += 4 * n) {
                    System.arraycopy(block, 0, all, at, 4 * n);
                }
                return new MarmotScene(site, rec.sampleRate(), Arrays.copyOf(all, at), r.calls().size(),
                        Files.readAllBytes(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (BadRecordingException e) {
            throw new IllegalStateException("the generated recording does not read back: " + e.getMessage(), e);
        } finally {
            if (dir != null) {
                delete(dir);
            }
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // A temporary directory left behind is harmless; the measurement is not.
            System.err.println("marmot bench: could not delete " + dir + ": " + e);
        }
    }
}
