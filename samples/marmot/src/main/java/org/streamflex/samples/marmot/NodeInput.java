package org.streamflex.samples.marmot;

/**
 * What a node's source reads, a block per release, in its {@code work()}: a recording
 * ({@link ArrayRecording}) or a sound card's capture line ({@link LineRecording}). Plain Java opens
 * one before the graph runs, attaches it to the source, and watches it from another thread through
 * the methods below.
 *
 * <pre>{@code
 * try (NodeInput in = ArrayRecording.open(wav, ArraySource.CHANNELS)) {
 *     in.attach(graph.source(0));
 *     graph.start();
 *     while (!in.done()) { Thread.sleep(20); }
 * }
 * }</pre>
 */
public interface NodeInput extends BlockReader, AutoCloseable {
    /** Frames per second. */
    float sampleRate();

    /** Frames the input will deliver if known (a file's header), else {@code -1} (a live device). */
    long declaredFrames();

    /** Frames delivered so far; final, and safe to read from another thread, once {@link #done()}. */
    long framesRead();

    /** Whether {@link BlockReader#read} has answered {@link #END} or {@link #BROKEN}. */
    boolean done();

    /**
     * Why the input broke off, naming it, {@code node}, the frames delivered and the reason; null if
     * it has not. Read it once {@link #done()}.
     */
    UnreadableInputException problem(String node);

    /**
     * What the input lost, or changed, in delivering it (a live device's overruns, a float
     * recording's samples clipped at full scale), as a sentence for the node's summary, or null if
     * nothing; read it once {@link #done()}.
     */
    default String losses() {
        return null;
    }

    /**
     * Makes {@code source} read this input itself, a block per release of its clock, and end after
     * its last frame; before the graph runs. The input must stay open until the source has ended.
     */
    default void attach(ArraySource source) {
        source.readFrom(this);
    }

    @Override
    void close();
}
