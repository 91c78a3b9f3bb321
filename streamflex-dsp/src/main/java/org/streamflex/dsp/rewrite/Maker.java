package org.streamflex.dsp.rewrite;

import org.streamflex.Filter;

/** What lowering may do to the graph being built: make filters of library or user classes. */
@FunctionalInterface
public interface Maker {
    /** Makes a filter of {@code type}, named after {@code base} ({@code base}, then {@code base#2}, ...). */
    <F extends Filter> F make(String base, Class<F> type);
}
