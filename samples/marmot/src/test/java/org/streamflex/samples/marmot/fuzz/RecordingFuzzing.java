package org.streamflex.samples.marmot.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sound.sampled.AudioSystem;
import org.streamflex.samples.marmot.ArrayRecording;
import org.streamflex.samples.marmot.BadRecordingException;
import org.streamflex.samples.marmot.BlockReader;
import org.streamflex.samples.marmot.PcmRing;
import org.streamflex.samples.marmot.UnreadableInputException;

/**
 * What every fuzz test of a node's recording checks, for any bytes as a 4-channel WAV file: either
 * {@link ArrayRecording#open} refuses it with a {@link BadRecordingException} naming the file, or
 * it is read to its end, once as plain Java reads it ({@link ArrayRecording#read(short[], int)})
 * and once as a node's source reads it (a {@link PcmRing} filled through the recording's
 * {@link BlockReader} side), and both give the same frames. Nothing else escapes, no read loops
 * forever, no more frames come out than the header declares or the bytes hold, a recording that
 * gives fewer than it declares says why, and no input makes the reader allocate what its header
 * claims rather than what it holds.
 */
final class RecordingFuzzing {
    private static final Path FILE = Path.of("fuzzed.wav");
    private static final int CHANNELS = 4;
    /** Frames per read: a source's usual block. */
    private static final int BLOCK = 1024;
    /**
     * Heap bytes one input may cost, both reads together: about 240 KB for the seeds (a stream
     * buffer and a block each, the JDK's parsers). A header's sizes go up to 4 GiB.
     */
    private static final long MAX_ALLOCATED = 4L << 20;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final ClassLoadingMXBean CLASSES = ManagementFactory.getClassLoadingMXBean();
    /** How long one input may take: the seeds take milliseconds. Longer is a read that does not end. */
    private static final long LIMIT_SECONDS = 10;
    // The reads run on a thread of their own, so that one that spins can be given up on: it cannot be stopped.
    private static Thread reader;
    private static ExecutorService readers = readers();

    private RecordingFuzzing() {
    }

    private static ExecutorService readers() {
        return Executors.newSingleThreadExecutor(task -> {
            reader = new Thread(task, "fuzzed-wav-reader");
            reader.setDaemon(true);
            return reader;
        });
    }

    static void survivedOrRefused(byte[] input) {
        Future<?> done = readers.submit(() -> measured(input));
        try {
            done.get(LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            Throwable where = new Throwable("where the reading thread is");
            where.setStackTrace(reader.getStackTrace());
            readers = readers(); // the stuck one spins on, a daemon
            throw new AssertionError("no answer " + LIMIT_SECONDS + " s after reading began, for an input of "
                    + input.length + " bytes: a read that does not end", where);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            if (e.getCause() instanceof RuntimeException escaped) {
                throw escaped;
            }
            throw new AssertionError(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static void measured(byte[] input) {
        long classes = CLASSES.getTotalLoadedClassCount();
        long before = THREADS.getCurrentThreadAllocatedBytes();
        survived(input);
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        // A class loaded for this input (a parser's first use) is loaded, and instrumented by the fuzzer, on this
        // thread: that allocation is not the input's. The inputs after it have the class.
        if (CLASSES.getTotalLoadedClassCount() == classes) {
            assertTrue(allocated < MAX_ALLOCATED, allocated + " bytes allocated for an input of " + input.length);
        }
    }

    private static void survived(byte[] input) {
        Read plain = plainRead(input);
        Read source = sourceRead(input);
        assertEquals(plain == null, source == null, "refused by one read and not the other");
        if (plain != null) {
            assertEquals(plain.frames(), source.frames(), "frames read as plain Java and as a source");
            assertEquals(plain.checksum(), source.checksum(), "the same frames");
            assertEquals(plain.broke(), source.broke(), "broke off as plain Java and as a source");
        }
    }

    /** What a read gave: its frames, a sum over their samples, and whether it broke off. */
    private record Read(long frames, long checksum, boolean broke) {
    }

    private static ArrayRecording open(byte[] input) {
        try {
            return ArrayRecording.open(FILE, new ByteArrayInputStream(input), CHANNELS);
        } catch (BadRecordingException e) {
            namesTheFile(e);
            return null;
        }
    }

    /** Through {@link ArrayRecording#read(short[], int)} until it answers 0 or throws. */
    private static Read plainRead(byte[] input) {
        ArrayRecording r = open(input);
        if (r == null) {
            return null;
        }
        try (r) {
            short[] frames = new short[CHANNELS * BLOCK];
            long total = 0;
            long checksum = 0;
            boolean broke = false;
            while (!broke) {
                int n;
                try {
                    n = r.read(frames, BLOCK);
                } catch (BadRecordingException e) {
                    namesTheFile(e);
                    broke = true;
                    // The whole frames before the break are in the buffer, counted in framesRead().
                    n = (int) (r.framesRead() - total);
                }
                if (n <= 0) {
                    break;
                }
                assertTrue(n <= BLOCK, n + " frames for " + BLOCK + " asked");
                total += n;
                bounded(r, total, input);
                for (int i = 0; i < CHANNELS * n; i++) {
                    checksum = 31 * checksum + frames[i];
                }
            }
            assertEquals(total, r.framesRead());
            accounted(r, total, broke);
            return new Read(total, checksum, broke);
        }
    }

    /** As {@code ArraySource.work()} reads: into its ring, a block at a time, until END or BROKEN. */
    private static Read sourceRead(byte[] input) {
        ArrayRecording r = open(input);
        if (r == null) {
            return null;
        }
        try (r) {
            PcmRing ring = new PcmRing(CHANNELS, 4 * BLOCK);
            long total = 0;
            long checksum = 0;
            int answer;
            while ((answer = ring.fill(r, BLOCK)) > 0) {
                total += answer;
                bounded(r, total, input);
                for (int i = 0; i < ring.frames(); i++) {
                    for (int c = 0; c < CHANNELS; c++) {
                        checksum = 31 * checksum + ring.sample(i, c);
                    }
                }
                ring.consume(ring.frames());
            }
            // A file has all its frames at once: 0 (nothing yet) would leave its source waiting forever.
            assertTrue(answer == BlockReader.END || answer == BlockReader.BROKEN, "answered " + answer);
            assertTrue(r.done());
            assertEquals(total, r.framesRead());
            UnreadableInputException problem = r.problem("fuzz");
            if (answer == BlockReader.END) {
                assertNull(problem, "a problem after END");
            } else {
                assertNotNull(problem, "BROKEN without a problem");
                namesTheFile(problem);
                assertTrue(problem.getMessage().contains("node fuzz's recording broke off after frame " + total),
                        problem.getMessage());
            }
            boolean broke = answer == BlockReader.BROKEN;
            accounted(r, total, broke);
            return new Read(total, checksum, broke);
        }
    }

    /** No more frames than the bytes hold or the header declares: a read that does not end fails here. */
    private static void bounded(ArrayRecording r, long total, byte[] input) {
        // A byte a sample at the least: 8-bit recordings are read too.
        assertTrue(total * CHANNELS <= input.length, total + " frames from " + input.length + " bytes");
        if (r.declaredFrames() != AudioSystem.NOT_SPECIFIED) {
            assertTrue(total <= r.declaredFrames(), total + " frames of " + r.declaredFrames() + " declared");
        }
    }

    /** A recording read to its end without a break has the frames its header declares. */
    private static void accounted(ArrayRecording r, long total, boolean broke) {
        if (!broke && r.declaredFrames() != AudioSystem.NOT_SPECIFIED) {
            assertEquals(r.declaredFrames(), total, "frames read to the end without a break");
        }
    }

    private static void namesTheFile(UnreadableInputException e) {
        assertEquals(FILE, e.file());
        String m = e.getMessage();
        assertTrue(m.startsWith(FILE + ": ") && m.length() > (FILE + ": ").length(), m);
    }
}
