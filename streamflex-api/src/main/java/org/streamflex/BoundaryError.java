package org.streamflex;

/**
 * An exception escaped a filter's {@code work()} (or its {@code trigger()}). Under the default
 * {@link FailurePolicy#STOP_GRAPH} the graph stopped; under {@link FailurePolicy#skip(long)} the
 * release was skipped, or, past the limit, the graph stopped and the message says so. The message
 * always says which.
 *
 * <p>The original exception lived in the filter's transient memory, so it is not kept: this error
 * carries its class name, message and stack trace instead. Nothing the failed {@code work()} put
 * was published; its takes were undone (stopped) or discarded (skipped). Every failure is logged
 * (logger {@code org.streamflex.runtime}) and passed to the graph's {@link FailureListener}s. Java
 * code learns that the graph stopped from
 * {@link StreamFlexGraph#awaitTermination(long, java.util.concurrent.TimeUnit)} or
 * {@link StreamFlexGraph#failure()}:
 * <pre>{@code
 * graph.start();
 * try {
 *     graph.awaitTermination(10, TimeUnit.SECONDS);
 * } catch (BoundaryError e) {
 *     log.error("filter {} failed: {}", e.filterName(), e.causeClassName());   // "Sink#2", ...
 * }
 * }</pre>
 */
public class BoundaryError extends StreamFlexError {
    private static final long serialVersionUID = 1L;

    /** The consequence of a failure that stops the graph, as the message says it. */
    private static final String STOPPED = "the graph stopped and nothing that work() put was published";

    private final String filterName;
    private final String filterClassName;
    private final String causeClassName;
    private final String causeMessage;

    /**
     * @param filterName the filter's instance name in its graph ({@code "Sink#2"})
     * @param filterClassName the filter's class
     * @param method what threw: {@code "work()"}, {@code "trigger()"}, or the release that failed
     */
    @SuppressWarnings("this-escape") // setStackTrace is Throwable's: it reads nothing a subclass initializes
    public BoundaryError(String filterName, String filterClassName, String method, Throwable cause) {
        this(filterName, filterClassName, method, cause, STOPPED);
    }

    /**
     * As {@link #BoundaryError(String, String, String, Throwable)}, saying what followed.
     *
     * @param consequence the end of the message, after the cause: what the graph did about it
     *     ({@code "the graph stopped and nothing that work() put was published"})
     */
    @SuppressWarnings("this-escape") // as above
    public BoundaryError(String filterName, String filterClassName, String method, Throwable cause,
            String consequence) {
        super(describe(filterName, filterClassName, method, cause) + "; " + consequence, true);
        this.filterName = filterName;
        this.filterClassName = filterClassName;
        this.causeClassName = cause.getClass().getName();
        this.causeMessage = cause.getMessage();
        setStackTrace(cause.getStackTrace());
    }

    /** The instance name of the filter that failed, as its graph names it ({@code "Sink#2"}). */
    public String filterName() {
        return filterName;
    }

    /** The class of the filter that failed. */
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

    private static String describe(String filterName, String filterClassName, String method, Throwable cause) {
        String message = cause.getMessage();
        return method + " of filter " + filterName + " (" + filterClassName + ") threw " + cause.getClass().getName()
                + (message == null ? "" : ": " + message);
    }
}
