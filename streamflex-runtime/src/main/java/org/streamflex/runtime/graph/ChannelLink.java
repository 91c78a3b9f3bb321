package org.streamflex.runtime.graph;

import org.streamflex.Rate;
import org.streamflex.runtime.channel.SpscRing;

/**
 * One channel a connect made, as the scheduler needs it: its two ends, their fields' declared
 * rates (null where a field declares none, and for the built-ins' ports) and its ring.
 *
 * @param producer the filter that puts on it
 * @param output the producer's end: its field, {@code field[i]} in an array of channels, or
 *     {@code out[i]} for a built-in splitter
 * @param pushRate the producer field's {@code @Rate}, or null
 * @param consumer the filter that takes from it
 * @param input the consumer's end, named as {@code output}
 * @param popRate the consumer field's {@code @Rate}, or null
 * @param ring the channel's ring
 * @param outPort for a built-in splitter's output, its index in connection order; else -1
 * @param inPort for a built-in joiner's input, its index in connection order; else -1
 */
record ChannelLink(FilterWiring producer, String output, Rate pushRate, FilterWiring consumer, String input,
        Rate popRate, SpscRing ring, int outPort, int inPort) {
}
