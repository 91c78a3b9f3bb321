package org.streamflex.samples.marmot;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * A WAV file's chunks before its audio, walked here so that {@code javax.sound.sampled} is given
 * only what it reads: the RIFF header, the {@code fmt } chunk and the {@code data} chunk's header,
 * followed by the audio as it is in the file. Why: the JDK's WAV reader marks the stream, reads
 * the chunks before the audio and resets, and a stream buffer smaller than those chunks loses the
 * mark. A recording whose metadata before the audio (BWF {@code bext}, {@code iXML}, XMP, a
 * {@code LIST} of tags, {@code JUNK} padding) passed our 64 KiB buffer then failed with "Resetting
 * to invalid mark", although it is a valid WAV file; the JDK reading a {@code File} itself failed
 * too (70,000 bytes of metadata; 5,000 were read).
 * Chunks of any size are skipped here. RF64 and BW64 files (EBU Tech 3306, ITU-R BS.2088: WAV
 * beyond 4 GiB, which field recorders switch to in long takes) are read too: their {@code ds64}
 * chunk gives the 64-bit sizes that the 32-bit fields leave at 0xFFFFFFFF, and the JDK, which knows
 * only RIFF, is given a RIFF header and told nothing of the size ({@link Walked#dataBytes()} is).
 * Anything that is not a RIFF, RF64 or BW64 WAVE file is refused here, not
 * handed on: {@code javax.sound.sampled} would try each of its readers on it, and its MIDI reader
 * allocates the track length a header claims (2 GB for 26 bytes beginning {@code MThd}).
 *
 * <pre>{@code
 * WavHeader.Walked wav = WavHeader.walk(Path.of("node-A.wav"), Files.newInputStream(path));
 * AudioInputStream in = AudioSystem.getAudioInputStream(wav.stream());
 * }</pre>
 */
final class WavHeader {
    /** The largest {@code fmt } chunk accepted: WAVE_FORMAT_EXTENSIBLE's is 40 bytes. */
    static final int MAX_FMT_BYTES = 1024;
    /** The smallest: format tag, channels, rate, byte rate, block align and bits per sample. */
    static final int MIN_FMT_BYTES = 16;
    /** The format tag WAVE_FORMAT_EXTENSIBLE. */
    private static final int EXTENSIBLE = 0xFFFE;
    private static final String EXPECTED = "; expected a PCM or float WAV with one channel per microphone";
    /** What a 32-bit size field of RF64 holds when the size is in {@code ds64}. */
    private static final long SIZE_IN_DS64 = 0xFFFF_FFFFL;
    /** The smallest ds64 chunk: RIFF size, data size and sample count (8 bytes each), table length. */
    static final int MIN_DS64_BYTES = 28;
    /** The largest accepted: the table of other chunks' 64-bit sizes, 12 bytes an entry, is short. */
    static final int MAX_DS64_BYTES = 1 << 16;

    private WavHeader() {
    }

    /**
     * A WAV file walked to its audio.
     *
     * @param stream the RIFF header, {@code fmt } chunk and {@code data} chunk's header as the JDK
     *     reads them, then the audio, markable
     * @param dataBytes an RF64 or BW64 file's audio bytes, from its {@code ds64} chunk, which the
     *     JDK's reader cannot know; {@link #RIFF} for a RIFF file, whose {@code data} chunk's header
     *     says; {@link #NOT_FINALIZED} for an RF64 file whose writer never wrote its sizes (0 in
     *     {@code ds64}, as a recorder that lost power leaves it), read to its end
     */
    record Walked(InputStream stream, long dataBytes) {
        /** {@link #dataBytes()} of a RIFF file. */
        static final long RIFF = -1;
        /** {@link #dataBytes()} of an RF64 file whose writer left its sizes at 0. */
        static final long NOT_FINALIZED = -2;
    }

    /**
     * {@code raw}'s WAV file with only its RIFF header, {@code fmt } chunk and {@code data} chunk
     * before its audio, markable, and an RF64 file's size of audio. Closing the stream closes
     * {@code raw}.
     *
     * @param file the name errors give
     * @throws BadRecordingException if it is not a RIFF, RF64 or BW64 WAVE file, or the chunks
     *     before the audio are malformed: the file ends in them, its {@code fmt } chunk is missing,
     *     comes after the audio, is too small or too large, declares no channels or 0-bit samples, or
     *     (WAVE_FORMAT_EXTENSIBLE) frames of another size than its samples take, or (RF64) its first
     *     chunk is not a {@code ds64} chunk of 28 bytes or more
     * @throws IOException if {@code raw} cannot be read
     */
    static Walked walk(Path file, InputStream raw) throws IOException, BadRecordingException {
        byte[] head = raw.readNBytes(12);
        if (head.length < 12) {
            throw new BadRecordingException(file, "not a WAV file: " + head.length + " bytes, fewer than the 12 of"
                    + " a WAV file's header ('RIFF', its size, 'WAVE')" + EXPECTED);
        }
        String magic = tag(head, 0);
        boolean rf64 = magic.equals("RF64") || magic.equals("BW64");
        if (!magic.equals("RIFF") && !rf64) {
            throw new BadRecordingException(file, "not a WAV file: it begins with " + quoted(magic)
                    + ", where a WAV file begins with 'RIFF' (or 'RF64' or 'BW64' beyond 4 GiB)" + EXPECTED);
        }
        if (!tag(head, 8).equals("WAVE")) {
            throw new BadRecordingException(file, "not a WAV file: a RIFF file of type " + quoted(tag(head, 8))
                    + ", where a WAV file's is 'WAVE'" + EXPECTED);
        }
        byte[] fmt = null;
        long at = 12;
        String last = "WAVE";
        Ds64 ds64 = null;
        if (rf64) {
            ds64 = Ds64.read(file, raw, magic);
            at += 8 + ds64.paddedBytes();
            last = "ds64";
            head = head.clone();
            // The JDK is given RIFF: it reads no other magic.
            head[0] = 'R';
            head[1] = 'I';
            head[2] = 'F';
            head[3] = 'F';
        }
        while (true) {
            byte[] chunk = raw.readNBytes(8);
            if (chunk.length < 8) {
                throw new BadRecordingException(file, "the file ends at byte " + (at + chunk.length) + ", after its "
                        + quoted(last) + " chunk, before any audio (a WAV file needs a 'data' chunk)");
            }
            String id = tag(chunk, 0);
            long size = Integer.toUnsignedLong(ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).getInt(4));
            if (id.equals("data")) {
                if (fmt == null) {
                    throw new BadRecordingException(file, "its 'data' chunk at byte " + at
                            + " comes before any 'fmt ' chunk: the format of the audio is unknown");
                }
                long dataBytes = Walked.RIFF;
                if (ds64 != null && size != SIZE_IN_DS64) {
                    dataBytes = size;
                } else if (ds64 != null) {
                    dataBytes = ds64.dataBytes() > 0 ? ds64.dataBytes() : Walked.NOT_FINALIZED;
                }
                InputStream audio = new SequenceInputStream(new ByteArrayInputStream(header(head, fmt, chunk)), raw);
                return new Walked(markable(audio), dataBytes);
            }
            if (ds64 != null && size == SIZE_IN_DS64) {
                size = ds64.sizeOf(id, size);
            }
            if (id.equals("fmt ")) {
                if (size > MAX_FMT_BYTES) {
                    throw new BadRecordingException(file, "its 'fmt ' chunk at byte " + at + " declares " + size
                            + " bytes; a WAV format is at most " + MAX_FMT_BYTES);
                }
                fmt = raw.readNBytes((int) size);
                if (fmt.length < size) {
                    throw new BadRecordingException(file, "the file ends inside its 'fmt ' chunk at byte " + at);
                }
                if (size < MIN_FMT_BYTES) {
                    throw new BadRecordingException(file, "its 'fmt ' chunk at byte " + at + " has " + size
                            + " bytes; a WAV format has at least " + MIN_FMT_BYTES);
                }
                ByteBuffer format = ByteBuffer.wrap(fmt).order(ByteOrder.LITTLE_ENDIAN);
                int channels = Short.toUnsignedInt(format.getShort(2));
                if (channels == 0) {
                    throw new BadRecordingException(file, "its 'fmt ' chunk at byte " + at + " declares 0 channels");
                }
                int bits = Short.toUnsignedInt(format.getShort(14));
                if (bits == 0) {
                    throw new BadRecordingException(file, "its 'fmt ' chunk at byte " + at + " declares 0-bit samples");
                }
                // javax.sound.sampled takes an extensible format's block align for its frame size, and divides the
                // data size by it; a plain format's frame size it works out itself.
                int align = Short.toUnsignedInt(format.getShort(12));
                int frame = channels * ((bits + 7) / 8);
                if (Short.toUnsignedInt(format.getShort(0)) == EXTENSIBLE && align != frame) {
                    throw new BadRecordingException(file, "its 'fmt ' chunk at byte " + at + " declares frames of "
                            + align + " bytes (its block align), where " + channels + " channels of " + bits
                            + "-bit samples take " + frame);
                }
                skip(file, raw, size & 1, id, at);
            } else {
                skip(file, raw, size + (size & 1), id, at);
            }
            at += 8 + size + (size & 1);
            last = id;
        }
    }

    /**
     * RIFF, WAVE, the fmt chunk and the data chunk's header, as the file has them, but for an odd-sized
     * fmt chunk's size, which counts its pad byte here: the JDK's WAV reader does not skip the pad, and
     * would read the next chunk's id from one byte too early.
     */
    private static byte[] header(byte[] riff, byte[] fmt, byte[] data) {
        int padded = fmt.length + (fmt.length & 1);
        ByteBuffer b = ByteBuffer.allocate(12 + 8 + padded + 8).order(ByteOrder.LITTLE_ENDIAN);
        b.put(riff);
        b.put("fmt ".getBytes(StandardCharsets.US_ASCII)).putInt(padded).put(Arrays.copyOf(fmt, padded));
        b.put(data);
        return b.array();
    }

    private static void skip(Path file, InputStream raw, long bytes, String id, long at)
            throws IOException, BadRecordingException {
        try {
            raw.skipNBytes(bytes);
        } catch (EOFException e) {
            throw new BadRecordingException(file, "the file ends inside its " + quoted(id) + " chunk at byte " + at
                    + ", which declares " + (bytes - (bytes & 1)) + " bytes, before any audio", e);
        }
    }

    private static InputStream markable(InputStream in) {
        return new BufferedInputStream(in, 1 << 16);
    }

    private static String tag(byte[] b, int at) {
        return new String(b, at, 4, StandardCharsets.ISO_8859_1);
    }

    /** A chunk id as a user reads it: printable, or its bytes in hex. */
    private static String quoted(String id) {
        if (id.chars().allMatch(c -> c >= 0x20 && c <= 0x7e)) {
            return "'" + id + "'";
        }
        StringBuilder hex = new StringBuilder("0x");
        id.chars().forEach(c -> hex.append(String.format(Locale.ROOT, "%02x", c)));
        return hex.toString();
    }
}
