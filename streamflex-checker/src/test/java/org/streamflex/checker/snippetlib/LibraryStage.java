package org.streamflex.checker.snippetlib;

import org.streamflex.Filter;
import org.streamflex.IntChannel;

/**
 * A filter base class on the snippets' class path, as a library compiled elsewhere offers one: its
 * code is a class file to the checker, which cannot prove what {@link #work()} or {@link #next(int)}
 * write.
 */
public abstract class LibraryStage extends Filter {
    private IntChannel in;
    private IntChannel out;
    private int seen;

    @Override
    public void work() {
        out.put(next(in.take()));
    }

    /** What work() puts for an item taken; counts the items on the way, as a stateful filter may. */
    protected int next(int v) {
        seen++;
        return v + seen;
    }
}
