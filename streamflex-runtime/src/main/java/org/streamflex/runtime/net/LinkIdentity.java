package org.streamflex.runtime.net;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Who a link connects: the graph and channel, the kind of item (and for capsules and shared values
 * their type name),
 * the link's mode and the protocol version. The sender offers one in its HELLO; the receiver compares
 * it with the one it expects and refuses a link that differs in anything, naming both.
 *
 * <pre>{@code
 * LinkIdentity offer = LinkIdentity.of("ids", "packets", ElementKind.LONG, LinkMode.CREDIT);
 * offer.describe(); // "graph ids channel packets of long, CREDIT mode, protocol version 2"
 * }</pre>
 *
 * @param graph the graph's name, 1 to 256 UTF-8 bytes
 * @param channel the channel's name in that graph, 1 to 256 UTF-8 bytes
 * @param kind the kind of item
 * @param capsuleType the type's name for {@link ElementKind#CAPSULE} (the capsule class) and
 *     {@link ElementKind#SHARED} (the shared class), else empty
 * @param mode DROP or CREDIT
 * @param version the protocol version, 1 to 255
 */
public record LinkIdentity(String graph, String channel, ElementKind kind, String capsuleType, LinkMode mode,
        int version) {

    /** Checks every field, so that any identity can be written in a HELLO. */
    public LinkIdentity {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(capsuleType, "capsuleType");
        checkName("graph", graph, false);
        checkName("channel", channel, false);
        boolean typed = kind == ElementKind.CAPSULE || kind == ElementKind.SHARED;
        checkName(kind == ElementKind.SHARED ? "shared type" : "capsule type", capsuleType, !typed);
        if (typed && capsuleType.isEmpty()) {
            throw new IllegalArgumentException("a link of " + kind.javaName() + " values needs their type's name;"
                    + " channel " + channel);
        }
        if (!typed && !capsuleType.isEmpty()) {
            throw new IllegalArgumentException("a link of " + kind.javaName() + " has no capsule type, but "
                    + capsuleType + " was given; channel " + channel);
        }
        if (version < 1 || version > 255) {
            throw new IllegalArgumentException("protocol version " + version + " is not 1 to 255");
        }
    }

    /** A link of primitives at this runtime's protocol version. */
    public static LinkIdentity of(String graph, String channel, ElementKind kind, LinkMode mode) {
        return new LinkIdentity(graph, channel, kind, "", mode, FrameFormat.VERSION);
    }

    /** A link of capsules of the named type at this runtime's protocol version. */
    public static LinkIdentity ofCapsules(String graph, String channel, String capsuleType, LinkMode mode) {
        return new LinkIdentity(graph, channel, ElementKind.CAPSULE, capsuleType, mode, FrameFormat.VERSION);
    }

    /**
     * A link of shared values (signal segments) of the named type at this runtime's protocol version.
     *
     * <pre>{@code
     * LinkIdentity.ofShared("g", "mics", FloatSeg.class.getName(), LinkMode.CREDIT);
     * }</pre>
     */
    public static LinkIdentity ofShared(String graph, String channel, String sharedType, LinkMode mode) {
        return new LinkIdentity(graph, channel, ElementKind.SHARED, sharedType, mode, FrameFormat.VERSION);
    }

    /** The same link at another protocol version. */
    public LinkIdentity withVersion(int otherVersion) {
        return new LinkIdentity(graph, channel, kind, capsuleType, mode, otherVersion);
    }

    /** "graph G channel C of long, DROP mode, protocol version 2", as refusals quote it. */
    public String describe() {
        String of = switch (kind) {
            case CAPSULE -> "capsules of " + capsuleType;
            case SHARED -> "shared values of " + capsuleType;
            default -> kind.javaName();
        };
        return "graph " + graph + " channel " + channel + " of " + of + ", " + mode + " mode, protocol version "
                + version;
    }

    private static void checkName(String what, String name, boolean mayBeEmpty) {
        Objects.requireNonNull(name, what);
        int bytes = name.getBytes(StandardCharsets.UTF_8).length;
        if ((bytes == 0 && !mayBeEmpty) || bytes > FrameFormat.MAX_NAME_BYTES) {
            throw new IllegalArgumentException("the " + what + " name '" + name + "' is " + bytes
                    + " UTF-8 bytes; a link needs 1 to " + FrameFormat.MAX_NAME_BYTES);
        }
    }
}
