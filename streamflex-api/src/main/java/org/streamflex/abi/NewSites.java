package org.streamflex.abi;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Links the {@code new C(args)} sites of woven code. The weaver replaces {@code new C; dup; args;
 * invokespecial C.<init>} by {@code args; aload slot; invokedynamic} with this bootstrap, so that
 * what the site does is decided when it first runs, against the class {@code C} actually loaded:
 * <ul>
 *   <li>{@code C} was woven recyclable for this ABI, and so is every superclass up to
 *       {@code Object}: the site calls {@code C.$sf$new(args, slot)}, which recycles an instance
 *       from the running {@code work()}'s transient region (or runs the constructor outside
 *       {@code work()});
 *   <li>otherwise (compiled without the plugin, by another StreamFlex version, or recompiled
 *       alone after its superclass changed): the site runs the constructor on the heap, and the
 *       first such site of {@code C} says so once in the log, naming {@code C}, why, and the fix.
 * </ul>
 * So code woven in one compilation and code woven in another work together whatever subset was
 * recompiled: nothing fails to link, and nothing allocates on the heap without a word.
 *
 * <pre>{@code
 * Acc a = new Acc(3);   // woven: iconst_3; aload slot; invokedynamic new(ILRegionSlot;)LAcc; [NewSites.link]
 * }</pre>
 */
public final class NewSites {
    /** The name of the static factory the weaver adds beside each constructor of a recyclable class. */
    public static final String FACTORY = "$sf$new";

    private static final System.Logger LOG = System.getLogger("org.streamflex.regions");
    private static final Set<Class<?>> REPORTED = ConcurrentHashMap.newKeySet();

    private NewSites() {
    }

    /**
     * Bootstrap of a woven {@code new} site.
     *
     * @param type the site's type: the constructor's parameters, then {@link RegionSlot}; returns the class
     */
    public static CallSite link(MethodHandles.Lookup caller, String name, MethodType type)
            throws ReflectiveOperationException {
        Class<?> c = type.returnType();
        MethodType constructor = type.dropParameterTypes(type.parameterCount() - 1, type.parameterCount())
                .changeReturnType(void.class);
        String why = whyNotRecyclable(c);
        if (why == null) {
            try {
                return new ConstantCallSite(caller.findStatic(c, FACTORY, type));
            } catch (NoSuchMethodException e) {
                why = "it has no " + FACTORY + " factory for the constructor " + constructor;
            }
        }
        report(c, why);
        MethodHandle plain = caller.findConstructor(c, constructor);
        return new ConstantCallSite(MethodHandles.dropArguments(plain, type.parameterCount() - 1, RegionSlot.class));
    }

    /** Null if {@code c} and its superclasses were woven recyclable for this ABI, else why not. */
    static String whyNotRecyclable(Class<?> c) {
        for (Class<?> k = c; k != Object.class; k = k.getSuperclass()) {
            Woven woven = k.getAnnotation(Woven.class);
            String which = k == c ? "it" : "its superclass " + k.getName();
            if (woven == null || !woven.recyclable()) {
                return which + " was not compiled with -Xplugin:StreamFlex in a compilation that saw it reached"
                        + " from filter code";
            }
            if (woven.abi() != Woven.CURRENT_ABI) {
                return which + " was woven for StreamFlex ABI " + woven.abi() + ", and this runtime speaks ABI "
                        + Woven.CURRENT_ABI;
            }
        }
        return null;
    }

    private static void report(Class<?> c, String why) {
        if (REPORTED.add(c)) {
            LOG.log(System.Logger.Level.WARNING, "StreamFlex: new " + c.getName() + "(...) in filter code allocates on"
                    + " the heap, not in the filter's transient region: " + why + ". Recompile " + c.getSimpleName()
                    + " (and its superclasses) with the StreamFlex javac plugin, -Xplugin:StreamFlex, and the"
                    + " same StreamFlex version as the runtime");
        }
    }
}
