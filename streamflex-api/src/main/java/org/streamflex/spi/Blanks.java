package org.streamflex.spi;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Makes blank instances of woven classes through the {@code (Blank)} constructor the weaver added,
 * one cached constructor handle per class.
 */
public final class Blanks {
    private static final ClassValue<MethodHandle> CONSTRUCTORS = new ClassValue<>() {
        @Override
        protected MethodHandle computeValue(Class<?> type) {
            try {
                MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
                return lookup.findConstructor(type, MethodType.methodType(void.class, Blank.class))
                        .asType(MethodType.methodType(Object.class, Blank.class));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(type.getName() + " was not woven for recycling: " + e, e);
            }
        }
    };

    private Blanks() {
    }

    /** A new instance of a woven class with every field zero; no constructor code has run. */
    public static Object make(Class<?> type) {
        try {
            return CONSTRUCTORS.get(type).invokeExact((Blank) null);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
