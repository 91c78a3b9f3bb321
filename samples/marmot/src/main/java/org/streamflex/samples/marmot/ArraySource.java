package org.streamflex.samples.marmot;

import org.streamflex.Atomic;
import org.streamflex.Borrow;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.SharedChannel;
import org.streamflex.TimeChannel;
import org.streamflex.dsp.FloatSeg;
import org.streamflex.dsp.Timebase;

/**
 * A node's microphone array: each release puts one block of each channel as a {@link FloatSeg}
 * (samples scaled to [-1, 1)) on {@code ch0} .. {@code ch3}, on the node's own timebase, channel 0's
 * also on {@code detect} for the detector (one segment on two channels, not a splitter), and every
 * {@code progressEvery} blocks a {@link DoaVector#PROGRESS} mark on {@code progress}; the release
 * after the last block puts {@link DoaVector#END}.
 *
 * <p>It reads its frames itself, as a capture driver reads its device: given a {@link BlockReader}
 * ({@link ArrayRecording#attach}), each release reads one block straight into the source's ring, in
 * {@code work()}, so a node holds a few blocks of its recording at a time and no Java thread feeds
 * it; at the reader's end, or when the recording breaks off (the reader keeps why), it ends with
 * what it read. Plain Java may instead write frames through the {@code @Atomic} {@link #write}
 * and end them with {@link #finish()}; a source takes one or the other.
 *
 * <pre>{@code
 * recording.attach(graph.source(0));   // before the graph runs
 * driver.step();                       // reads a block; one block per channel goes out
 * }</pre>
 */
public final class ArraySource extends Filter {
    /** The most frames one block can hold. */
    public static final int MAX_BLOCK = 8192;
    /** Channels. */
    public static final int CHANNELS = 4;

    @SuppressWarnings("UnusedVariable") // the clock releases the source through it; work() does not read the time
    private TimeChannel timer;
    private SharedChannel<FloatSeg> ch0;
    private SharedChannel<FloatSeg> ch1;
    private SharedChannel<FloatSeg> ch2;
    private SharedChannel<FloatSeg> ch3;
    /** Channel 0 again, the same segments as {@code ch0}, for the detector: its two readers need no splitter. */
    private SharedChannel<FloatSeg> detect;
    private Channel<DoaVector> progress;
    private final PcmRing ring = new PcmRing(CHANNELS, 4 * MAX_BLOCK);
    private final float[] samples = new float[MAX_BLOCK];
    private Timebase timebase = Timebase.of("node", 44_100, 0);
    private int node;
    private long deployment;
    private int block = 1024;
    private int progressEvery = 16;
    private long next;
    private long blocks;
    private boolean finished;
    private boolean ended;
    private BlockReader reader;

    private ArraySource() {
    }

    /** Sets the node's index, clock, block size and progress period; before the graph runs. */
    void configure(int nodeIndex, Timebase clock, int blockFrames, int blocksPerProgress) {
        if (blockFrames < 32 || blockFrames > MAX_BLOCK || blocksPerProgress < 1) {
            throw new IllegalArgumentException("ArraySource: block " + blockFrames + " frames (32.." + MAX_BLOCK
                    + "), progress every " + blocksPerProgress + " blocks (at least 1)");
        }
        this.node = nodeIndex;
        this.timebase = clock;
        this.block = blockFrames;
        this.progressEvery = blocksPerProgress;
    }

    /** Sets the {@link Deployment#fingerprint} its marks carry; before the graph runs. */
    void stamp(long deploymentFingerprint) {
        this.deployment = deploymentFingerprint;
    }

    /**
     * Makes the source read its frames from {@code from} itself, a block per release, then end;
     * before the graph runs. Reached from plain Java through {@link ArrayRecording#attach}: a
     * filter's public methods take primitives only (checker rule R1).
     */
    void readFrom(BlockReader from) {
        if (from.channels() != CHANNELS) {
            throw new IllegalArgumentException("ArraySource: a reader of " + from.channels() + " channels, expected "
                    + CHANNELS + " (one per microphone)");
        }
        this.reader = from;
    }

    /**
     * Appends {@code frames} interleaved 4-channel frames of the recording.
     *
     * @return 1 if taken, 0 if the buffer is full now (step the graph, then try again), -1 if they can never fit
     */
    @Atomic
    public int write(@Borrow short[] pcm, int frames) {
        return ring.append(pcm, frames);
    }

    /** Says that the recording has ended: what is buffered goes out, then {@link DoaVector#END}. */
    @Atomic
    public void finish() {
        finished = true;
    }

    /** Frames waiting in the buffer. */
    public int buffered() {
        return ring.frames();
    }

    /** Whether the end mark has gone out. */
    public boolean ended() {
        return ended;
    }

    @Override
    public void work() {
        // Until a block is in: a file delivers it in one read, or its last frames and then END; a live
        // device may deliver part of it, or nothing yet (0), and the release sends nothing.
        while (reader != null && !finished && ring.frames() < block) {
            int n = ring.fill(reader, block - ring.frames());
            if (n < 0) {
                finished = true;
            } else if (n == 0) {
                break;
            }
        }
        int available = ring.frames();
        if (available >= block || (finished && available > 0)) {
            int n = Math.min(block, available);
            FloatSeg first = emit(ch0, 0, n);
            detect.put(first);
            emit(ch1, 1, n);
            emit(ch2, 2, n);
            emit(ch3, 3, n);
            ring.consume(n);
            next += n;
            if (++blocks % progressEvery == 0) {
                mark(DoaVector.PROGRESS);
            }
        } else if (finished && !ended) {
            mark(DoaVector.END);
            ended = true;
        }
    }

    private FloatSeg emit(SharedChannel<FloatSeg> out, int channel, int n) {
        ring.channel(channel, n, 1f / 32_768f, samples);
        FloatSeg block = FloatSeg.copyOf(timebase, next, samples, 0, n);
        out.put(block);
        return block;
    }

    private void mark(int kind) {
        DoaVector v = makeCapsule(DoaVector.class);
        v.kind = kind;
        v.node = node;
        v.seq = -1;
        v.startNanos = timebase.timeNanos(0);
        v.endNanos = timebase.timeNanos(next);
        v.onsetNanos = v.endNanos;
        v.sampleRate = (float) timebase.sampleRate();
        v.deployment = deployment;
        progress.put(v);
    }
}
