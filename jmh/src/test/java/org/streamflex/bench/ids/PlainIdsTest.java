package org.streamflex.bench.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.samples.ids.Intrusion;
import org.streamflex.samples.ids.PacketBuffer;
import org.streamflex.samples.ids.pcap.TrafficGenerator;
import org.streamflex.samples.ids.pcap.TrafficGenerator.Frame;
import org.streamflex.samples.ids.pcap.TrafficGenerator.Kind;

/** Both sides of IdsBenchmark catch what the generator injected: the comparison is fair. */
@Timeout(600) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
class PlainIdsTest {
    static final List<Frame> FRAMES = new TrafficGenerator(5).generate(3000);
    static final long EXPECTED_CAUGHT = FRAMES.stream()
            .filter(f -> f.kind() == Kind.TRUSTED || f.kind() == Kind.TINY_FRAGMENT || f.kind() == Kind.TEARDROP)
            .count();

    @Test
    void thePlainJavaIdsCatchesWhatWasInjected() throws Exception {
        try (PlainIds ids = new PlainIds(TrafficGenerator.TRUSTED_NETWORK, TrafficGenerator.TRUSTED_PREFIX)) {
            ids.analyze(FRAMES.stream().map(Frame::bytes).toList());
            assertEquals(FRAMES.size(), ids.packets);
            assertEquals(EXPECTED_CAUGHT, ids.caught);
        }
    }

    @Test
    void replayingTheReadersBufferAnalyzesTheSameFramesAgain() {
        Intrusion ids = new Intrusion(0);
        ids.trust.trust(TrafficGenerator.TRUSTED_NETWORK, TrafficGenerator.TRUSTED_PREFIX);
        List<Frame> batch = TrafficGenerator.wholeDatagramsFitting(FRAMES, PacketBuffer.CAPACITY,
                PacketBuffer.RECORD_HEADER);
        for (Frame f : batch) {
            assertEquals(1, ids.reader.write(f.bytes(), f.bytes().length, f.timestampNanos()));
        }
        int n = batch.size();
        GraphDriver driver = GraphDriver.of(ids);
        int releases = n / 64 + 2; // the reader parses up to 64 packets per release
        driver.run(releases);
        long caughtOnce = ids.dump.trusted + ids.dump.tinyFragments + ids.dump.teardrops;
        assertEquals(n, ids.dump.packets);
        assertEquals(true, ids.reader.replay());
        driver.run(releases);
        assertEquals(2L * n, ids.dump.packets);
        assertEquals(2 * caughtOnce, ids.dump.trusted + ids.dump.tinyFragments + ids.dump.teardrops);
    }
}
