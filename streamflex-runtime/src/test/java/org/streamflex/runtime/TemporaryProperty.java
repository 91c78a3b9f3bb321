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

    @Override
    public void close() {
        if (saved == null) {
            System.clearProperty(name);
        } else {
            System.setProperty(name, saved);
        }
    }
}
