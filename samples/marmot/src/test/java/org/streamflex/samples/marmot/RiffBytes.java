package org.streamflex.samples.marmot;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * RIFF files byte by byte, for tests of the WAV reader: chunks with their pad bytes, and the
 * {@code RIFF}/{@code WAVE} header around them.
 *
 * <pre>{@code
 * byte[] wav = RiffBytes.riff(RiffBytes.chunk("fmt ", fmt), RiffBytes.chunk("data", pcm));
 * }</pre>
 */
public final class RiffBytes {
    private RiffBytes() {
    }

    /** A RIFF WAVE file of {@code chunks}, in this order, its RIFF size the bytes after it. */
    public static byte[] riff(byte[]... chunks) {
        byte[] body = concat(chunks);
        return concat(header("RIFF", 4 + body.length), "WAVE".getBytes(StandardCharsets.US_ASCII), body);
    }

    /** A chunk: its header, {@code body}, and the pad byte an odd size needs. */
    public static byte[] chunk(String id, byte[] body) {
        return concat(header(id, body.length), body, new byte[body.length & 1]);
    }

    /** A chunk's id and size, without its body. */
    public static byte[] header(String id, int size) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).put(id.getBytes(StandardCharsets.US_ASCII))
                .putInt(size).array();
    }

    /** {@code parts}, one after the other. */
    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
