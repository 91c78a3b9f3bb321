/**
 * The woven-code ABI: the static entry points that code rewritten by the StreamFlex javac plugin
 * calls, and the names it adds to classes. Version {@link Woven#CURRENT_ABI}.
 *
 * <p>Every woven class carries {@link Woven} with the ABI version it was woven for; the runtime
 * checks it when a graph is built. The methods here are thin: each finds the engine through the
 * filter's context or the thread's {@link RegionSlot} and delegates to it. Nothing here can be
 * replaced or switched off from outside: there is no hook to install, and the slot's fields are
 * written only by the runtime, which the module opens this package to.
 *
 * <p>Filter authors never call this package; they write {@code new} and {@code @Atomic}, and the
 * plugin rejects filter code that names it (rule {@code Internals}). The contract test of the
 * plugin checks that every method the weavers emit a call to exists here with that signature.
 *
 * <pre>{@code
 * double[] w = new double[256];          // as written in a filter's work()
 * RegionSlot slot = Regions.current();   // as woven: once per method that allocates
 * double[] w = (double[]) Regions.newArray(256, Regions.T_DOUBLE, slot);
 * }</pre>
 */
package org.streamflex.abi;
