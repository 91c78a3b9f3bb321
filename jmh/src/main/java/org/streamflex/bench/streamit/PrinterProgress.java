package org.streamflex.bench.streamit;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * How far a {@link FloatPrinter} has got, read from a thread other than the one running it: a
 * harness measuring a started graph reads the count while a worker thread writes it.
 */
public final class PrinterProgress {
    /**
     * The printer's count, read opaquely. The worker writes it as a plain field, since a volatile
     * write per value would slow the program being measured; an opaque read is still a fresh read
     * each time (never hoisted or cached), and a 64-bit JVM writes a long whole.
     */
    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.privateLookupIn(FloatPrinter.class, MethodHandles.lookup())
                    .findVarHandle(FloatPrinter.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private PrinterProgress() {
    }

    /**
     * Values {@code printer} has received so far, as its worker last wrote the count: what it was
     * at some moment since the graph started. Reads from one thread never go backwards.
     */
    public static long count(FloatPrinter printer) {
        return (long) COUNT.getOpaque(printer);
    }
}
