package org.streamflex;

/**
 * An exception escaped a filter's {@code work()} (or its {@code trigger()}); the graph stopped.
 *
 * <p>The original exception lived in the filter's transient memory, so it is not kept: this error
 * carries its class name, message and stack trace instead. Nothing the failed {@code work()} put
 * was published and its takes were undone. Java code learns about it from
 * {@link StreamFlexGraph#awaitTermination(long, java.util.concurrent.TimeUnit)} or
 * {@link StreamFlexGraph#failure()}:
 * <pre>{@code
 * graph.start();
 * try {
 *     graph.awaitTermination(10, TimeUnit.SECONDS);
 * } catch (BoundaryError e) {
 *     log.error("filter {} failed: {}", e.filterClassName(), e.causeClassName());
 * }
 * }</pre>
 */
public class BoundaryError extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    private final String filterClassName;
    private final String causeClassName;
    private final String causeMessage;

    public BoundaryError(String filterClassName, Throwable cause) {
        this(filterClassName, "work()", cause);
    }

    /**
     * @param method what threw: {@code "work()"}, {@code "trigger()"}, or the release that failed
     */
    public BoundaryError(String filterClassName, String method, Throwable cause) {
        super(describe(filterClassName, method, cause), true);
        this.filterClassName = filterClassName;
        this.causeClassName = cause.getClass().getName();
        this.causeMessage = cause.getMessage();
        setStackTrace(cause.getStackTrace());
    }

    /** The class of the filter whose {@code work()} threw. */
    public String filterClassName() {
        return filterClassName;
    }

    /** The class name of the exception that escaped {@code work()}. */
    public String causeClassName() {
        return causeClassName;
    }

    /** The message of the exception that escaped {@code work()}, or null if it had none. */
    public String causeMessage() {
        return causeMessage;
    }

    private static String describe(String filterClassName, String method, Throwable cause) {
        String message = cause.getMessage();
        return method + " of filter " + filterClassName + " threw " + cause.getClass().getName()
                + (message == null ? "" : ": " + message)
                + "; the graph stopped and nothing that work() put was published";
    }
}
