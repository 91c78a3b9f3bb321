package org.streamflex.samples.marmot;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The {@code ds64} chunk of an RF64 or BW64 file (EBU Tech 3306, ITU-R BS.2088): the 64-bit sizes
 * of the file, its {@code data} chunk and any other chunk over 4 GiB, whose 32-bit size fields hold
 * 0xFFFFFFFF instead. It must be the file's first chunk.
 *
 * <pre>{@code
 * Ds64 sizes = Ds64.read(file, in, "RF64"); // just after 'RF64', size, 'WAVE'
 * long audio = sizes.dataBytes();
 * }</pre>
 */
final class Ds64 {
    private final long dataBytes;
    private final long chunkBytes;
    /** The ids (4 ASCII bytes) and 64-bit sizes of other chunks, 12 bytes an entry. */
    private final byte[] table;

    private Ds64(long dataBytes, long chunkBytes, byte[] table) {
        this.dataBytes = dataBytes;
        this.chunkBytes = chunkBytes;
        this.table = table;
    }

    /** The {@code data} chunk's size. */
    long dataBytes() {
        return dataBytes;
    }

    /** The {@code ds64} chunk's bytes after its header, its pad byte included. */
    long paddedBytes() {
        return chunkBytes + (chunkBytes & 1);
    }

    /**
     * Reads the {@code ds64} chunk, header and body, from {@code raw}.
     *
     * @param magic the file's first four bytes, for messages ("RF64" or "BW64")
     * @throws BadRecordingException if the first chunk is not {@code ds64}, is shorter than
     *     {@link WavHeader#MIN_DS64_BYTES} or longer than {@link WavHeader#MAX_DS64_BYTES}, the file
     *     ends inside it, or a size in it is negative as a signed 64-bit number
     */
    static Ds64 read(Path file, InputStream raw, String magic) throws IOException, BadRecordingException {
        byte[] header = raw.readNBytes(8);
        String id = header.length == 8 ? new String(header, 0, 4, StandardCharsets.ISO_8859_1) : "";
        if (!id.equals("ds64")) {
            throw new BadRecordingException(file, "an " + magic + " file whose first chunk at byte 12 is not 'ds64',"
                    + " which holds its sizes beyond 4 GiB");
        }
        long size = Integer.toUnsignedLong(ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt(4));
        if (size < WavHeader.MIN_DS64_BYTES || size > WavHeader.MAX_DS64_BYTES) {
            throw new BadRecordingException(file, "its 'ds64' chunk at byte 12 declares " + size + " bytes; it has "
                    + WavHeader.MIN_DS64_BYTES + " to " + WavHeader.MAX_DS64_BYTES);
        }
        byte[] body = raw.readNBytes((int) (size + (size & 1)));
        if (body.length < size) {
            throw new BadRecordingException(file, "the file ends inside its 'ds64' chunk at byte 12");
        }
        ByteBuffer b = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
        long data = b.getLong(8);
        if (b.getLong(0) < 0 || data < 0) {
            throw new BadRecordingException(file, "its 'ds64' chunk at byte 12 declares a size of 2^63 bytes or more");
        }
        long entries = Integer.toUnsignedLong(b.getInt(24));
        int tableBytes = (int) Math.min(entries * 12, size - WavHeader.MIN_DS64_BYTES) / 12 * 12;
        byte[] table = new byte[tableBytes];
        System.arraycopy(body, WavHeader.MIN_DS64_BYTES, table, 0, tableBytes);
        return new Ds64(data, size, table);
    }

    /** Chunk {@code id}'s size from the table, or {@code size} (its 32-bit field) if the table has none. */
    long sizeOf(String id, long size) {
        ByteBuffer t = ByteBuffer.wrap(table).order(ByteOrder.LITTLE_ENDIAN);
        for (int at = 0; at + 12 <= table.length; at += 12) {
            if (new String(table, at, 4, StandardCharsets.ISO_8859_1).equals(id)) {
                long big = t.getLong(at + 4);
                return big >= 0 ? big : size;
            }
        }
        return size;
    }
}
