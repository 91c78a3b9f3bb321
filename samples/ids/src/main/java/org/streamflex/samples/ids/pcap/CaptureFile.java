package org.streamflex.samples.ids.pcap;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * A capture file opened for reading: classic pcap or pcapng, each plain or compressed with gzip,
 * told apart by their first bytes, not by the file's name. Opening reads those bytes, so a file
 * that cannot be read at all is refused at once, with one line saying why, before anything starts.
 * Reading then never throws: damage, including a gzip stream cut short, ends the read and is
 * counted, and what came before it was handed on.
 *
 * <pre>{@code
 * try (CaptureFile capture = CaptureFile.open(Path.of("trace.pcapng.gz"))) {
 *     CaptureCounts counts = capture.read((frame, length, nanos, linkType) -> true);
 * } catch (UnreadableCaptureException e) {
 *     System.err.println(e.getMessage());
 * }
 * }</pre>
 */
public final class CaptureFile implements Closeable {
    /** The two formats. */
    public enum Format {
        PCAP("pcap"), PCAPNG("pcapng");

        private final String label;

        Format(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private static final int BUFFER = 64 * 1024;
    private final String name;
    private final boolean compressed;
    private final Format format;
    private final CountingInputStream in;

    private CaptureFile(String name, boolean compressed, Format format, InputStream in) {
        this.name = name;
        this.compressed = compressed;
        this.format = format;
        this.in = new CountingInputStream(in);
    }

    /** Opens {@code path}; closes it again if it is refused. */
    public static CaptureFile open(Path path) throws UnreadableCaptureException {
        if (Files.isDirectory(path)) {
            throw new UnreadableCaptureException(path + " is a directory, not a capture file");
        }
        InputStream raw;
        try {
            raw = Files.newInputStream(path);
        } catch (NoSuchFileException e) {
            throw new UnreadableCaptureException(path + ": no such file");
        } catch (AccessDeniedException e) {
            throw new UnreadableCaptureException(path + ": permission denied");
        } catch (IOException e) {
            throw new UnreadableCaptureException(path + ": cannot be opened: " + e.getMessage());
        }
        return of(raw, path.toString());
    }

    /** Reads a capture from {@code raw}, named {@code name} in messages; closes it if refused. */
    public static CaptureFile of(InputStream raw, String name) throws UnreadableCaptureException {
        try {
            BufferedInputStream in = new BufferedInputStream(raw, BUFFER);
            byte[] head = peek(in, 2);
            boolean compressed = head.length == 2 && (head[0] & 0xFF) == 0x1F && (head[1] & 0xFF) == 0x8B;
            InputStream data = in;
            byte[] first;
            try {
                if (compressed) {
                    data = new BufferedInputStream(new GZIPInputStream(in, BUFFER), BUFFER);
                }
                first = peek(data, 4);
            } catch (IOException e) {
                throw refuse(raw, name + ": the gzip data is damaged (" + e.getMessage() + ")");
            }
            String decompressed = compressed ? " once decompressed" : "";
            if (first.length == 0) {
                throw refuse(raw, name + " is empty" + decompressed);
            }
            if (first.length < 4) {
                throw refuse(raw, name + " is too short to be a capture" + decompressed + ": " + first.length
                        + " bytes");
            }
            int magic = ((first[0] & 0xFF) << 24) | ((first[1] & 0xFF) << 16) | ((first[2] & 0xFF) << 8)
                    | (first[3] & 0xFF);
            return switch (magic) {
                case PcapReader.MAGIC_MICROS, PcapReader.MAGIC_MICROS_SWAPPED, PcapReader.MAGIC_NANOS,
                        PcapReader.MAGIC_NANOS_SWAPPED -> new CaptureFile(name, compressed, Format.PCAP, data);
                case PcapngReader.SECTION_HEADER -> new CaptureFile(name, compressed, Format.PCAPNG, data);
                default -> throw refuse(raw, name + " is not a pcap or pcapng capture" + decompressed
                        + String.format(": it starts with 0x%08x", magic));
            };
        } catch (IOException e) {
            throw refuse(raw, name + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    /** The first {@code n} bytes or fewer if the stream is shorter, left to be read again. */
    private static byte[] peek(InputStream in, int n) throws IOException {
        in.mark(n);
        byte[] b = in.readNBytes(n);
        in.reset();
        return b;
    }

    private static UnreadableCaptureException refuse(InputStream raw, String message) {
        try {
            raw.close();
        } catch (IOException e) {
            // refused already; nothing more to say
        }
        return new UnreadableCaptureException(message);
    }

    public String name() {
        return name;
    }

    public boolean compressed() {
        return compressed;
    }

    public Format format() {
        return format;
    }

    /**
     * Reads the capture to its end (or its damage), handing each frame of a link type the IDS
     * analyzes to {@code sink}. Never throws for bad input or a failing stream: that is counted.
     */
    public CaptureCounts read(FrameSink sink) {
        CaptureCounts c = new CaptureCounts();
        try {
            switch (format) {
                case PCAP -> PcapReader.read(in, sink, c);
                case PCAPNG -> new PcapngReader(in, sink, c).read();
            }
        } catch (IOException e) {
            c.stop(0, (compressed ? "the gzip data is damaged or cut short" : "reading failed") + " after "
                    + in.count() + " bytes of capture (" + e.getMessage() + ")");
        }
        c.fileBytes = in.count();
        // Bytes of a record that an I/O error cut are not in any count yet: they are malformed.
        c.malformedBytes += c.fileBytes - c.accountedBytes();
        return c;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
