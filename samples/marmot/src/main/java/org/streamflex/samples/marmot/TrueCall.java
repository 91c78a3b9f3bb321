package org.streamflex.samples.marmot;

/**
 * One call of a generated scene: when the source emitted it (seconds from the start of the
 * recordings) and where (world metres).
 *
 * <pre>{@code
 * TrueCall c = new TrueCall(1, 2.5, 12.0, -3.0);
 * double arrives = c.seconds() + node.distanceTo(c.x(), c.y()) / 343.0;
 * }</pre>
 *
 * @param index the call's number, from 1
 * @param seconds the emission time
 * @param x world x of the source
 * @param y world y of the source
 */
public record TrueCall(int index, double seconds, double x, double y) {
}
