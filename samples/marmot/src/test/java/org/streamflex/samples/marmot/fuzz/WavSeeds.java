package org.streamflex.samples.marmot.fuzz;

import static org.streamflex.samples.marmot.RiffBytes.chunk;
import static org.streamflex.samples.marmot.RiffBytes.concat;
import static org.streamflex.samples.marmot.RiffBytes.header;
import static org.streamflex.samples.marmot.RiffBytes.riff;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The WAV fuzz test's seed corpus, built here so that every byte of it has a reason: the files in
 * {@code src/test/resources/org/streamflex/samples/marmot/fuzz/WavInputFuzzTestInputs/} are what
 * {@link #all()} gives ({@link WavInputFuzzTest} checks). After changing a seed, rewrite them with
 * {@code java -cp samples/marmot/target/test-classes org.streamflex.samples.marmot.fuzz.WavSeeds DIR}.
 */
final class WavSeeds {
    static final int PCM = 1;
    static final int FLOAT = 3;
    static final int EXTENSIBLE = 0xFFFE;
    /** The data size a streaming writer leaves in a header it cannot rewrite (ffmpeg to a pipe). */
    static final int STREAMED = 0xFFFF_FFFF;

    private WavSeeds() {
    }

    /** The seeds by file name. */
    static Map<String, byte[]> all() {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        seeds.put("pcm16-44100.wav", riff(fmt(PCM, 4, 44_100, 16), chunk("data", ramp(300, 4, 2))));
        seeds.put("pcm16-48000.wav", riff(fmt(PCM, 4, 48_000, 16), chunk("data", ramp(200, 4, 2))));
        seeds.put("extensible.wav", riff(extensible(4, 48_000, 16), chunk("data", ramp(250, 4, 2))));
        seeds.put("list-before-data.wav", riff(fmt(PCM, 4, 44_100, 16), chunk("LIST", info("marmot site A")),
                chunk("data", ramp(100, 4, 2))));
        // 7 bytes and the pad byte RIFF puts after an odd-sized chunk.
        seeds.put("odd-chunk.wav", riff(fmt(PCM, 4, 44_100, 16), chunk("junk", new byte[7]),
                chunk("data", ramp(100, 4, 2))));
        // 300 frames declared, 150 and half of one in the file.
        byte[] whole = riff(fmt(PCM, 4, 44_100, 16), chunk("data", ramp(300, 4, 2)));
        seeds.put("truncated.wav", Arrays.copyOf(whole, 44 + 8 * 150 + 4));
        seeds.put("streamed.wav", sized(riff(fmt(PCM, 4, 44_100, 16), chunk("data", ramp(100, 4, 2))), STREAMED,
                STREAMED));
        seeds.put("pcm24.wav", riff(fmt(PCM, 4, 44_100, 24), chunk("data", ramp(100, 4, 3))));
        seeds.put("float.wav", riff(fmt(FLOAT, 4, 44_100, 32), chunk("data", ramp(100, 4, 4))));
        seeds.put("float64.wav", riff(fmt(FLOAT, 4, 44_100, 64), chunk("data", ramp(100, 4, 8))));
        seeds.put("pcm8.wav", riff(fmt(PCM, 4, 44_100, 8), chunk("data", ramp(100, 4, 1))));
        // RF64: sizes in the ds64 chunk, 0xFFFFFFFF in the RIFF and data fields.
        byte[] audio = ramp(120, 4, 2);
        byte[] ds64 = ByteBuffer.allocate(28).order(ByteOrder.LITTLE_ENDIAN).putLong(0).putLong(audio.length)
                .putLong(120).putInt(0).array();
        seeds.put("rf64.wav", concat("RF64".getBytes(StandardCharsets.US_ASCII), new byte[] {-1, -1, -1, -1},
                "WAVE".getBytes(StandardCharsets.US_ASCII), chunk("ds64", ds64), fmt(PCM, 4, 44_100, 16),
                header("data", STREAMED), audio));
        // Gigabytes declared in a few bytes: each must be refused or read without being allocated.
        seeds.put("huge-data.wav", sized(riff(fmt(PCM, 4, 44_100, 16), chunk("data", ramp(10, 4, 2))), 0x7FFF_FFF0,
                0xFFFF_FFF0));
        seeds.put("huge-chunk.wav", concat(riff(fmt(PCM, 4, 44_100, 16)), header("LIST", 0xFFFF_FFFF),
                "INFO".getBytes(StandardCharsets.US_ASCII)));
        seeds.put("huge-fmt.wav", concat(riff(), header("fmt ", 0xFFFF_FFFF), new byte[16]));
        // Not RIFF: a MIDI header (big-endian) whose one track claims 2 GB.
        seeds.put("huge-midi-track.mid", ByteBuffer.allocate(26).put("MThd".getBytes(StandardCharsets.US_ASCII))
                .putInt(6).putShort((short) 0).putShort((short) 1).putShort((short) 0x60)
                .put("MTrk".getBytes(StandardCharsets.US_ASCII)).putInt(0x7FFF_FFF0)
                .put(new byte[] {0, (byte) 0xff, 0x2f, 0}).array());
        // What fuzzing found, for the runs to start from.
        byte[] odd = ByteBuffer.allocate(17).order(ByteOrder.LITTLE_ENDIAN).putShort((short) PCM).putShort((short) 4)
                .putInt(44_100).putInt(44_100 * 8).putShort((short) 8).putShort((short) 16).array();
        seeds.put("odd-fmt.wav", riff(chunk("fmt ", odd), chunk("data", ramp(100, 4, 2))));
        seeds.put("extensible-no-frame.wav", riff(extensible(4, 48_000, 16, 0), chunk("data", ramp(10, 4, 2))));
        // Three frames of 24832 bytes declared, as the JDK reads its block align; 80 bytes there.
        byte[] wide = riff(extensible(4, 48_000, 16, 24_832), chunk("data", ramp(10, 4, 2)));
        seeds.put("extensible-wide-frame.wav", sized(wide, wide.length - 8, 3 * 24_832));
        return seeds;
    }

    /** {@code wav} with its RIFF size and its first data chunk's size replaced. */
    static byte[] sized(byte[] wav, int riffSize, int dataSize) {
        byte[] b = wav.clone();
        ByteBuffer le = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        le.putInt(4, riffSize);
        for (int at = 12; at + 8 <= b.length; at += 8 + ((le.getInt(at + 4) + 1) & ~1)) {
            if (new String(b, at, 4, StandardCharsets.US_ASCII).equals("data")) {
                le.putInt(at + 4, dataSize);
                return b;
            }
        }
        throw new IllegalArgumentException("no data chunk");
    }

    /** A 16-byte 'fmt ' chunk: {@code tag}'s samples of {@code bits}, block align as the format has it. */
    static byte[] fmt(int tag, int channels, int rate, int bits) {
        int align = channels * (bits / 8);
        return chunk("fmt ", ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putShort((short) tag)
                .putShort((short) channels).putInt(rate).putInt(rate * align).putShort((short) align)
                .putShort((short) bits).array());
    }

    /** A 40-byte WAVE_FORMAT_EXTENSIBLE 'fmt ' chunk of integer PCM, as libsndfile writes for 4 channels. */
    static byte[] extensible(int channels, int rate, int bits) {
        return extensible(channels, rate, bits, channels * (bits / 8));
    }

    /** The same, of this block align. */
    static byte[] extensible(int channels, int rate, int bits, int align) {
        return chunk("fmt ", ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN).putShort((short) EXTENSIBLE)
                .putShort((short) channels).putInt(rate).putInt(rate * align).putShort((short) align)
                .putShort((short) bits).putShort((short) 22).putShort((short) bits).putInt(0x33)
                // KSDATAFORMAT_SUBTYPE_PCM
                .putInt(1).putShort((short) 0).putShort((short) 0x10)
                .put(new byte[] {(byte) 0x80, 0, 0, (byte) 0xaa, 0, 0x38, (byte) 0x9b, 0x71}).array());
    }

    /** A LIST chunk's body of one INFO name, as editors write one before the audio. */
    private static byte[] info(String name) {
        byte[] text = (name + "\0").getBytes(StandardCharsets.US_ASCII);
        return concat("INFO".getBytes(StandardCharsets.US_ASCII), chunk("INAM", text));
    }

    /** {@code frames} frames of {@code channels} little-endian samples of {@code bytes} bytes, a ramp. */
    static byte[] ramp(int frames, int channels, int bytes) {
        byte[] b = new byte[frames * channels * bytes];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 31 + i / bytes);
        }
        return b;
    }

    /** Writes the seeds into the directory given, the fuzz test's inputs directory. */
    public static void main(String[] args) throws IOException {
        Path dir = Files.createDirectories(Path.of(args[0]));
        for (Map.Entry<String, byte[]> seed : all().entrySet()) {
            Files.write(dir.resolve(seed.getKey()), seed.getValue());
        }
    }
}
