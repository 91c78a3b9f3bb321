package org.streamflex.samples.marmot;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.Line;
import javax.sound.sampled.LineUnavailableException;
import javax.sound.sampled.Mixer;
import javax.sound.sampled.TargetDataLine;

/**
 * The mixer {@link TestCaptureProvider} gives a test JVM: named {@value #NAME}, one capture line of
 * four 16-bit channels at any rate, fed by {@link TestCaptureLine#fromProperties()}.
 */
final class TestCaptureMixer extends TestLine implements Mixer {
    static final String NAME = "StreamFlex test capture";
    static final Mixer.Info INFO = new Mixer.Info(NAME, "StreamFlex", "a WAV played as a capture line", "1") {
    };
    private static final DataLine.Info LINE = new DataLine.Info(TargetDataLine.class,
            new AudioFormat(AudioFormat.Encoding.PCM_SIGNED, AudioSystem.NOT_SPECIFIED, 16, ArraySource.CHANNELS,
                    2 * ArraySource.CHANNELS, AudioSystem.NOT_SPECIFIED, false));

    @Override
    public Mixer.Info getMixerInfo() {
        return INFO;
    }

    @Override
    public Line.Info[] getSourceLineInfo() {
        return new Line.Info[0];
    }

    @Override
    public Line.Info[] getTargetLineInfo() {
        return new Line.Info[] {LINE};
    }

    @Override
    public Line.Info[] getSourceLineInfo(Line.Info info) {
        return new Line.Info[0];
    }

    @Override
    public Line.Info[] getTargetLineInfo(Line.Info info) {
        return isLineSupported(info) ? getTargetLineInfo() : new Line.Info[0];
    }

    @Override
    public boolean isLineSupported(Line.Info info) {
        // The one asked for must be no more than this mixer's line can do (any rate: not specified).
        return info.matches(LINE);
    }

    @Override
    public Line getLine(Line.Info info) throws LineUnavailableException {
        TestCaptureLine line = TestCaptureLine.fromProperties();
        if (!isLineSupported(info) || line == null) {
            throw new LineUnavailableException("the test mixer has no line " + info + " (feed: "
                    + System.getProperty(TestCaptureLine.FEED) + ")");
        }
        return line;
    }

    @Override
    public int getMaxLines(Line.Info info) {
        return 1;
    }

    @Override
    public Line[] getSourceLines() {
        return new Line[0];
    }

    @Override
    public Line[] getTargetLines() {
        return new Line[0];
    }

    @Override
    public void synchronize(Line[] lines, boolean maintainSync) {
        throw new IllegalArgumentException("no synchronization");
    }

    @Override
    public void unsynchronize(Line[] lines) {
        throw new IllegalArgumentException("no synchronization");
    }

    @Override
    public boolean isSynchronizationSupported(Line[] lines, boolean maintainSync) {
        return false;
    }

    @Override
    public Line.Info getLineInfo() {
        return new Line.Info(Mixer.class);
    }

    @Override
    public void open() {
    }

    @Override
    public void close() {
    }

    @Override
    public boolean isOpen() {
        return true;
    }
}
