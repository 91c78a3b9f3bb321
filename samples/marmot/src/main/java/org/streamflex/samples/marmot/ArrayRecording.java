package org.streamflex.samples.marmot;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.UnsupportedAudioFileException;

/**
 * A node's recording: a WAV file of 16-bit signed PCM, one channel per microphone (four for a
 * VoxNet-like array), read through {@code javax.sound.sampled} a block of frames at a time, so
 * long recordings need no more memory than a block.
 *
 * <pre>{@code
 * try (ArrayRecording r = ArrayRecording.open(Path.of("node-A.wav"), 4)) {
 *     short[] frames = new short[4 * 1024];
 *     for (int n; (n = r.read(frames, 1024)) > 0; ) { ... frames[4 * i + mic] ... }
 * }
 * }</pre>
 */
public final class ArrayRecording implements AutoCloseable {
    /** The lowest sample rate accepted: below it the default band (up to 8 kHz) is past Nyquist. */
    public static final float MIN_RATE = 16_000f;

    private final Path file;
    private final AudioInputStream in;
    private final int channels;
    private final float sampleRate;
    private final long declaredFrames;
    private final boolean bigEndian;
    private byte[] bytes = new byte[0];
    private long framesRead;

    private ArrayRecording(Path file, AudioInputStream in, int channels, float sampleRate, long declaredFrames,
            boolean bigEndian) {
        this.file = file;
        this.in = in;
        this.channels = channels;
        this.sampleRate = sampleRate;
        this.declaredFrames = declaredFrames;
        this.bigEndian = bigEndian;
    }

    /**
     * Opens {@code file} and checks its format.
     *
     * @param channels the channels it must have: the node's microphones
     * @throws BadRecordingException if it is missing, not a WAV file, not 16-bit signed PCM, has
     *     another number of channels, a rate below {@link #MIN_RATE}, or no frames
     */
    public static ArrayRecording open(Path file, int channels) throws BadRecordingException {
        AudioInputStream in;
        try {
            InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
            try {
                AudioFileFormat type = AudioSystem.getAudioFileFormat(raw);
                if (!AudioFileFormat.Type.WAVE.equals(type.getType())) {
                    raw.close();
                    throw new BadRecordingException(file, "a " + type.getType() + " file, expected WAV");
                }
                in = AudioSystem.getAudioInputStream(raw);
            } catch (UnsupportedAudioFileException e) {
                raw.close();
                throw new BadRecordingException(file, "not a WAV file javax.sound.sampled can read (" + e.getMessage()
                        + "); expected 16-bit PCM WAV with one channel per microphone", e);
            }
        } catch (NoSuchFileException e) {
            throw new BadRecordingException(file, "no such file (each node of nodes.csv needs node-<id>.wav)", e);
        } catch (IOException e) {
            throw new BadRecordingException(file, "cannot be read: " + e, e);
        }
        AudioFormat f = in.getFormat();
        String problem = null;
        if (!AudioFormat.Encoding.PCM_SIGNED.equals(f.getEncoding())) {
            problem = "encoding " + f.getEncoding() + ", expected PCM_SIGNED (16-bit integer PCM)";
        } else if (f.getSampleSizeInBits() != 16) {
            problem = f.getSampleSizeInBits() + "-bit samples, expected 16-bit PCM";
        } else if (f.getChannels() != channels) {
            problem = f.getChannels() + " channels, expected " + channels
                    + " (one per microphone of the node in mics.csv)";
        } else if (!(f.getSampleRate() >= MIN_RATE)) {
            problem = "sample rate " + f.getSampleRate() + " Hz, expected 44100 or 48000 (at least " + MIN_RATE + ")";
        } else if (in.getFrameLength() == 0) {
            problem = "no audio frames";
        }
        if (problem != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // the format problem is what the user needs to hear about
            }
            throw new BadRecordingException(file, problem);
        }
        return new ArrayRecording(file, in, channels, f.getSampleRate(), in.getFrameLength(), f.isBigEndian());
    }

    /** The file. */
    public Path file() {
        return file;
    }

    /** Samples per second per channel. */
    public float sampleRate() {
        return sampleRate;
    }

    /** Channels (microphones). */
    public int channels() {
        return channels;
    }

    /** The frames the header declares, or {@link AudioSystem#NOT_SPECIFIED}. */
    public long declaredFrames() {
        return declaredFrames;
    }

    /** Frames read so far. */
    public long framesRead() {
        return framesRead;
    }

    /**
     * Reads up to {@code maxFrames} frames, interleaved ({@code frames[channels * i + channel]}).
     *
     * @return the frames read, 0 at the end of the recording
     * @throws BadRecordingException if the file ends before the frames its header declares, or
     *     in the middle of a frame, or cannot be read
     */
    public int read(short[] frames, int maxFrames) throws BadRecordingException {
        int frameBytes = 2 * channels;
        int want = maxFrames * frameBytes;
        if (bytes.length < want) {
            bytes = new byte[want];
        }
        int got = 0;
        try {
            while (got < want) {
                int n = in.read(bytes, got, want - got);
                if (n < 0) {
                    break;
                }
                got += n;
            }
        } catch (IOException e) {
            throw new BadRecordingException(file, "read failed after " + framesRead + " frames: " + e, e);
        }
        int whole = got / frameBytes;
        if (got % frameBytes != 0) {
            throw new BadRecordingException(file, "truncated: ends inside frame " + (framesRead + whole)
                    + " (" + frameBytes + " bytes per frame)");
        }
        for (int i = 0, n = whole * channels; i < n; i++) {
            int lo = bytes[2 * i] & 0xFF;
            int hi = bytes[2 * i + 1];
            frames[i] = bigEndian ? (short) ((lo << 8) | (bytes[2 * i + 1] & 0xFF)) : (short) ((hi << 8) | lo);
        }
        framesRead += whole;
        if (whole < maxFrames && declaredFrames != AudioSystem.NOT_SPECIFIED && framesRead < declaredFrames) {
            throw new BadRecordingException(file, "truncated: the header declares " + declaredFrames
                    + " frames, the file holds " + framesRead);
        }
        return whole;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException ignored) {
            // nothing was written: nothing is lost
        }
    }

    /**
     * Writes 16-bit PCM WAV: {@code frames} interleaved samples of {@code channels} channels.
     *
     * <pre>{@code
     * ArrayRecording.write(dir.resolve("node-A.wav"), pcm, 4, 44_100);
     * }</pre>
     */
    public static void write(Path file, short[] frames, int channels, float sampleRate) throws IOException {
        byte[] data = new byte[2 * frames.length];
        for (int i = 0; i < frames.length; i++) {
            data[2 * i] = (byte) frames[i];
            data[2 * i + 1] = (byte) (frames[i] >> 8);
        }
        AudioFormat format = new AudioFormat(sampleRate, 16, channels, true, false);
        try (AudioInputStream s = new AudioInputStream(new ByteArrayInputStream(data), format,
                frames.length / channels)) {
            AudioSystem.write(s, AudioFileFormat.Type.WAVE, file.toFile());
        }
    }
}
