package org.streamflex.samples.marmot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import javax.sound.sampled.AudioFormat;

/**
 * The sample formats a node's recording may have, each read into the 16-bit samples the detectors
 * take. Field recorders write 24-bit files, simulators and analysis tools 32-bit floats; all are
 * WAV as {@code javax.sound.sampled} reads it (plain and WAVE_FORMAT_EXTENSIBLE tags).
 *
 * <p>Why 16 bits: the detectors' thresholds, the DOA's steering and the scoring are set on 16-bit
 * counts (a 16-bit file's samples pass unchanged), and 16 bits hold 96 dB, more than a field
 * microphone's self-noise leaves. Wider integers are rounded to their top 16 bits, so a 16-bit
 * recording widened by {@code sox -b 24} reads back to the same samples; floats are scaled by
 * 32768, the inverse of the usual {@code pcm / 32768.0}, so a 16-bit recording turned into floats
 * that way reads back to the same samples too. Float samples beyond full scale (above 1.0 or below
 * -1.0, which a float file may hold and an integer one cannot) are clipped and counted, and samples
 * that are not numbers (NaN, infinities) are read as 0 and counted: nothing changes silently.
 *
 * <pre>{@code
 * SampleFormat f = SampleFormat.of(audioInputStream.getFormat()); // null: not readable
 * long[] counts = new long[2];
 * f.convert(bytes, samples, 0, n, false, counts); // counts[CLIPPED], counts[NOT_NUMBERS]
 * }</pre>
 */
enum SampleFormat {
    /** 8-bit unsigned integers, 128 the zero. */
    PCM_U8(1, "8-bit unsigned integer PCM") {
        @Override
        void convert(byte[] b, short[] out, int at, int samples, boolean bigEndian, long[] counts) {
            for (int i = 0; i < samples; i++) {
                out[at + i] = (short) (((b[i] & 0xFF) - 128) << 8);
            }
        }
    },
    /** 16-bit signed integers: the samples as they are. */
    PCM_S16(2, "16-bit integer PCM") {
        // One loop per byte order: the order is the file's, fixed, and a branch per sample would be paid per sample.
        @Override
        void convert(byte[] b, short[] out, int at, int samples, boolean bigEndian, long[] counts) {
            if (bigEndian) {
                for (int i = 0; i < samples; i++) {
                    out[at + i] = (short) ((b[2 * i] << 8) | (b[2 * i + 1] & 0xFF));
                }
            } else {
                for (int i = 0; i < samples; i++) {
                    out[at + i] = (short) ((b[2 * i + 1] << 8) | (b[2 * i] & 0xFF));
                }
            }
        }
    },
    /**
     * 24-bit signed integers (and fewer valid bits in a 3-byte container, which WAV left-justifies),
     * rounded to 16 bits.
     */
    PCM_S24(3, "24-bit integer PCM") {
        @Override
        void convert(byte[] b, short[] out, int at, int samples, boolean bigEndian, long[] counts) {
            int high = bigEndian ? 0 : 2;
            int low = bigEndian ? 2 : 0;
            for (int i = 0; i < samples; i++) {
                int j = 3 * i;
                int v = (b[j + high] << 16) | ((b[j + 1] & 0xFF) << 8) | (b[j + low] & 0xFF);
                out[at + i] = (short) Math.min((v + 0x80) >> 8, Short.MAX_VALUE);
            }
        }
    },
    /** 32-bit signed integers (and fewer valid bits, left-justified), rounded to 16 bits. */
    PCM_S32(4, "32-bit integer PCM") {
        @Override
        void convert(byte[] b, short[] out, int at, int samples, boolean bigEndian, long[] counts) {
            VarHandle ints = bigEndian ? INT_BE : INT_LE;
            for (int i = 0; i < samples; i++) {
                long v = (int) ints.get(b, 4 * i);
                out[at + i] = (short) Math.min((v + 0x8000) >> 16, Short.MAX_VALUE);
            }
        }
    },
    /** 32-bit IEEE floats, full scale at 1.0. */
    FLOAT32(4, "32-bit float") {
        @Override
        void convert(byte[] b, short[] out, int at, int samples, boolean bigEndian, long[] counts) {
            VarHandle floats = bigEndian ? FLOAT_BE : FLOAT_LE;
            for (int i = 0; i < samples; i++) {
                out[at + i] = scaled((float) floats.get(b, 4 * i), counts);
            }
        }
    },
    /** 64-bit IEEE floats, full scale at 1.0. */
    FLOAT64(8, "64-bit float") {
        @Override
        void convert(byte[] b, short[] out, int at, int samples, boolean bigEndian, long[] counts) {
            VarHandle doubles = bigEndian ? DOUBLE_BE : DOUBLE_LE;
            for (int i = 0; i < samples; i++) {
                out[at + i] = scaled((double) doubles.get(b, 8 * i), counts);
            }
        }
    };

    /** Index in a conversion's counts: float samples beyond full scale, clipped. */
    static final int CLIPPED = 0;
    /** Index in a conversion's counts: float samples that are not numbers, read as 0. */
    static final int NOT_NUMBERS = 1;
    /** What {@link #of} reads, for messages. */
    static final String READ = "16-, 24- or 32-bit integer PCM, 8-bit unsigned PCM, or 32- or 64-bit float";
    private static final double FULL_SCALE = 32768.0;
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle FLOAT_LE =
            MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle FLOAT_BE = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle DOUBLE_LE =
            MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle DOUBLE_BE =
            MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);

    private final int bytes;
    private final String description;

    SampleFormat(int bytes, String description) {
        this.bytes = bytes;
        this.description = description;
    }

    /**
     * The format of {@code f}'s samples, or null if it is none of these: its encoding and sample
     * size, with each sample in {@link #bytes()} bytes of a frame of {@code channels * bytes()}.
     */
    static SampleFormat of(AudioFormat f) {
        int bits = f.getSampleSizeInBits();
        int channels = f.getChannels();
        SampleFormat format = null;
        if (AudioFormat.Encoding.PCM_SIGNED.equals(f.getEncoding())) {
            // Fewer valid bits than the container (20-bit audio in 3 bytes) are left-justified in WAV: the
            // container's scale is the sample's.
            format = switch ((bits + 7) / 8) {
                case 2 -> bits > 8 ? PCM_S16 : null;
                case 3 -> PCM_S24;
                case 4 -> PCM_S32;
                default -> null;
            };
        } else if (AudioFormat.Encoding.PCM_UNSIGNED.equals(f.getEncoding()) && bits == 8) {
            format = PCM_U8;
        } else if (AudioFormat.Encoding.PCM_FLOAT.equals(f.getEncoding())) {
            format = bits == 32 ? FLOAT32 : bits == 64 ? FLOAT64 : null;
        }
        // A frame must be exactly its channels' samples: the conversion walks them back to back.
        return format != null && channels > 0 && f.getFrameSize() == channels * format.bytes ? format : null;
    }

    /** Bytes per sample. */
    int bytes() {
        return bytes;
    }

    /** The format as a user names it, "24-bit integer PCM". */
    String description() {
        return description;
    }

    /**
     * Converts {@code samples} samples from the start of {@code b} into {@code out} from {@code at},
     * adding to {@code counts[CLIPPED]} and {@code counts[NOT_NUMBERS]} what it had to change.
     */
    abstract void convert(byte[] b, short[] out, int at, int samples, boolean bigEndian, long[] counts);

    /** A float sample at 16 bits: rounded, clipped beyond full scale, 0 if not a number; counted when changed. */
    static short scaled(double v, long[] counts) {
        if (v >= -1.0 && v <= 1.0) {
            // 1.0 is full scale: 32768 rounded, one above the largest sample, so it reads as that one.
            return (short) Math.min(Math.round(v * FULL_SCALE), Short.MAX_VALUE);
        }
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            counts[NOT_NUMBERS]++;
            return 0;
        }
        counts[CLIPPED]++;
        return v > 0 ? Short.MAX_VALUE : Short.MIN_VALUE;
    }
}
