package org.streamflex.runtime.net;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.Future;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.streamflex.Capsule;
import org.streamflex.Shared;

/**
 * The sending end of a link hosted by a {@link NetworkLinkServer}, whose receiver connects to it:
 * a node that receives a channel from the server opens the connection (so that nodes, which may sit
 * behind NAT or a firewall, need no listening port) and asks for the link in a receiver's HELLO
 * ({@link ReceivingLinkClient}); the server hands the connection to this end, which then runs the
 * protocol as any sender: its HELLO, credit, DATA, LOST, ACK, stall detection and the CLOSE exchange.
 * The link outlives its receiver's connections: when one ends (the node stopped, restarted or died,
 * or sent nothing for the stall timeout), what it sent unacknowledged is counted lost in flight,
 * items stay queued for the receiver's next connection, whose HELLO resumes after the last item
 * sent; a node that connects again while its old connection seems alive replaces it.
 *
 * <p>Offers differ from {@link NetworkLinkClient}'s in what {@code false} means: an offer returns
 * true once the item is done with for this receiver (queued; dropped and counted; or refused and
 * counted because the link is closed), and false only when the caller should keep it and offer it
 * again: in CREDIT mode, the queue is full while a receiver is linked (it has not granted room yet).
 * In CREDIT mode an item that finds the queue full while no receiver is linked is dropped and
 * counted ({@code droppedAtSender}, reported to the receiver's next connection), so that a node
 * that is down holds up nothing: its items are queued up to the bound, then dropped for it alone.
 *
 * <pre>{@code
 * ServerLinkSender out = server.longSender(LinkIdentity.of("g", "n1:Tally.out->Peaks.in", ElementKind.INT,
 *         LinkMode.CREDIT), 4096);
 * while (!out.offer(42)) {
 *     Thread.onSpinWait();   // CREDIT mode: the linked receiver has no room yet
 * }
 * }</pre>
 */
public final class ServerLinkSender {
    private final LinkIdentity identity;
    private final SenderLinkHandler link;
    private final long stallMillis;
    private final LinkOffers offers;
    private final ConnectionLog log = new ConnectionLog();

    ServerLinkSender(LinkIdentity identity, SenderQueue queue, EventLoop loop, Duration stallTimeout) {
        this.identity = identity;
        this.stallMillis = stallTimeout.toMillis();
        this.link = new SenderLinkHandler(identity, queue, loop, loop.newPromise(),
                ThreadLocalRandom.current().nextLong());
        link.hosted();
        this.offers = new LinkOffers(link, identity, queue, true);
        link.connections(new SenderLinkHandler.Connections() {
            @Override
            public void linked() {
                log.linked();
            }

            @Override
            public void lost(String why) {
                log.problem(why); // the receiver connects again: nothing to do here
            }

            @Override
            public void refused(String why) {
                log.problem(why);
            }
        });
    }

    /** What the receiver must expect to be linked. */
    public LinkIdentity identity() {
        return identity;
    }

    /**
     * Event loop: the receiver's HELLO on {@code context}'s connection asked for this link. The
     * connection becomes this end's: the handler that read the HELLO leaves the pipeline, a stall
     * detector and heartbeat timer go in before the frame decoder, and this end sends its HELLO.
     */
    void adopt(ChannelHandlerContext context) {
        ChannelPipeline pipeline = context.pipeline();
        pipeline.remove(context.handler());
        // Reads only: the link's own timer beats (SenderLinkHandler.beatDue), and a writer-idle watch would put a
        // promise and a listener on every write.
        pipeline.addBefore(NetworkLinkServer.DECODER, "stall",
                new IdleStateHandler(stallMillis, 0, 0, TimeUnit.MILLISECONDS));
        pipeline.addLast(link);
        link.adopt(pipeline.context(link));
    }

    /**
     * Producer thread only: queues {@code value}. Returns false only when the caller should keep it
     * and offer it again (CREDIT mode, the linked receiver has no room yet); see the class comment.
     */
    public boolean offer(long value) {
        return offers.offer(value);
    }

    /** Producer thread only, on a link of capsules: encodes {@code capsule} into the queue; as {@link #offer(long)}. */
    public boolean offer(Capsule capsule) {
        return offers.offer(capsule);
    }

    /**
     * Producer thread only, on a link of shared values: queues a reference to {@code value} (retained
     * until the event loop has encoded it into a frame); as {@link #offer(long)}.
     *
     * @throws ItemTooLargeException if it encodes to more bytes than an item may have; counted in
     *     {@link LinkCounters#tooLarge()}
     */
    public boolean offer(Shared value) {
        return offers.offer(value);
    }

    /** Whether a receiver is linked now. */
    public boolean isLinked() {
        return link.isLinked();
    }

    /** Whether the link takes offers: until the server closes. */
    public boolean isOpen() {
        return link.isOpen();
    }

    /** This end's counts, across its receiver's connections. */
    public LinkCounters counters() {
        return link.counters();
    }

    /** Items accepted and neither sent nor dropped yet. Exact when the producer is quiet. */
    public int queued() {
        return link.queued();
    }

    /** Handshakes that succeeded: one per connection of its receiver. */
    public long connections() {
        return log.connections();
    }

    /** Connections closed because the receiver sent nothing (no ACK, no heartbeat) for the stall timeout. */
    public long stalls() {
        return link.stalls();
    }

    /** Why the last connection ended; empty if none did. */
    public String lastProblem() {
        return log.lastProblem();
    }

    /** Any thread: ends the link (a CLOSE exchange with a linked receiver). */
    void closeSoon() {
        link.closeSoon();
    }

    /** Completed once the link is over and every item it took is counted. */
    Future<Void> ended() {
        return link.ended();
    }
}
