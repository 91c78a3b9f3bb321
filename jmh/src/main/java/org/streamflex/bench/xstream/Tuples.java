package org.streamflex.bench.xstream;

/**
 * What flows between the operators of the {@link ConventionalVersions}: an object per sample with
 * its 64-bit timestamp, as a conventional stream processor represents a signal, and the control
 * tuples of SILENCEFILTER and DETECTAUDIO. The timestamp is the sample number (one tick per
 * 1/44,100 s, or 1/48,000 s for DETECTAUDIO's microphones).
 */
final class Tuples {
    private Tuples() {
    }

    /** Anything on a queue. */
    sealed interface Tuple permits Sample, MicSample, Range, Watermark, End {
    }

    /** One sample and when it was taken. */
    record Sample(long timestamp, float value) implements Tuple {
    }

    /** One sample of one of DETECTAUDIO's microphones (channel 0 to 3) and when it was taken. */
    record MicSample(int channel, long timestamp, float value) implements Tuple {
    }

    /** The silence detector's voiced range of timestamps, {@code [start, end)}. */
    record Range(long start, long end) implements Tuple {
    }

    /** The detector's promise that no later range holds a timestamp below {@code time}: a punctuation. */
    record Watermark(long time) implements Tuple {
    }

    /** The end of the stream, which each operator passes on before it ends. */
    enum End implements Tuple {
        END
    }
}
