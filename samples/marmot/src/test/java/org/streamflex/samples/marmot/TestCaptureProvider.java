package org.streamflex.samples.marmot;

import javax.sound.sampled.Mixer;
import javax.sound.sampled.spi.MixerProvider;

/**
 * Makes {@link TestCaptureMixer} one of the mixers {@code javax.sound.sampled.AudioSystem} lists
 * in a test JVM (registered in the test resources' {@code META-INF/services}), so that the node's
 * live input is tested through the same calls a sound card answers.
 */
public final class TestCaptureProvider extends MixerProvider {
    private static final TestCaptureMixer MIXER = new TestCaptureMixer();

    @Override
    public Mixer.Info[] getMixerInfo() {
        return new Mixer.Info[] {TestCaptureMixer.INFO};
    }

    @Override
    public Mixer getMixer(Mixer.Info info) {
        if (info == null || info.equals(TestCaptureMixer.INFO)) {
            return MIXER;
        }
        throw new IllegalArgumentException("not this provider's mixer: " + info);
    }
}
