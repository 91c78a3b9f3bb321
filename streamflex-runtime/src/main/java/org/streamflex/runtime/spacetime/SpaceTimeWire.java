package org.streamflex.runtime.spacetime;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * The messages between a {@link RemoteSpaceTime} and a {@link SpaceTimeServer}: every message is a
 * frame {@code [length u32][version u8][op u8][request u64][body]}, big-endian, the length counting
 * what follows it. A request is answered by exactly one {@code OK}, {@code ITEM} or {@code ERROR}
 * frame carrying its request number; a client waits for each answer before it sends the next
 * request of the same thread, so answers need no other ordering.
 *
 * <p>Bodies (strings are a u16 length and UTF-8 bytes; a room is an s32, the most bytes the getter
 * takes, {@link #ANY_ROOM} for a copy of any size): {@code HELLO} none, answered {@code OK} with the
 * space's item bound; {@code JOIN} name, virtual time; {@code SET_VIRTUAL_TIME} thread, time;
 * {@code LEAVE} thread; {@code ATTACH_INPUT}/{@code ATTACH_OUTPUT} thread, channel name, answered
 * {@code OK} with the connection's number; {@code PUT} connection, timestamp, consumers (0: not
 * declared), u32 length and the bytes; {@code GET} connection, selector ({@link #BY_TIMESTAMP}, or
 * {@link #selector(Wildcard)}), timestamp, timeout in ns (negative: do not wait), room, answered
 * {@code ITEM} timestamp, ticket ({@link ItemView#NO_TICKET} but for a queue item), u32 length,
 * bytes; {@code PUT_GET} a GET's fields then a PUT's (the put, then the get, in one request:
 * answered as the GET, or the put's {@code ERROR} with no get made); {@code CONSUME}/{@code
 * CONSUME_UNTIL} connection, timestamp; {@code DETACH} connection (of any kind).
 * Queues: {@code ATTACH_QUEUE_INPUT}/{@code ATTACH_QUEUE_OUTPUT} thread, queue name;
 * {@code QUEUE_PUT} connection, timestamp, u32 length, bytes, answered {@code OK} with the ticket;
 * {@code QUEUE_GET} connection, timeout, room, answered {@code ITEM}; {@code QUEUE_CONSUME}
 * connection, ticket. Registers: {@code ATTACH_REGISTER} thread, register name;
 * {@code REGISTER_WRITE} connection, u32 length, bytes; {@code REGISTER_READ} connection, timeout,
 * room, answered {@code ITEM} with timestamp 0; {@code REGISTER_FULL} connection, answered
 * {@code OK} 1 (full) or 0. {@code ERROR}: code, two longs (a miss's neighbours, a duplicate's
 * timestamp, a too-small buffer's item size and room), message.
 *
 * <p>Filters' transactions ({@link RemoteFilterThread}; every body starts with the filter's thread
 * number, and the server stages each operation as a local filter's {@code work()} does, until
 * {@code F_COMMIT} makes them or {@code F_UNDO} drops them): {@code JOIN_FILTER} name, virtual time;
 * {@code F_GET} connection, selector, timestamp, answered {@code ITEM}, or {@code OK} when there is
 * none (a filter's get never waits); {@code F_PUT} connection, timestamp, consumers, u32 length,
 * bytes; {@code F_CONSUME} connection, timestamp, until (u8); {@code F_SET_VIRTUAL_TIME} time;
 * {@code F_QUEUE_GET} connection; {@code F_QUEUE_CONSUME} connection, ticket; {@code F_QUEUE_PUT}
 * connection, timestamp, u32 length, bytes; {@code F_REGISTER_WRITE} connection, u32 length, bytes;
 * {@code F_REGISTER_READ} connection, room, answered {@code ITEM} or {@code OK} -1 (empty);
 * {@code F_REGISTER_FULL} connection; {@code F_COMMIT} and {@code F_UNDO} nothing more. A refused
 * commit's {@code E_DUPLICATE} carries the channel's name as its message.
 */
final class SpaceTimeWire {
    /** Bumped at any change of the layout above; a peer of another version is refused at HELLO. */
    static final int VERSION = 4; // 2: PUT_GET; 3: queues, registers, a GET's room and an ITEM's ticket; 4: filters
    /** The header after the length: version, op, request. */
    static final int HEADER_BYTES = 1 + 1 + 8;
    /** A GET's fields: connection, selector, timestamp, timeout, room. */
    static final int GET_FIELDS = 8 + 1 + 8 + 8 + 4;
    /** An ITEM's fields before its bytes: timestamp, ticket, length. */
    static final int ITEM_FIELDS = 8 + 8 + 4;
    /**
     * Room for a PUT's, PUT_GET's, QUEUE_PUT's, REGISTER_WRITE's or ITEM's fields around its bytes
     * (PUT_GET's are the most).
     */
    static final int ITEM_OVERHEAD = HEADER_BYTES + GET_FIELDS + 8 + 8 + 4 + 4;
    /** Longest name or message carried: longer ones are cut (messages) or refused (names). */
    static final int MAX_STRING_BYTES = 4096;

    static final int HELLO = 1;
    static final int JOIN = 2;
    static final int SET_VIRTUAL_TIME = 3;
    static final int LEAVE = 4;
    static final int ATTACH_INPUT = 5;
    static final int ATTACH_OUTPUT = 6;
    static final int PUT = 7;
    static final int GET = 8;
    static final int CONSUME = 9;
    static final int CONSUME_UNTIL = 10;
    static final int DETACH = 11;
    static final int PUT_GET = 12;
    static final int ATTACH_QUEUE_INPUT = 13;
    static final int ATTACH_QUEUE_OUTPUT = 14;
    static final int ATTACH_REGISTER = 15;
    static final int QUEUE_PUT = 16;
    static final int QUEUE_GET = 17;
    static final int QUEUE_CONSUME = 18;
    static final int REGISTER_WRITE = 19;
    static final int REGISTER_READ = 20;
    static final int REGISTER_FULL = 21;
    static final int JOIN_FILTER = 22;
    static final int F_GET = 23;
    static final int F_PUT = 24;
    static final int F_CONSUME = 25;
    static final int F_SET_VIRTUAL_TIME = 26;
    static final int F_QUEUE_GET = 27;
    static final int F_QUEUE_CONSUME = 28;
    static final int F_QUEUE_PUT = 29;
    static final int F_REGISTER_WRITE = 30;
    static final int F_REGISTER_READ = 31;
    static final int F_REGISTER_FULL = 32;
    static final int F_COMMIT = 33;
    static final int F_UNDO = 34;

    static final int OK = 64;
    static final int ITEM = 65;
    static final int ERROR = 66;

    static final int BY_TIMESTAMP = 0;
    /** The room of a get that takes a copy of any size (a {@link RemoteItem}). */
    static final int ANY_ROOM = Integer.MAX_VALUE;

    static final int E_NOT_AVAILABLE = 1;
    static final int E_VIRTUAL_TIME = 2;
    static final int E_DUPLICATE = 3;
    static final int E_STATE = 4;
    static final int E_TOO_LARGE = 5;
    static final int E_ARGUMENT = 6;
    static final int E_BAD_REQUEST = 7;
    static final int E_FAILED = 8;
    static final int E_TOO_SMALL = 9;

    private SpaceTimeWire() {
    }

    /** Writes the length (patched by {@link #finish}) and the header. */
    static int start(ByteBuf out, int op, long request) {
        int at = out.writerIndex();
        out.writeInt(0).writeByte(VERSION).writeByte(op).writeLong(request);
        return at;
    }

    static ByteBuf finish(ByteBuf out, int start) {
        out.setInt(start, out.writerIndex() - start - 4);
        return out;
    }

    /** The bytes of an ITEM frame of {@code length} item bytes, its length prefix included. */
    static int itemFrameBytes(int length) {
        return 4 + HEADER_BYTES + ITEM_FIELDS + length;
    }

    /** A room field: at least 0. */
    static int readRoom(ByteBuf in) {
        int room = in.readInt();
        if (room < 0) {
            throw new IllegalArgumentException("a negative room, " + room + " bytes");
        }
        return room;
    }

    static void writeString(ByteBuf out, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(bytes.length, MAX_STRING_BYTES);
        out.writeShort(n).writeBytes(bytes, 0, n);
    }

    static String readString(ByteBuf in) {
        int n = in.readUnsignedShort();
        if (n > MAX_STRING_BYTES || n > in.readableBytes()) {
            throw new IllegalArgumentException("a string of " + n + " bytes where " + in.readableBytes()
                    + " remain (at most " + MAX_STRING_BYTES + ")");
        }
        String s = in.toString(in.readerIndex(), n, StandardCharsets.UTF_8);
        in.skipBytes(n);
        return s;
    }

    /** The GET selector of a wildcard: fixed numbers, since the wire must not follow the enum's order. */
    static int selector(Wildcard wildcard) {
        return switch (wildcard) {
            case OLDEST -> 1;
            case NEWEST -> 2;
            case LATEST_UNSEEN -> 3;
        };
    }

    /** The wildcard of a GET selector, or null for {@link #BY_TIMESTAMP}. */
    static Wildcard wildcard(int selector) {
        return switch (selector) {
            case BY_TIMESTAMP -> null;
            case 1 -> Wildcard.OLDEST;
            case 2 -> Wildcard.NEWEST;
            case 3 -> Wildcard.LATEST_UNSEEN;
            default -> throw new IllegalArgumentException("unknown get selector " + selector);
        };
    }

    static String opName(int op) {
        return switch (op) {
            case HELLO -> "HELLO";
            case JOIN -> "JOIN";
            case SET_VIRTUAL_TIME -> "SET_VIRTUAL_TIME";
            case LEAVE -> "LEAVE";
            case ATTACH_INPUT -> "ATTACH_INPUT";
            case ATTACH_OUTPUT -> "ATTACH_OUTPUT";
            case PUT -> "PUT";
            case GET -> "GET";
            case CONSUME -> "CONSUME";
            case CONSUME_UNTIL -> "CONSUME_UNTIL";
            case DETACH -> "DETACH";
            case PUT_GET -> "PUT_GET";
            case ATTACH_QUEUE_INPUT -> "ATTACH_QUEUE_INPUT";
            case ATTACH_QUEUE_OUTPUT -> "ATTACH_QUEUE_OUTPUT";
            case ATTACH_REGISTER -> "ATTACH_REGISTER";
            case QUEUE_PUT -> "QUEUE_PUT";
            case QUEUE_GET -> "QUEUE_GET";
            case QUEUE_CONSUME -> "QUEUE_CONSUME";
            case REGISTER_WRITE -> "REGISTER_WRITE";
            case REGISTER_READ -> "REGISTER_READ";
            case REGISTER_FULL -> "REGISTER_FULL";
            case JOIN_FILTER -> "JOIN_FILTER";
            case F_GET -> "F_GET";
            case F_PUT -> "F_PUT";
            case F_CONSUME -> "F_CONSUME";
            case F_SET_VIRTUAL_TIME -> "F_SET_VIRTUAL_TIME";
            case F_QUEUE_GET -> "F_QUEUE_GET";
            case F_QUEUE_CONSUME -> "F_QUEUE_CONSUME";
            case F_QUEUE_PUT -> "F_QUEUE_PUT";
            case F_REGISTER_WRITE -> "F_REGISTER_WRITE";
            case F_REGISTER_READ -> "F_REGISTER_READ";
            case F_REGISTER_FULL -> "F_REGISTER_FULL";
            case F_COMMIT -> "F_COMMIT";
            case F_UNDO -> "F_UNDO";
            case OK -> "OK";
            case ITEM -> "ITEM";
            case ERROR -> "ERROR";
            default -> "op " + op;
        };
    }
}
