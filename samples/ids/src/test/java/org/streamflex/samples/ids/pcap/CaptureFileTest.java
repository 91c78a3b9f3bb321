package org.streamflex.samples.ids.pcap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureFileTest {
    @TempDir
    Path dir;

    static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        }
        return out.toByteArray();
    }

    static String refusal(byte[] file) {
        return assertThrows(UnreadableCaptureException.class,
                () -> CaptureFile.of(new ByteArrayInputStream(file), "x")).getMessage();
    }

    @Test
    void theFormatAndCompressionAreToldByContentNotByName() throws Exception {
        byte[] pcapng = PcapngReaderTest.pcapng(ByteOrder.LITTLE_ENDIAN);
        Path misnamed = Files.write(dir.resolve("capture.pcap"), gzip(pcapng));
        try (CaptureFile capture = CaptureFile.open(misnamed)) {
            assertEquals(CaptureFile.Format.PCAPNG, capture.format());
            assertTrue(capture.compressed());
            CaptureCounts c = capture.read((f, n, t, l) -> true);
            assertEquals(PcapReaderTest.FRAMES.size(), c.frames);
            assertEquals(pcapng.length, c.fileBytes, "bytes counted after decompression");
        }
        byte[] pcap = PcapReaderTest.pcap(ByteOrder.BIG_ENDIAN, true);
        try (CaptureFile capture = CaptureFile.of(new ByteArrayInputStream(pcap), "plain")) {
            assertEquals(CaptureFile.Format.PCAP, capture.format());
            assertEquals(false, capture.compressed());
        }
    }

    @Test
    void filesThatCannotBeReadAtAllAreRefusedWithOneLine() throws Exception {
        assertEquals(dir.resolve("missing.pcap") + ": no such file",
                assertThrows(UnreadableCaptureException.class, () -> CaptureFile.open(dir.resolve("missing.pcap")))
                        .getMessage());
        assertEquals(dir + " is a directory, not a capture file",
                assertThrows(UnreadableCaptureException.class, () -> CaptureFile.open(dir)).getMessage());
        assertEquals("x is empty", refusal(new byte[0]));
        assertEquals("x is too short to be a capture: 3 bytes", refusal(new byte[] {1, 2, 3}));
        assertEquals("x is not a pcap or pcapng capture: it starts with 0x7f454c46",
                refusal(new byte[] {0x7F, 'E', 'L', 'F', 2, 1}));
        assertEquals("x is empty once decompressed", refusal(gzip(new byte[0])));
        assertEquals("x is not a pcap or pcapng capture once decompressed: it starts with 0x68656c6c",
                refusal(gzip("hello, world".getBytes(StandardCharsets.US_ASCII))));
        assertEquals("x: the gzip data is damaged (Unsupported compression method)",
                refusal(new byte[] {0x1F, (byte) 0x8B, 9, 0, 0, 0, 0, 0, 0, 0}));
    }

    @Test
    void aGzipCutShortEndsTheReadAfterWhatItHeld() throws Exception {
        byte[] pcap = PcapReaderTest.pcap(ByteOrder.LITTLE_ENDIAN, false);
        byte[] gz = gzip(pcap);
        byte[] cut = Arrays.copyOf(gz, gz.length / 2);
        try (CaptureFile capture = CaptureFile.of(new ByteArrayInputStream(cut), "x")) {
            CaptureCounts c = capture.read((f, n, t, l) -> true);
            assertTrue(c.frames > 10 && c.frames < PcapReaderTest.FRAMES.size(), c.toString());
            assertEquals("the gzip data is damaged or cut short after " + c.fileBytes
                    + " bytes of capture (Unexpected end of ZLIB input stream)", c.stopped);
            assertEquals(c.fileBytes, c.headerBytes + c.frameBytes + c.skippedBytes + c.malformedBytes);
        }
        byte[] corrupt = gz.clone();
        for (int i = gz.length / 3; i < gz.length / 3 + 64; i++) {
            corrupt[i] ^= 0x5A;
        }
        try (CaptureFile capture = CaptureFile.of(new ByteArrayInputStream(corrupt), "x")) {
            CaptureCounts c = capture.read((f, n, t, l) -> true);
            assertTrue(c.damaged(), c.toString());
        }
    }

    @Test
    void aSinkCanStopTheRead() throws Exception {
        byte[] pcap = PcapReaderTest.pcap(ByteOrder.LITTLE_ENDIAN, false);
        try (CaptureFile capture = CaptureFile.of(new ByteArrayInputStream(pcap), "x")) {
            int[] seen = new int[1];
            CaptureCounts c = capture.read((f, n, t, l) -> ++seen[0] < 3);
            assertEquals(3, seen[0]);
            assertEquals("the analysis stopped reading at record 3", c.stopped);
        }
        try (CaptureFile capture = CaptureFile.of(new ByteArrayInputStream(PcapReaderTest.pcap(ByteOrder.LITTLE_ENDIAN,
                false)), "x")) {
            assertNull(capture.read((f, n, t, l) -> true).stopped);
        }
    }
}
