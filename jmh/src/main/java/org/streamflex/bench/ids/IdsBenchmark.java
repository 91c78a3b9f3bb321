package org.streamflex.bench.ids;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.samples.ids.Intrusion;
import org.streamflex.samples.ids.PacketBuffer;
import org.streamflex.samples.ids.pcap.TrafficGenerator;
import org.streamflex.samples.ids.pcap.TrafficGenerator.Frame;

/**
 * Analysis time per batch of the bundled traffic mix (the whole datagrams that fill the reader's
 * 256 KiB buffer once, about 440 frames), in one run: {@code streamflex}, the IDS graph released on one thread
 * as a free-running clock would, re-reading the same buffered frames each time (their delivery
 * through {@code @Atomic write} is not timed); {@code plainJava}, the same detection with heap
 * packets, a thread per stage and {@code ArrayBlockingQueue}s. Divide the batch's bits by the
 * time per operation for the rate.
 *
 * <pre>java -jar jmh/target/benchmarks.jar IdsBenchmark -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-Dstreamflex.clock.backend=park-spin"})
public class IdsBenchmark {
    /** The frames of the mix that fit the reader's buffer, and their total size. */
    @State(Scope.Benchmark)
    public static class Mix {
        final List<byte[]> frames = new ArrayList<>();
        long bytes;

        @Setup(Level.Trial)
        public void generate() {
            for (Frame f : TrafficGenerator.wholeDatagramsFitting(new TrafficGenerator(1).generate(2000),
                    PacketBuffer.CAPACITY, PacketBuffer.RECORD_HEADER)) {
                frames.add(f.bytes());
                bytes += f.bytes().length;
            }
            System.out.printf("%nbatch: %d frames, %d bytes%n", frames.size(), bytes);
        }
    }

    @State(Scope.Thread)
    public static class StreamFlex {
        Intrusion ids;
        GraphDriver driver;
        long target;

        @Setup(Level.Trial)
        public void load(Mix mix) {
            ids = new Intrusion(0);
            ids.trust.trust(TrafficGenerator.TRUSTED_NETWORK, TrafficGenerator.TRUSTED_PREFIX);
            for (byte[] f : mix.frames) {
                if (ids.reader.write(f, f.length, 0) != 1) {
                    throw new IllegalStateException("the batch does not fit the reader's buffer");
                }
            }
            driver = GraphDriver.of(ids);
        }
    }

    @State(Scope.Thread)
    public static class Plain {
        PlainIds ids;

        @Setup(Level.Trial)
        public void start() {
            ids = new PlainIds(TrafficGenerator.TRUSTED_NETWORK, TrafficGenerator.TRUSTED_PREFIX);
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            ids.close();
        }
    }

    @Benchmark
    public long streamflex(StreamFlex s, Mix mix) {
        s.ids.reader.replay();
        s.target += mix.frames.size();
        while (s.ids.dump.packets < s.target) {
            s.driver.step();
        }
        return s.ids.dump.bytes;
    }

    @Benchmark
    public long plainJava(Plain p, Mix mix) throws InterruptedException {
        p.ids.analyze(mix.frames);
        return p.ids.bytes;
    }
}
