package org.streamflex.samples.ids.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.ByteArrayInputStream;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.samples.ids.FragmentLimits;
import org.streamflex.samples.ids.Intrusion;
import org.streamflex.samples.ids.pcap.CaptureCounts;
import org.streamflex.samples.ids.pcap.CaptureFile;
import org.streamflex.samples.ids.pcap.UnreadableCaptureException;

/**
 * What every fuzz test of the input checks, for any bytes as a capture file: refused with a
 * message, or read through the IDS graph with nothing escaping, every byte of the file a header,
 * frame, skipped or malformed byte, every frame taken analyzed, and nothing dropped.
 */
final class CaptureFuzzing {
    private CaptureFuzzing() {
    }

    static void survivedAndAccountedFor(byte[] input) {
        CaptureFile capture;
        try {
            capture = CaptureFile.of(new ByteArrayInputStream(input), "fuzzed");
        } catch (UnreadableCaptureException e) {
            assertNotNull(e.getMessage());
            return;
        }
        // Small fragment bounds: the table is allocated per input, and what is fuzzed is the input path.
        Intrusion ids = new Intrusion(10, new FragmentLimits(64, 16, 60));
        GraphDriver driver = GraphDriver.of(ids);
        long[] taken = new long[1];
        CaptureCounts counts = capture.read((frame, length, nanos, linkType) -> {
            int answer;
            while ((answer = ids.reader.write(frame, length, nanos, linkType)) == 0) {
                driver.run(1); // the reader's buffer is full: let the graph take some
            }
            if (answer == 1) {
                taken[0]++;
            }
            return true;
        });
        assertEquals(input.length, counts.fileBytes);
        assertEquals(counts.fileBytes,
                counts.headerBytes + counts.frameBytes + counts.skippedBytes + counts.malformedBytes);
        for (int i = 0; i < 1000 && ids.dump.packets < taken[0]; i++) {
            driver.run(1);
        }
        assertEquals(taken[0], ids.dump.packets, "every frame taken is analyzed");
        assertEquals(0, ids.drops());
    }
}
