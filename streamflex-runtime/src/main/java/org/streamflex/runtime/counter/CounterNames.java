package org.streamflex.runtime.counter;

/**
 * The naming scheme of counters, stable across runs of the same graph:
 * {@code <owner prefix>.<owner name>.<key>}. Owner names are the names messages use: a filter's
 * instance name ({@code Sink#2}), a channel's two ends without blanks ({@code Gen.out->Mid.in},
 * {@code Split.out[1]->B.in}), a clock's index ({@code clock-0}). Keys have no blanks either, so a
 * name is one shell word and one JMX attribute.
 */
public final class CounterNames {
    private CounterNames() {
    }

    /** The full name of counter {@code key} of an owner. */
    public static String of(CounterOwner owner, String ownerName, String key) {
        return owner.prefix() + "." + ownerName + "." + key;
    }

    /** A channel's owner name: its name ({@code "Gen.out -> Mid.in"}) without blanks. */
    public static String channel(String channelName) {
        return channelName.replace(" ", "");
    }

    /** A clock's owner name, by its index in creation order. */
    public static String clock(int index) {
        return "clock-" + index;
    }

    /** The key of a filter event's counter. */
    public static String event(String eventName) {
        return "event." + eventName;
    }
}
