package org.streamflex.samples.ids.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.samples.ids.Intrusion;
import org.streamflex.samples.ids.pcap.PcapReader;

/**
 * Any bytes, as a pcap file, through the pcap reader and the IDS graph: nothing escapes, nothing
 * hangs, every byte of the file is a header, frame or malformed byte, and every frame the reader
 * took is analyzed. Runs its seed inputs with {@code ./mvnw verify}; fuzzes for 20 s with
 * {@code JAZZER_FUZZ=1}.
 */
class PcapInputFuzzTest {
    @FuzzTest(maxDuration = "20s")
    void anyBytesAreSurvivedAndAccountedFor(byte[] input) throws IOException {
        Intrusion ids = new Intrusion(10);
        GraphDriver driver = GraphDriver.of(ids);
        long[] taken = new long[1];
        PcapReader.Counts counts = PcapReader.read(new ByteArrayInputStream(input), (frame, length, nanos) -> {
            int answer;
            while ((answer = ids.reader.write(frame, length, nanos)) == 0) {
                driver.run(1); // the reader's buffer is full: let the graph take some
            }
            if (answer == 1) {
                taken[0]++;
            }
        });
        assertEquals(input.length, counts.fileBytes);
        assertEquals(counts.fileBytes, counts.headerBytes + counts.frameBytes + counts.malformedBytes);
        for (int i = 0; i < 1000 && ids.dump.packets < taken[0]; i++) {
            driver.run(1);
        }
        assertEquals(taken[0], ids.dump.packets, "every frame taken is analyzed");
        assertEquals(0, ids.drops());
    }
}
