package org.streamflex.runtime.graph;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.streamflex.Clock;
import org.streamflex.Deployment;
import org.streamflex.Filter;
import org.streamflex.NodeRouter;
import org.streamflex.Shared;
import org.streamflex.runtime.channel.CapsuleRing;
import org.streamflex.runtime.channel.LongRing;
import org.streamflex.runtime.channel.SharedRing;
import org.streamflex.runtime.channel.SpscRing;
import org.streamflex.runtime.clock.RuntimeClock;
import org.streamflex.runtime.net.BroadcastOutlet;
import org.streamflex.runtime.net.CrossingDirection;
import org.streamflex.runtime.net.CrossingLinks;
import org.streamflex.runtime.net.ElementKind;
import org.streamflex.runtime.net.LinkMode;
import org.streamflex.runtime.net.NetworkInlet;
import org.streamflex.runtime.net.NetworkOutlet;
import org.streamflex.runtime.net.SharedCodec;

/**
 * What {@code validate()} does to a graph built as a node or as the server ({@link Deployment}):
 * it keeps the filters of this side (those marked {@code runOnServer} on the server, the others on
 * a node) and the clocks that release them, lets the others go, and joins each channel that
 * crosses between a node filter and a server filter to the network. Where the channel's producer
 * stayed, an outlet takes the consumer's place: a {@link NetworkOutlet} on a node, sending to the
 * server; a {@link BroadcastOutlet} on the server, sending every item to every node. Where its
 * consumer stayed, a {@link NetworkInlet}, released by a clock of its own, takes the producer's
 * place. The whole graph was checked before (both sides report the same problems), so the split
 * only checks what crossing adds: channels carry primitives, capsules or shared values (a capsule
 * or shared channel's link names its class, which the receiving side compares with its own;
 * shared values travel by their library's codec), and the ends the deployment drops at cross.
 */
final class GraphSplit {
    private GraphSplit() {
    }

    /**
     * A deployment's route ({@code Deployment.routeToNodes}) must name the producer end of a channel
     * to the nodes, with a key for its items: a slot's for primitives, an item's of its class for
     * capsules and shared values.
     */
    private static void checkRoute(String end, NodeRouter router, List<Cut> cuts, List<String> found) {
        Cut cut = null;
        List<String> toNodes = new ArrayList<>();
        for (Cut c : cuts) {
            String producer = c.link.producer().name + "." + c.link.output();
            if (c.direction == CrossingDirection.TO_NODES) {
                toNodes.add(producer);
                if (producer.equals(end)) {
                    cut = c;
                }
            }
        }
        if (cut == null) {
            found.add("the deployment routes " + end + " to chosen nodes, which is not the producer end of a channel"
                    + " from a server filter to a node filter; those are " + toNodes.stream().sorted().toList());
            return;
        }
        boolean typed = cut.kind == ElementKind.CAPSULE || cut.kind == ElementKind.SHARED;
        switch (router) {
            case NodeRouter.Fixed _ -> {
            }
            case NodeRouter.BySlot _ -> {
                if (typed) {
                    found.add("the deployment routes " + cut.name + " by NodeRouter.bySlot, but it carries "
                            + cut.kind.javaName() + " values: route it by NodeRouter.byItem");
                }
            }
            case NodeRouter.ByItem<?> byItem -> {
                Class<?> element = switch (cut.link.ring()) {
                    case CapsuleRing capsules -> capsules.elementType();
                    case SharedRing shared -> shared.elementType();
                    default -> null;
                };
                if (element == null) {
                    found.add("the deployment routes " + cut.name + " by NodeRouter.byItem, but it carries "
                            + cut.kind.javaName() + " values: route it by NodeRouter.bySlot");
                } else if (!byItem.type().isAssignableFrom(element)) {
                    found.add("the deployment routes " + cut.name + " by a key of " + byItem.type().getName()
                            + ", but it carries " + element.getName());
                }
            }
        }
    }

    /** One channel between a node filter and a server filter, with what it carries and which way. */
    private record Cut(ChannelLink link, String name, ElementKind kind, CrossingDirection direction) {
        /** Whether this side (the server, or a node) keeps the channel's producer. */
        boolean producedOn(boolean onServer) {
            return (direction == CrossingDirection.TO_NODES) == onServer;
        }
    }

    /**
     * Splits the model for {@code deployment}; returns its links, or null if the graph runs whole
     * or after recording problems in {@code found}.
     */
    static CrossingLinks split(GraphModel model, FilterFactory factory, ClockLinks clocks, Deployment deployment,
            String graphName, List<String> found) {
        if (deployment.site() == Deployment.Site.WHOLE) {
            return null;
        }
        Set<FilterWiring> server = new HashSet<>(model.onServer);
        if (server.isEmpty()) {
            found.add(graphName + " is built as " + deployment + ", but marks no filter runOnServer: mark the"
                    + " server's filters with runOnServer(...) in the graph, or build it whole"
                    + " (streamflex.site=whole)");
            return null;
        }
        List<Cut> cuts = new ArrayList<>();
        for (ChannelLink link : model.links) {
            boolean fromServer = server.contains(link.producer());
            boolean toServer = server.contains(link.consumer());
            if (fromServer == toServer) {
                continue;
            }
            String name = link.producer().name + "." + link.output() + "->" + link.consumer().name + "." + link.input();
            String way = toServer ? "from the nodes to the server" : "from the server to the nodes";
            ElementKind kind = elementKind(kindOf(link));
            if (kind == null) {
                found.add(name + " carries " + kindOf(link).displayName() + " items " + way + ": only primitive"
                        + " channels (IntChannel, FloatChannel, ...), capsule channels (Channel<C>) and channels of"
                        + " shared values (SharedChannel<T>) cross machines in this release; cut the graph at one of"
                        + " those, or keep both ends on one side");
            } else if (kind != ElementKind.SHARED || hasCodec(((SharedRing) link.ring()).elementType(), name, way,
                    found)) {
                cuts.add(new Cut(link, name, kind, toServer ? CrossingDirection.TO_SERVER
                        : CrossingDirection.TO_NODES));
            }
        }
        Set<String> ends = new HashSet<>();
        cuts.forEach(c -> ends.add(c.link.producer().name + "." + c.link.output()));
        for (String dropping : deployment.dropping()) {
            if (!ends.contains(dropping)) {
                found.add("the deployment drops at " + dropping + ", which is not the producer end of a channel"
                        + " that crosses between the nodes and the server; those are " + ends.stream().sorted()
                        .toList());
            }
        }
        Set<String> sharedEnds = new HashSet<>();
        cuts.stream().filter(c -> c.kind == ElementKind.SHARED)
                .forEach(c -> sharedEnds.add(c.link.producer().name + "." + c.link.output()));
        for (String bounded : deployment.sharedItemBounds().keySet()) {
            if (!sharedEnds.contains(bounded)) {
                found.add("the deployment bounds the shared values of " + bounded + ", which is not the producer end"
                        + " of a channel of shared values that crosses between the nodes and the server; those are "
                        + sharedEnds.stream().sorted().toList());
            }
        }
        for (Map.Entry<String, NodeRouter> route : deployment.routes().entrySet()) {
            checkRoute(route.getKey(), route.getValue(), cuts, found);
        }
        if (!found.isEmpty()) {
            return null;
        }
        boolean onServer = deployment.site() == Deployment.Site.SERVER;
        String elsewhere = onServer ? "the nodes" : "the server";
        for (FilterWiring w : List.copyOf(model.filters)) {
            if (server.contains(w) != onServer) {
                model.remove(w, elsewhere + " (this JVM runs " + deployment + ")");
            }
        }
        model.clocks.removeIf(c -> !releasesHere(model, c));
        List<CrossingLinks.Crossing> crossings = new ArrayList<>();
        for (Cut cut : cuts) {
            LinkMode mode = deployment.dropping().contains(cut.link.producer().name + "." + cut.link.output())
                    ? LinkMode.DROP : LinkMode.CREDIT;
            Class<?> type = switch (cut.link.ring()) {
                case CapsuleRing capsules -> capsules.elementType();
                case SharedRing shared -> shared.elementType();
                default -> null;
            };
            crossings.add(new CrossingLinks.Crossing(cut.name, cut.kind, cut.link.ring().capacity(), mode, type,
                    cut.direction));
        }
        List<ChannelLink> outgoing = new ArrayList<>();
        List<ChannelLink> incoming = new ArrayList<>();
        for (Cut cut : cuts) {
            (cut.producedOn(onServer) ? outgoing : incoming).add(cut.link);
        }
        NetworkInlet inlet = incoming.isEmpty() ? null : inlet(model, factory, clocks, deployment, incoming);
        if (onServer) {
            List<BroadcastOutlet> outlets = new ArrayList<>();
            for (ChannelLink link : outgoing) {
                BroadcastOutlet outlet = factory.make("net:" + nameOf(link), BroadcastOutlet.class, 4096, 0);
                switch (link.ring()) {
                    case CapsuleRing capsules -> outlet.bind(capsules);
                    case SharedRing shared -> outlet.bind(shared);
                    default -> outlet.bind((LongRing) link.ring());
                }
                outlets.add(outlet);
                attachOutlet(model, link, outlet);
            }
            return CrossingLinks.forServer(graphName, deployment, crossings, inlet, outlets);
        }
        List<NetworkOutlet> outlets = new ArrayList<>();
        for (int i = 0, k = 0; i < cuts.size(); i++) {
            if (!cuts.get(i).producedOn(false)) {
                continue;
            }
            ChannelLink link = outgoing.get(k++);
            NetworkOutlet outlet = factory.make("net:" + cuts.get(i).name, NetworkOutlet.class, 4096, 0);
            LinkMode mode = crossings.get(i).mode();
            switch (link.ring()) {
                case CapsuleRing capsules -> outlet.bind(capsules, mode);
                case SharedRing shared -> outlet.bind(shared, mode); // reference-counted: the channel lets go at take
                default -> outlet.bind((LongRing) link.ring(), mode);
            }
            outlets.add(outlet);
            attachOutlet(model, link, outlet);
        }
        return CrossingLinks.forNode(graphName, deployment, crossings, outlets, inlet);
    }

    private static String nameOf(ChannelLink link) {
        return link.producer().name + "." + link.output() + "->" + link.consumer().name + "." + link.input();
    }

    /**
     * Puts {@code outlet} where the consumer of {@code link} was: downstream of its producer, so that
     * it runs on the producer's thread right after it.
     */
    private static void attachOutlet(GraphModel model, ChannelLink link, Filter outlet) {
        FilterWiring w = model.require(outlet);
        if (link.ring() instanceof CapsuleRing capsules) {
            // The outlet consumes in the consumer's place: what it takes goes back to the pool with it.
            capsules.bind(link.producer().task, w.task);
        }
        w.inputs.add(link.ring());
        link.producer().downstream.add(w);
        // Also after every release of a clock that reaches the producer: an outlet that had no credit
        // leaves items in the channel, and would otherwise wait for the producer's next work(),
        // which after the last item of a burst may never come.
        for (RuntimeClock clock : model.clocks) {
            FilterWiring target = model.targetOf(clock);
            if (target != null && target != link.producer()
                    && GraphChecks.reachedFrom(clock, model).contains(link.producer())) {
                target.downstream.add(w);
            }
        }
        model.links.add(new ChannelLink(link.producer(), link.output(), link.pushRate(), w, "in", null,
                link.ring(), link.outPort(), -1));
    }

    /**
     * The inlet that fills the channels of {@code incoming} (whose producers run on the other side),
     * in order, released by a clock of its own every poll period.
     */
    private static NetworkInlet inlet(GraphModel model, FilterFactory factory, ClockLinks clocks,
            Deployment deployment, List<ChannelLink> incoming) {
        NetworkInlet inlet = factory.make("net:inlet", NetworkInlet.class, 4096, 0);
        FilterWiring w = model.require(inlet);
        SpscRing[] rings = new SpscRing[incoming.size()];
        for (int i = 0; i < incoming.size(); i++) {
            ChannelLink link = incoming.get(i);
            rings[i] = link.ring();
            if (link.ring() instanceof CapsuleRing capsules) {
                // The inlet produces in the producer's place: it makes the capsules it puts.
                capsules.bind(w.task, link.consumer().task);
            }
            w.outputs.add(link.ring());
            w.downstream.add(link.consumer());
            model.links.add(new ChannelLink(w, "out[" + i + "]", null, link.consumer(), link.input(), link.popRate(),
                    link.ring(), -1, link.inPort()));
        }
        inlet.bind(rings);
        Clock poll = clocks.makeClock(deployment.pollMicros());
        clocks.connect(poll, inlet, null);
        return inlet;
    }

    /** Whether a codec carries {@code type} across machines; if not, records why, naming the channel. */
    private static boolean hasCodec(Class<? extends Shared> type, String name, String way, List<String> found) {
        try {
            var _ = SharedCodec.of(type);
            return true;
        } catch (IllegalArgumentException e) {
            found.add(name + " crosses " + way + ", but " + e.getMessage());
            return false;
        }
    }

    /** What a link carries, from its consumer's end. */
    private static ChannelKind kindOf(ChannelLink link) {
        FilterWiring consumer = link.consumer();
        if (link.inPort() >= 0) {
            return consumer.joinerInputs.get(link.inPort()).kind();
        }
        String input = link.input();
        int bracket = input.indexOf('[');
        ChannelField field = consumer.fields.get(bracket < 0 ? input : input.substring(0, bracket));
        return field.kind == ChannelKind.ANY ? consumer.splitterInputKind : field.kind;
    }

    private static ElementKind elementKind(ChannelKind kind) {
        return switch (kind) {
            case BOOLEAN -> ElementKind.BOOLEAN;
            case BYTE -> ElementKind.BYTE;
            case CHAR -> ElementKind.CHAR;
            case SHORT -> ElementKind.SHORT;
            case INT -> ElementKind.INT;
            case LONG -> ElementKind.LONG;
            case FLOAT -> ElementKind.FLOAT;
            case DOUBLE -> ElementKind.DOUBLE;
            case CAPSULE -> ElementKind.CAPSULE;
            case SHARED -> ElementKind.SHARED;
            default -> null;
        };
    }

    /** The clocks a split leaves: those whose filter stayed. */
    static boolean releasesHere(GraphModel model, RuntimeClock clock) {
        return clock.target() != null && model.contains(clock.target().filter());
    }
}
