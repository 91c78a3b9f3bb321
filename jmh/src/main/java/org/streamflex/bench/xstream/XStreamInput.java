package org.streamflex.bench.xstream;

import org.streamflex.dsp.FloatSeg;

/**
 * What every version runs on: the parsed recording and the source's batch size; DETECTAUDIO's four
 * channels are made from the recording on first use, before anything is timed, and so are the
 * off-heap copies the signal-segment sources replay.
 *
 * <pre>{@code
 * XStreamInput input = XStreamInput.load(4096);
 * float first = input.recording().sample(0);
 * }</pre>
 */
public final class XStreamInput {
    private final CountingRecording recording;
    private final int batch;
    private DetectAudioInput detectAudio;
    private FloatSeg recordingSegment;
    private FloatSeg[] micSegments;
    private boolean copyingSources;

    public XStreamInput(CountingRecording recording, int batch) {
        if (batch < 1) {
            throw new IllegalArgumentException("batch " + batch + ": a source puts at least one sample per batch");
        }
        this.recording = recording;
        this.batch = batch;
    }

    /** The bundled recording, parsed, with batches of {@code batch} samples. */
    public static XStreamInput load(int batch) {
        return new XStreamInput(CountingRecording.load(), batch);
    }

    public CountingRecording recording() {
        return recording;
    }

    /** Samples the source delivers at a time. */
    public int batch() {
        return batch;
    }

    /** DETECTAUDIO's channels, made once. */
    public synchronized DetectAudioInput detectAudio() {
        if (detectAudio == null) {
            detectAudio = DetectAudioInput.from(recording);
        }
        return detectAudio;
    }

    /**
     * The recording loaded once into off-heap sample memory, as a segment of
     * {@link CountingRecording#SAMPLES} samples: what the signal-segment versions' sources replay by
     * reference. Made on first use, before anything is timed; it lives as long as the process.
     */
    public synchronized FloatSeg recordingSegment() {
        if (recordingSegment == null) {
            float[] x = recording.array();
            recordingSegment = FloatSeg.copyOf(SegFilters.RECORDING, 0, x, 0, x.length);
        }
        return recordingSegment;
    }

    /** DETECTAUDIO's channel {@code c} loaded once into off-heap sample memory, as {@link #recordingSegment()}. */
    public synchronized FloatSeg micSegment(int c) {
        if (micSegments == null) {
            float[][] channels = detectAudio().arrays();
            micSegments = new FloatSeg[channels.length];
            for (int i = 0; i < channels.length; i++) {
                micSegments[i] = FloatSeg.copyOf(Mics.clock(i), 0, channels[i], 0, channels[i].length);
            }
        }
        return micSegments[c];
    }

    /**
     * Whether the signal-segment versions' sources copy each batch from an array into a new buffer
     * (the acquisition copy) instead of replaying the loaded input by reference: for measuring what
     * that copy costs ({@code XStreamMain --copying-sources}).
     */
    public boolean copyingSources() {
        return copyingSources;
    }

    /** This input with the sources' copying set as given. */
    public XStreamInput withCopyingSources(boolean copying) {
        XStreamInput other = new XStreamInput(recording, batch);
        other.copyingSources = copying;
        synchronized (this) {
            other.detectAudio = detectAudio;
            other.recordingSegment = recordingSegment;
            other.micSegments = micSegments;
        }
        return other;
    }

    /** Samples in the input stream of {@code replays} replays. */
    public long length(int replays) {
        return (long) replays * CountingRecording.SAMPLES;
    }

    /**
     * The length of a workload's stream of {@code replays} replays: the recording's samples, or for
     * DETECTAUDIO the samples of one of its channels (all four have as many).
     */
    public long length(XStreamWorkloads.Workload workload, int replays) {
        return workload == XStreamWorkloads.Workload.DETECTAUDIO ? (long) replays * DetectAudioInput.SAMPLES
                : length(replays);
    }
}
