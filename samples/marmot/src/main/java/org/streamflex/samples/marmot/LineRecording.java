package org.streamflex.samples.marmot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.LineUnavailableException;
import javax.sound.sampled.Mixer;
import javax.sound.sampled.TargetDataLine;

/**
 * A node's microphone array read live from a sound card: a {@code javax.sound.sampled} capture line
 * ({@link TargetDataLine}) of four 16-bit channels, read by the node's source in its {@code work()},
 * as much as the line holds, up to a block, never waiting: a release that finds less than a block
 * keeps it and sends nothing yet. It ends after {@code --seconds} of audio, or when asked to stop
 * ({@link #stop()}: the node's command does on SIGINT or SIGTERM), once it has delivered what the
 * line held then.
 *
 * <p>Nothing is lost without being counted: a line whose buffer fills because the node fell behind
 * (an overrun) drops frames in the driver; the line's frame position (frames captured) against the
 * frames delivered and still buffered says how many, and the node's summary says so. Times in the
 * node's output are by frames delivered, so after an overrun they run behind the wall clock by the
 * frames lost. A line that closes under the node (a device unplugged) breaks the input off, as a
 * truncated file does.
 *
 * <pre>{@code
 * try (LineRecording mic = LineRecording.open("default", ArraySource.CHANNELS, 48_000f, 0)) {
 *     mic.attach(graph.source(0));
 *     graph.start();
 *     ...
 *     mic.stop();            // the source ends once it has delivered what the line held
 * }
 * }</pre>
 */
public final class LineRecording implements NodeInput {
    /** The line's buffer: this much audio may wait while the node is busy before the driver drops. */
    static final double BUFFER_SECONDS = 0.5;

    private final String device;
    private final TargetDataLine line;
    private final int channels;
    private final float sampleRate;
    private final long stopAfterFrames;
    private final int bufferFrames;
    private byte[] bytes;
    // Written by the reading thread (a source's clock thread) before `done`, read by plain Java after it.
    private long framesRead;
    private long lostFrames;
    private long fullReads;
    private String brokeOff;
    private volatile boolean stopAsked;
    private volatile boolean done;

    LineRecording(String device, TargetDataLine line, int channels, float sampleRate, long stopAfterFrames) {
        this.device = device;
        this.line = line;
        this.channels = channels;
        this.sampleRate = sampleRate;
        this.stopAfterFrames = stopAfterFrames;
        this.bufferFrames = line.getBufferSize() / (2 * channels);
        this.bytes = new byte[2 * channels * 1024];
    }

    /**
     * Opens and starts the capture line of the mixer named {@code device} ({@code default}: the
     * system's default capture line) for {@code channels} channels of 16-bit signed little-endian PCM
     * at {@code sampleRate}.
     *
     * @param seconds the audio to read before ending; 0 until {@link #stop()}
     * @throws CaptureException if no mixer has that name, or it has no such line, or the line cannot
     *     be opened (the message lists the mixers that can capture)
     */
    public static LineRecording open(String device, int channels, float sampleRate, double seconds)
            throws CaptureException {
        AudioFormat format = new AudioFormat(sampleRate, 16, channels, true, false);
        DataLine.Info wanted = new DataLine.Info(TargetDataLine.class, format);
        TargetDataLine line;
        try {
            if (device.equals("default")) {
                if (!AudioSystem.isLineSupported(wanted)) {
                    throw new CaptureException(device, "no capture line of " + describe(format) + "; " + capturing());
                }
                line = (TargetDataLine) AudioSystem.getLine(wanted);
            } else {
                Mixer mixer = mixer(device);
                if (!mixer.isLineSupported(wanted)) {
                    throw new CaptureException(device, "has no capture line of " + describe(format) + "; "
                            + capturing());
                }
                line = (TargetDataLine) mixer.getLine(wanted);
            }
            int frameBytes = 2 * channels;
            line.open(format, frameBytes * (int) Math.ceil(sampleRate * BUFFER_SECONDS));
        } catch (LineUnavailableException | IllegalArgumentException | SecurityException e) {
            throw new CaptureException(device, "cannot open a capture line of " + describe(format) + ": " + e);
        }
        line.start();
        return new LineRecording(device, line, channels, sampleRate, Math.round(seconds * sampleRate));
    }

    private static Mixer mixer(String device) throws CaptureException {
        for (Mixer.Info info : AudioSystem.getMixerInfo()) {
            if (info.getName().equals(device)) {
                return AudioSystem.getMixer(info);
            }
        }
        throw new CaptureException(device, "no mixer has this name; " + capturing());
    }

    /** The mixers that have a capture line, as a clause for an error message. */
    private static String capturing() {
        List<String> names = new ArrayList<>();
        for (Mixer.Info info : AudioSystem.getMixerInfo()) {
            if (AudioSystem.getMixer(info).getTargetLineInfo().length > 0) {
                names.add('"' + info.getName() + '"');
            }
        }
        return names.isEmpty() ? "this JVM sees no mixer that can capture"
                : "the mixers that can capture: " + String.join(", ", names);
    }

    private static String describe(AudioFormat f) {
        return String.format(Locale.ROOT, "%d channels of 16-bit PCM at %.0f Hz", f.getChannels(), f.getSampleRate());
    }

    /** Asks the input to end: the source delivers what the line holds now, then ends. Any thread. */
    public void stop() {
        stopAsked = true;
    }

    @Override
    public int channels() {
        return channels;
    }

    @Override
    public float sampleRate() {
        return sampleRate;
    }

    @Override
    public long declaredFrames() {
        return stopAfterFrames > 0 ? stopAfterFrames : -1;
    }

    @Override
    public long framesRead() {
        return framesRead;
    }

    @Override
    public boolean done() {
        return done;
    }

    /**
     * Reads what the line holds, up to {@code maxFrames} frames, without waiting; 0 when it holds
     * none yet. Allocates nothing once its byte buffer holds {@code maxFrames} frames.
     */
    @Override
    public int read(short[] frames, int fromFrame, int maxFrames) {
        if (done) {
            return brokeOff == null ? END : BROKEN;
        }
        if (!line.isOpen()) {
            brokeOff = "the capture line closed after " + framesRead + " frames";
            return finish(BROKEN);
        }
        boolean stopping = stopAsked;
        int frameBytes = 2 * channels;
        int held = line.available() / frameBytes;
        if (held >= bufferFrames) {
            fullReads++;
        }
        long want = Math.min(held, maxFrames);
        if (stopAfterFrames > 0) {
            want = Math.min(want, stopAfterFrames - framesRead);
        }
        int n = (int) want;
        if (n > 0) {
            if (bytes.length < n * frameBytes) {
                bytes = new byte[maxFrames * frameBytes];
            }
            int got = line.read(bytes, 0, n * frameBytes) / frameBytes;
            convert(frames, fromFrame * channels, got * channels);
            framesRead += got;
            n = got;
        }
        if ((stopAfterFrames > 0 && framesRead >= stopAfterFrames) || (stopping && n == held)) {
            // Frames the device captured that were never delivered: dropped in overruns, before the end.
            lostFrames = Math.max(0, line.getLongFramePosition() - framesRead - line.available() / frameBytes);
            line.stop();
            line.close();
            return n > 0 ? finishAfter(n) : finish(END);
        }
        return n;
    }

    // Done after this read's frames: the next read answers END.
    private int finishAfter(int n) {
        done = true;
        return n;
    }

    private int finish(int answer) {
        done = true;
        return answer;
    }

    private void convert(short[] frames, int at, int samples) {
        byte[] b = bytes;
        for (int i = 0; i < samples; i++) {
            frames[at + i] = (short) ((b[2 * i + 1] << 8) | (b[2 * i] & 0xFF));
        }
    }

    @Override
    public CaptureException problem(String node) {
        String reason = done ? brokeOff : null;
        return reason == null ? null : new CaptureException(device, "node " + node + "'s capture broke off after"
                + " frame " + framesRead + String.format(Locale.ROOT, " (%.2f s)", framesRead / sampleRate)
                + ", the node ends there: " + reason);
    }

    @Override
    public String losses() {
        if (!done || lostFrames == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "%d frames (%.3f s) lost in capture overruns; the line's buffer of %.2f s"
                + " was full at %d reads", lostFrames, lostFrames / sampleRate, BUFFER_SECONDS, fullReads);
    }

    @Override
    public void close() {
        line.close();
    }
}
