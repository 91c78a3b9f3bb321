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

    /**
     * A WAV file of {@code samples}, interleaved, full scale at -1 and 1, in {@code format} (as a
     * writer of that format stores them: integers scaled to their width and rounded, floats as
     * they are), little-endian, under the plain format tag (1 for integers, 3 for floats) or
     * WAVE_FORMAT_EXTENSIBLE.
     */
    static byte[] wav(SampleFormat format, double[] samples, int channels, int rate, boolean extensible) {
        int bytes = format.bytes();
        boolean floats = format == SampleFormat.FLOAT32 || format == SampleFormat.FLOAT64;
        ByteBuffer fmt = ByteBuffer.allocate(extensible ? 40 : 16).order(ByteOrder.LITTLE_ENDIAN)
                .putShort((short) (extensible ? 0xFFFE : floats ? 3 : 1)).putShort((short) channels).putInt(rate)
                .putInt(rate * channels * bytes).putShort((short) (channels * bytes)).putShort((short) (8 * bytes));
        if (extensible) {
            fmt.putShort((short) 22).putShort((short) (8 * bytes)).putInt(0).putInt(floats ? 3 : 1)
                    .putShort((short) 0).putShort((short) 0x10)
                    .put(new byte[] {(byte) 0x80, 0, 0, (byte) 0xaa, 0, 0x38, (byte) 0x9b, 0x71});
        }
        return riff(chunk("fmt ", fmt.array()), chunk("data", samples(format, samples, ByteOrder.LITTLE_ENDIAN)));
    }

    /**
     * {@code samples}, full scale at -1 and 1, stored as a writer of {@code format} stores them in
     * {@code order}: integers scaled to their width, rounded (8-bit clamped at its top), floats as they are.
     */
    static byte[] samples(SampleFormat format, double[] samples, ByteOrder order) {
        ByteBuffer b = ByteBuffer.allocate(samples.length * format.bytes()).order(order);
        for (double v : samples) {
            switch (format) {
                case PCM_U8 -> b.put((byte) Math.min(Math.round(v * 128) + 128, 255));
                case PCM_S16 -> b.putShort((short) Math.round(v * 32768));
                case PCM_S24 -> {
                    int i = (int) Math.round(v * (1 << 23));
                    if (order == ByteOrder.BIG_ENDIAN) {
                        b.put((byte) (i >> 16)).put((byte) (i >> 8)).put((byte) i);
                    } else {
                        b.put((byte) i).put((byte) (i >> 8)).put((byte) (i >> 16));
                    }
                }
                case PCM_S32 -> b.putInt((int) Math.round(v * 2147483648.0));
                case FLOAT32 -> b.putFloat((float) v);
                case FLOAT64 -> b.putDouble(v);
            }
        }
        return b.array();
    }

    /** 16-bit samples as {@link #wav} takes them: {@code s / 32768}, which every format holds exactly but 8-bit. */
    static double[] fullScale(short[] pcm) {
        double[] d = new double[pcm.length];
        for (int i = 0; i < pcm.length; i++) {
            d[i] = pcm[i] / 32768.0;
        }
        return d;
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
