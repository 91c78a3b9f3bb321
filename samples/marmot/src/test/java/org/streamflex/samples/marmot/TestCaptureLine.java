package org.streamflex.samples.marmot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.Line;
import javax.sound.sampled.TargetDataLine;

/**
 * A sound card's capture line for tests: it "captures" the frames of a 16-bit little-endian PCM
 * buffer, either as time passes ({@code speed} times real time from {@link #start()}) or as the test
 * says ({@link #capture}), into a buffer of {@code bufferFrames}; when that is full the oldest
 * frames are dropped, as a driver overruns, and its frame position still counts them.
 *
 * <p>A JVM whose system property {@value #FEED} names a WAV gets one through
 * {@link TestCaptureMixer}, paced at {@value #SPEED} (1 if unset), with a buffer the whole feed fits
 * in: a loaded test machine cannot then make it overrun.
 */
final class TestCaptureLine extends TestLine implements TargetDataLine {
    static final String FEED = "marmot.test.capture";
    static final String SPEED = "marmot.test.captureSpeed";
    /** The WAV header the scenes' recordings have before their frames. */
    private static final int WAV_HEADER = 44;

    private final byte[] pcm;
    private final int frameBytes;
    private final double speed;
    private final int bufferFrames;
    private AudioFormat format;
    private boolean open;
    private long startNanos = -1;
    private long captured;
    private long readPosition;
    private long lost;

    TestCaptureLine(byte[] pcm, int channels, double speed, int bufferFrames) {
        this.pcm = pcm;
        this.frameBytes = 2 * channels;
        this.speed = speed;
        this.bufferFrames = bufferFrames;
    }

    /** The line {@value #FEED} names, or null. */
    static TestCaptureLine fromProperties() {
        String feed = System.getProperty(FEED);
        if (feed == null) {
            return null;
        }
        try {
            byte[] wav = Files.readAllBytes(Path.of(feed));
            byte[] frames = Arrays.copyOfRange(wav, WAV_HEADER, wav.length);
            return new TestCaptureLine(frames, ArraySource.CHANNELS, Double.parseDouble(System.getProperty(SPEED, "1")),
                    frames.length / (2 * ArraySource.CHANNELS) + 1);
        } catch (IOException e) {
            throw new IllegalStateException("the test capture feed " + feed + " cannot be read", e);
        }
    }

    /** Captures up to {@code frames} more frames now (a line made with speed 0 captures only so). */
    synchronized void capture(long frames) {
        captured = Math.min(totalFrames(), captured + frames);
        overrun();
    }

    /** Frames dropped because the buffer was full. */
    synchronized long lost() {
        return lost;
    }

    private long totalFrames() {
        return pcm.length / frameBytes;
    }

    private void advance() {
        if (speed > 0 && startNanos >= 0) {
            long due = (long) ((System.nanoTime() - startNanos) * 1e-9 * speed * format.getSampleRate());
            captured = Math.min(totalFrames(), Math.max(captured, due));
            overrun();
        }
    }

    private void overrun() {
        long buffered = captured - readPosition;
        if (buffered > bufferFrames) {
            lost += buffered - bufferFrames;
            readPosition = captured - bufferFrames;
        }
    }

    @Override
    public synchronized void open(AudioFormat f, int bufferSize) {
        open(f);
    }

    @Override
    public synchronized void open(AudioFormat f) {
        if (f.getChannels() * 2 != frameBytes || f.getSampleSizeInBits() != 16 || f.isBigEndian()) {
            throw new IllegalArgumentException("the test line captures " + frameBytes / 2
                    + " channels of 16-bit little-endian PCM, not " + f);
        }
        this.format = f;
        this.open = true;
    }

    @Override
    public void open() {
        throw new UnsupportedOperationException("open(AudioFormat)");
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) {
        advance();
        int frames = (int) Math.min(len / frameBytes, captured - readPosition);
        System.arraycopy(pcm, (int) (readPosition * frameBytes), b, off, frames * frameBytes);
        readPosition += frames;
        return frames * frameBytes;
    }

    @Override
    public synchronized int available() {
        advance();
        return (int) (captured - readPosition) * frameBytes;
    }

    @Override
    public synchronized void start() {
        if (startNanos < 0) {
            startNanos = System.nanoTime();
        }
    }

    @Override
    public void stop() {
    }

    @Override
    public synchronized void close() {
        open = false;
    }

    @Override
    public synchronized boolean isOpen() {
        return open;
    }

    @Override
    public synchronized long getLongFramePosition() {
        advance();
        return captured;
    }

    @Override
    public int getFramePosition() {
        return (int) getLongFramePosition();
    }

    @Override
    public long getMicrosecondPosition() {
        return (long) (getLongFramePosition() * 1e6 / format.getSampleRate());
    }

    @Override
    public int getBufferSize() {
        return bufferFrames * frameBytes;
    }

    @Override
    public AudioFormat getFormat() {
        return format;
    }

    @Override
    public void drain() {
    }

    @Override
    public void flush() {
    }

    @Override
    public boolean isRunning() {
        return startNanos >= 0;
    }

    @Override
    public boolean isActive() {
        return isRunning();
    }

    @Override
    public float getLevel() {
        return AudioSystem.NOT_SPECIFIED;
    }

    @Override
    public Line.Info getLineInfo() {
        return new DataLine.Info(TargetDataLine.class, format);
    }
}
