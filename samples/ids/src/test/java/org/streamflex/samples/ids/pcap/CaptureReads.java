package org.streamflex.samples.ids.pcap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** What reading a capture in memory gave, frame by frame, with every byte's accounting checked. */
record CaptureReads(CaptureCounts counts, List<byte[]> frames, List<Long> times, List<Integer> linkTypes) {
    static CaptureReads of(byte[] file) {
        try {
            CaptureFile capture = CaptureFile.of(new ByteArrayInputStream(file), "test");
            List<byte[]> frames = new ArrayList<>();
            List<Long> times = new ArrayList<>();
            List<Integer> linkTypes = new ArrayList<>();
            CaptureCounts c = capture.read((f, n, t, link) -> {
                frames.add(Arrays.copyOf(f, n));
                times.add(t);
                linkTypes.add(link);
                return true;
            });
            assertEquals(file.length, c.fileBytes, "every byte read");
            assertEquals(c.fileBytes, c.headerBytes + c.frameBytes + c.skippedBytes + c.malformedBytes,
                    "every byte accounted for: " + c);
            assertEquals(c.frames, frames.size());
            return new CaptureReads(c, frames, times, linkTypes);
        } catch (UnreadableCaptureException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }
}
