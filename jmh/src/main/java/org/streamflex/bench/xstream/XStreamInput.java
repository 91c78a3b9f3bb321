package org.streamflex.bench.xstream;

/**
 * What every version runs on: the parsed recording and the source's batch size; DETECTAUDIO's four
 * channels are made from the recording on first use, before anything is timed.
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
