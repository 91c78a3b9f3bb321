package org.streamflex.runtime.net.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import org.streamflex.runtime.net.FrameDecoder;
import org.streamflex.runtime.net.FrameFormat;
import org.streamflex.runtime.net.ProtocolException;

/**
 * Any bytes, starting from valid frames (the seeds beside this class's resources), through the link
 * frame decoder in chunks: nothing but a {@link ProtocolException} may escape, and the decoder never
 * holds more than one header and one maximal body. Runs its seeds in every build and fuzzes for 5 s
 * with {@code JAZZER_FUZZ=1} (its own surefire execution).
 */
class FrameDecoderFuzzTest {
    /** Small, so that the bound on buffered bytes is tested, not just the heap. */
    private static final int MAX_FRAME_LENGTH = FrameFormat.MIN_MAX_FRAME_LENGTH;

    @FuzzTest(maxDuration = "5s")
    void anyBytesDecodeToFramesOrOneProtocolException(byte[] input) {
        FrameDecoder decoder = new FrameDecoder(MAX_FRAME_LENGTH);
        EmbeddedChannel ch = new EmbeddedChannel(decoder);
        // Chunk sizes from the input itself: frames split anywhere, as TCP delivers them.
        int chunk = input.length == 0 ? 1 : 1 + (input[0] & 0x3f);
        try {
            for (int at = 0; at < input.length; at += chunk) {
                int length = Math.min(chunk, input.length - at);
                try {
                    ch.writeInbound(Unpooled.wrappedBuffer(input, at, length));
                } catch (ProtocolException e) {
                    assertTrue(e.getMessage().startsWith("frame at byte "), e.getMessage());
                    assertTrue(decoder.failed());
                }
                assertTrue(decoder.bufferedBytes() < FrameFormat.HEADER_BYTES + MAX_FRAME_LENGTH,
                        () -> "the decoder holds " + decoder.bufferedBytes() + " bytes");
                for (Object frame; (frame = ch.readInbound()) != null;) {
                    ReferenceCountUtil.release(frame);
                }
            }
        } finally {
            ch.finishAndReleaseAll();
        }
        assertFalse(decoder.bufferedBytes() > FrameFormat.HEADER_BYTES + MAX_FRAME_LENGTH);
    }
}
