package org.streamflex.bench.streamit;

import java.util.ArrayList;
import java.util.List;

/**
 * System properties set (or cleared) for the length of a try-with-resources block, then restored:
 * the runtime reads its settings when a graph is built, so a test sets them around the
 * constructor.
 *
 * <pre>{@code
 * try (var _ = TemporaryProperties.set("streamflex.fusion", null).and("streamflex.rates.check", "true")) {
 *     graph = new FilterBankGraph();
 * }
 * }</pre>
 */
final class TemporaryProperties implements AutoCloseable {
    private final List<String> names = new ArrayList<>();
    private final List<String> saved = new ArrayList<>();

    private TemporaryProperties() {
    }

    /** Sets {@code name} to {@code value}, or clears it if {@code value} is null. */
    static TemporaryProperties set(String name, String value) {
        return new TemporaryProperties().and(name, value);
    }

    /** Sets one more property, restored with the others. */
    TemporaryProperties and(String name, String value) {
        names.add(name);
        saved.add(System.getProperty(name));
        if (value == null) {
            System.clearProperty(name);
        } else {
            System.setProperty(name, value);
        }
        return this;
    }

    @Override
    public void close() {
        for (int i = names.size() - 1; i >= 0; i--) {
            if (saved.get(i) == null) {
                System.clearProperty(names.get(i));
            } else {
                System.setProperty(names.get(i), saved.get(i));
            }
        }
    }
}
