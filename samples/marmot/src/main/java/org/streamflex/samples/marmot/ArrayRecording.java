package org.streamflex.samples.marmot;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.UnsupportedAudioFileException;

/**
 * A node's recording: a WAV file, one channel per microphone (four for a VoxNet-like array), of
 * 16-bit PCM or any other {@link SampleFormat} (24- and 32-bit integers, 8-bit unsigned, 32- and
 * 64-bit floats), read through {@code javax.sound.sampled} a block of frames at a time into 16-bit
 * samples, so long recordings need no more memory than a block. Float samples beyond full scale
 * are clipped and counted, samples that are not numbers read as 0 and counted ({@link #losses()}).
 * Plain Java reads it with
 * {@link #read(short[], int)}; a node's source reads it itself, a block per release of its clock,
 * through {@link BlockReader} ({@link #attach}): a recording that breaks off then keeps the reason
 * ({@link #problem(String)}) and the source ends with the frames before the break.
 *
 * <pre>{@code
 * try (ArrayRecording r = ArrayRecording.open(Path.of("node-A.wav"), 4)) {
 *     short[] frames = new short[4 * 1024];
 *     for (int n; (n = r.read(frames, 1024)) > 0; ) { ... frames[4 * i + mic] ... }
 * }
 * }</pre>
 */
public final class ArrayRecording implements NodeInput {
    /**
     * The lowest sample rate accepted: at 16 kHz the default band (2 to 8 kHz) reaches Nyquist, and
     * a lower rate cuts off the calls the sample is for.
     */
    public static final float MIN_RATE = 16_000f;
    /** How to make a recording of a sample format {@link SampleFormat} does not read (A-law, mu-law) readable. */
    private static final String CONVERT = "; convert it, e.g. sox IN.wav -b 16 -e signed-integer OUT.wav, or"
            + " ffmpeg -i IN.wav -c:a pcm_s16le OUT.wav";
    /** The data sizes streaming writers put in a header they cannot rewrite: see {@link #declaredFrames(long, int)}. */
    private static final long STREAMED_SIZE = 0xFFFF_FFFFL;
    private static final long STREAMED_SIZE_SIGNED = 0x7FFF_FFFFL;

    private final Path file;
    private final AudioInputStream in;
    private final int channels;
    private final float sampleRate;
    private final long declaredFrames;
    private final boolean bigEndian;
    private final SampleFormat format;
    // Float samples clipped at full scale ([SampleFormat.CLIPPED]) and not numbers ([NOT_NUMBERS]): written by
    // the reading thread before `done`, read by plain Java after it, as framesRead.
    private final long[] changed = new long[2];
    // Sized for a block of 1024 frames now, so that a source's first read in work() (the usual block)
    // allocates nothing; a larger block grows it once.
    private byte[] bytes;
    // Written by the reading thread (a source's clock thread) before `done`, read by plain Java after it.
    private long framesRead;
    private String brokeOff;
    private volatile boolean done;

    private ArrayRecording(Path file, AudioInputStream in, int channels, float sampleRate, long declaredFrames,
            boolean bigEndian, SampleFormat format) {
        this.file = file;
        this.in = in;
        this.channels = channels;
        this.sampleRate = sampleRate;
        this.declaredFrames = declaredFrames;
        this.bigEndian = bigEndian;
        this.format = format;
        this.bytes = new byte[format.bytes() * channels * 1024];
    }

    /**
     * Opens {@code file} and checks its format.
     *
     * @param channels the channels it must have: the node's microphones
     * @throws BadRecordingException if it is missing, not a WAV file, of a sample format
     *     {@link SampleFormat} does not read, has another number of channels, a rate below
     *     {@link #MIN_RATE}, or no frames
     */
    public static ArrayRecording open(Path file, int channels) throws BadRecordingException {
        InputStream raw;
        try {
            raw = Files.newInputStream(file); // buffered once its header is walked (WavHeader)
        } catch (NoSuchFileException e) {
            throw new BadRecordingException(file, "no such file (each node of nodes.csv needs node-<id>.wav)", e);
        } catch (IOException e) {
            throw new BadRecordingException(file, "cannot be read: " + e, e);
        }
        return open(file, raw, channels);
    }

    /**
     * Opens the WAV data of {@code raw} (closed by {@link #close()}, or now if it is unusable),
     * named {@code file} in errors: a recording held in memory, read as a file would be.
     *
     * <pre>{@code
     * ArrayRecording r = ArrayRecording.open(Path.of("node-A.wav"), new ByteArrayInputStream(wav), 4);
     * }</pre>
     *
     * @throws BadRecordingException as {@link #open(Path, int)}
     */
    public static ArrayRecording open(Path file, InputStream original, int channels) throws BadRecordingException {
        AudioInputStream in;
        InputStream raw = original;
        try {
            try {
                // Only the chunks the JDK reads, whatever metadata the file has before its audio (WavHeader).
                WavHeader.Walked walked = WavHeader.walk(file, original);
                raw = walked.stream();
                AudioFileFormat type = AudioSystem.getAudioFileFormat(raw);
                if (!AudioFileFormat.Type.WAVE.equals(type.getType())) {
                    // closed in the catch below
                    throw new BadRecordingException(file, "a " + type.getType() + " file, expected WAV");
                }
                in = AudioSystem.getAudioInputStream(raw);
                if (walked.dataBytes() != WavHeader.Walked.RIFF) {
                    // RF64: the JDK's stream would end at the 32-bit size it was given. It has read the
                    // header from raw, which is at the audio now: the audio is read from there, as long as
                    // the ds64 chunk says, or to the end if the writer never said.
                    int frameBytes = in.getFormat().getFrameSize();
                    long frames = walked.dataBytes() == WavHeader.Walked.NOT_FINALIZED || frameBytes <= 0
                            ? AudioSystem.NOT_SPECIFIED : walked.dataBytes() / frameBytes;
                    in = new AudioInputStream(raw, in.getFormat(), frames);
                }
            } catch (BadRecordingException e) {
                raw.close(); // the walked header's stream, or the original when the walk refused it
                throw e;
            } catch (UnsupportedAudioFileException e) {
                raw.close();
                throw new BadRecordingException(file, "not a WAV file javax.sound.sampled can read (" + e.getMessage()
                        + "); expected a PCM or float WAV with one channel per microphone", e);
            }
        } catch (IOException e) {
            try {
                raw.close();
            } catch (IOException ignored) {
                // the read failure is what the user needs to hear about
            }
            throw new BadRecordingException(file, "cannot be read: " + e, e);
        }
        AudioFormat f = in.getFormat();
        SampleFormat samples = SampleFormat.of(f);
        String problem = null;
        if (samples == null) {
            problem = "samples of " + f.getSampleSizeInBits() + "-bit " + f.getEncoding() + " in frames of "
                    + f.getFrameSize() + " bytes, expected " + SampleFormat.READ + CONVERT;
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
        return new ArrayRecording(file, in, channels, f.getSampleRate(), declaredFrames(in.getFrameLength(),
                f.getFrameSize()), f.isBigEndian(), samples);
    }

    /**
     * The frames a header declares, or {@link AudioSystem#NOT_SPECIFIED} for a data size a writer
     * that could not seek back left at a placeholder: 0xFFFFFFFF (ffmpeg and others writing to a pipe)
     * or 0x7FFFFFFF (arecord). A complete recording declaring as many frames would fill its data
     * size field to within a frame (both are odd, so no recording of even-sized frames declares them
     * exactly); such a file is read to its end without being called truncated.
     */
    static long declaredFrames(long frames, int frameBytes) {
        if (frames != AudioSystem.NOT_SPECIFIED && frameBytes > 0
                && (frames == STREAMED_SIZE / frameBytes || frames == STREAMED_SIZE_SIGNED / frameBytes)) {
            return AudioSystem.NOT_SPECIFIED;
        }
        return frames;
    }

    /**
     * A recording with no frames, named {@code file}: what a node whose own recording cannot be
     * opened reads, so that its graph still runs and sends its end mark, and the server does not wait
     * for a node that will never send anything.
     *
     * <pre>{@code
     * ArrayRecording none = ArrayRecording.silent(Path.of("node-A.wav"), 4, 44_100f);
     * }</pre>
     */
    public static ArrayRecording silent(Path file, int channels, float sampleRate) {
        AudioFormat f = new AudioFormat(sampleRate, 16, channels, true, false);
        return new ArrayRecording(file, new AudioInputStream(InputStream.nullInputStream(), f, 0), channels, sampleRate,
                0, false, SampleFormat.PCM_S16);
    }

    /** The file. */
    public Path file() {
        return file;
    }

    /** Samples per second per channel. */
    @Override
    public float sampleRate() {
        return sampleRate;
    }

    /** Channels (microphones). */
    @Override
    public int channels() {
        return channels;
    }

    /** The frames the header declares, or {@link AudioSystem#NOT_SPECIFIED}. */
    @Override
    public long declaredFrames() {
        return declaredFrames;
    }

    /** The format of the recording's samples. */
    public String sampleFormat() {
        return format.description();
    }

    /** Float samples beyond full scale (above 1.0 or below -1.0) clipped so far; final once {@link #done()}. */
    public long clippedSamples() {
        return changed[SampleFormat.CLIPPED];
    }

    /** Samples that were not numbers (NaN, infinities) read as 0 so far; final once {@link #done()}. */
    public long notNumberSamples() {
        return changed[SampleFormat.NOT_NUMBERS];
    }

    /**
     * The float samples the recording changed in reading them as 16-bit samples (clipped beyond full
     * scale, not numbers read as 0), as a sentence for the node's summary, or null if none; read it
     * once {@link #done()}.
     */
    @Override
    public String losses() {
        long clipped = changed[SampleFormat.CLIPPED];
        long notNumbers = changed[SampleFormat.NOT_NUMBERS];
        if (!done || clipped + notNumbers == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "%d samples beyond full scale (above 1.0 or below -1.0) clipped and %d"
                + " samples that are not numbers read as 0, of %d read (%s in %s)", clipped, notNumbers,
                framesRead * channels, format.description(), file);
    }

    /** Frames read so far. */
    @Override
    public long framesRead() {
        return framesRead;
    }

    /**
     * Reads up to {@code maxFrames} frames, interleaved ({@code frames[channels * i + channel]}).
     *
     * @return the frames read, 0 at the end of the recording
     * @throws BadRecordingException if the file ends before the frames its header declares, or
     *     in the middle of a frame, or cannot be read (the whole frames before the break are in
     *     {@code frames} and counted in {@link #framesRead()})
     */
    public int read(short[] frames, int maxFrames) throws BadRecordingException {
        int n = brokeOff == null ? fill(frames, 0, maxFrames) : 0;
        if (brokeOff != null) {
            throw new BadRecordingException(file, brokeOff);
        }
        return n;
    }

    /**
     * The {@link BlockReader} side, for a source reading in its {@code work()}: never throws, and
     * allocates nothing once its byte buffer holds {@code maxFrames} frames. A break delivers the
     * whole frames before it, then answers {@link #BROKEN}, keeping the reason for
     * {@link #problem(String)}.
     */
    @Override
    public int read(short[] frames, int fromFrame, int maxFrames) {
        if (brokeOff != null) {
            done = true;
            return BROKEN;
        }
        int n = fill(frames, fromFrame, maxFrames);
        if (n > 0) {
            return n;
        }
        done = true;
        return brokeOff == null ? END : BROKEN;
    }

    /**
     * Whether {@link BlockReader#read} has answered {@link #END} or {@link #BROKEN}: from then on
     * {@link #framesRead()} is final, and safe to read from another thread.
     */
    @Override
    public boolean done() {
        return done;
    }

    /**
     * Why the recording broke off, naming the file, {@code node}, the frames delivered and the
     * reason; null if it has not. Read it once {@link #done()}.
     */
    @Override
    public BadRecordingException problem(String node) {
        String reason = done ? brokeOff : null;
        return reason == null ? null : new BadRecordingException(file, "node " + node + "'s recording broke off after"
                + " frame " + framesRead + " (" + String.format(Locale.ROOT, "%.2f", framesRead / sampleRate)
                + " s), the node ends there: " + reason);
    }

    /**
     * Reads whole frames into {@code frames} from frame {@code fromFrame}, as many as there are up
     * to {@code maxFrames}; a break (an I/O error, the file ending inside a frame or before the
     * frames its header declares) sets {@code brokeOff} after converting the whole frames before it.
     */
    private int fill(short[] frames, int fromFrame, int maxFrames) {
        int frameBytes = format.bytes() * channels;
        int want = maxFrames * frameBytes;
        if (bytes.length < want) {
            bytes = new byte[want];
        }
        int got = 0;
        IOException failure = null;
        try {
            while (got < want) {
                int n = in.read(bytes, got, want - got);
                if (n < 0) {
                    break;
                }
                got += n;
            }
        } catch (IOException e) {
            failure = e;
        }
        int whole = got / frameBytes;
        format.convert(bytes, frames, fromFrame * channels, whole * channels, bigEndian, changed);
        framesRead += whole;
        if (failure != null) {
            brokeOff = "read failed after " + framesRead + " frames: " + failure;
        } else if (got % frameBytes != 0) {
            brokeOff = "truncated: ends inside frame " + framesRead + " (" + frameBytes + " bytes per frame)";
        } else if (whole < maxFrames && declaredFrames != AudioSystem.NOT_SPECIFIED && framesRead < declaredFrames) {
            brokeOff = "truncated: the header declares " + declaredFrames + " frames, the file holds " + framesRead;
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
