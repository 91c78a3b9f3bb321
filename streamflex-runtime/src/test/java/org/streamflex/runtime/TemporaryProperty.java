package org.streamflex.runtime;

/**
 * A system property set for the length of a try-with-resources block, then restored:
 * <pre>{@code
 * try (var _ = TemporaryProperty.set("streamflex.regions", "false")) {
 *     graph = new MyGraph();
 * }
 * }</pre>
 */
public final class TemporaryProperty implements AutoCloseable {
    private final String name;
    private final String saved;

    private TemporaryProperty(String name, String value) {
        this.name = name;
        this.saved = System.getProperty(name);
        System.setProperty(name, value);
    }

    public static TemporaryProperty set(String name, String value) {
        return new TemporaryProperty(name, value);
    }

    /**
     * Several properties ({@code name, value, name, value, ...}) set at once, restored in reverse
     * order by one close: {@code try (var _ = TemporaryProperty.setAll("a", "1", "b", "2")) {...}}.
     */
    public static Several setAll(String... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values in pairs, got " + namesAndValues.length + " strings");
        }
        TemporaryProperty[] set = new TemporaryProperty[namesAndValues.length / 2];
        for (int p = 0; p < set.length; p++) {
            set[p] = new TemporaryProperty(namesAndValues[2 * p], namesAndValues[2 * p + 1]);
        }
        return new Several(set);
    }

    /** Properties set together by {@link #setAll}. */
    public static final class Several implements AutoCloseable {
        private final TemporaryProperty[] set;

        private Several(TemporaryProperty[] set) {
            this.set = set;
        }

        @Override
        public void close() {
            for (int p = set.length - 1; p >= 0; p--) {
                set[p].close();
            }
        }
    }

    @Override
    public void close() {
        if (saved == null) {
            System.clearProperty(name);
        } else {
            System.setProperty(name, saved);
        }
    }
}
