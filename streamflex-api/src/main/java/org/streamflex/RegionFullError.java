package org.streamflex;

/**
 * A filter's region had no room for an allocation. It is thrown inside {@code work()}, so it stops
 * the graph as a {@link BoundaryError} whose cause names this error; give the filter a larger
 * region or allocate less per release:
 * <pre>{@code
 * Sampler sampler = makeFilter(Sampler.class, 64 * 1024, 4 * 1024 * 1024);  // 4 MiB transient
 * }</pre>
 */
public class RegionFullError extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    public RegionFullError(String message) {
        super(message);
    }
}
