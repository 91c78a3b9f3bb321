package org.streamflex.checker.weave;

/**
 * How to weave one class of the compilation.
 *
 * @param binaryName the class's binary name
 * @param keepConstructors its constructors allocate on the heap (stable classes, capsules)
 * @param recyclable its instances can be recycled: it gets a blank constructor, copies of its
 *     constructors and a factory per constructor (a plain transient class whose superclasses up to
 *     Object are all recyclable)
 * @param superRecyclable its superclass is recyclable too (else it is Object)
 * @param stable it is a stable class (a filter or a {@code Stable} implementation): its instances
 *     and the arrays its constructors make are counted against the stable region
 */
public record ClassPlan(String binaryName, boolean keepConstructors, boolean recyclable, boolean superRecyclable,
        boolean stable) {
}
