package org.streamflex.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.Clock;
import org.streamflex.Deployment;
import org.streamflex.Filter;
import org.streamflex.Shared;
import org.streamflex.SharedChannel;
import org.streamflex.StreamFlexError;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.net.CrossingLinks;
import org.streamflex.runtime.net.ElementKind;
import org.streamflex.runtime.net.LinkMode;

/**
 * A {@code SharedChannel} may cross from the nodes to the server only if a library provides a codec
 * of its type ({@code SharedCodec}, found by {@code ServiceLoader}): one no library provides for is
 * a validation problem naming the channel, the type and the service file, on the node and the
 * server alike. (Segments, which {@code streamflex-dsp} provides for, cross in its
 * {@code SegmentCrossingTest}.)
 */
class SharedCrossingTest {
    private static final InetSocketAddress ANY_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    /** A shared value no library has a codec for. */
    public static final class Blob extends Shared {
        @Override
        protected void freed() {
        }
    }

    public static final class Maker extends Filter {
        private SharedChannel<Blob> out;
        int room;

        @Override
        public void work() {
            room = out.capacity() - out.size();
        }
    }

    public static final class Taker extends Filter {
        private SharedChannel<Blob> in;

        @Override
        public void work() {
            while (in.size() > 0) {
                in.take();
            }
        }
    }

    public static final class BlobCut extends StreamFlexGraph {
        BlobCut() {
            Clock clock = makeClock(1000);
            Maker maker = makeFilter(Maker.class);
            Taker taker = makeFilter(Taker.class);
            connect(clock, maker);
            connect(maker, taker, 8);
            runOnServer(taker);
            validate();
        }
    }

    @Test
    void aSharedChannelOfATypeWithoutACodecCannotCrossAndTheProblemSaysWhy() {
        for (Deployment deployment : List.of(Deployment.node("n1", ANY_PORT), Deployment.server(ANY_PORT,
                List.of("n1")))) {
            StreamFlexError e = assertThrows(StreamFlexError.class, () -> deployment.build(BlobCut::new));
            assertTrue(e.getMessage().contains("Maker.out->Taker.in crosses from the nodes to the server, but no"
                    + " SharedCodec for " + Blob.class.getName()), e.getMessage());
            assertTrue(e.getMessage().contains("META-INF/services/org.streamflex.runtime.net.SharedCodecProvider"),
                    e.getMessage());
        }
        BlobCut whole = Deployment.whole().build(BlobCut::new); // nothing crosses
        assertEquals(Deployment.Site.WHOLE, whole.deployment().site());
    }

    @Test
    void aCrossingOfSharedValuesNamesAClassThatIsShared() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CrossingLinks.Crossing("A.out->B.in", ElementKind.SHARED, 8, LinkMode.CREDIT, String.class));
        assertTrue(e.getMessage().contains("names java.lang.String, which is no Shared"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new CrossingLinks.Crossing("A.out->B.in", ElementKind.SHARED, 8, LinkMode.CREDIT));
    }
}
