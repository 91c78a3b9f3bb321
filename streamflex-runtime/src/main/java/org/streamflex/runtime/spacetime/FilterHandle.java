package org.streamflex.runtime.spacetime;

/**
 * What every space-time handle of a filter holds besides its local connection: its channel's,
 * queue's or register's name, and, bound to a server's space ({@link RemoteSpaceTimeFilters}), the
 * filter's {@link RemoteFilterThread} and the connection's number there.
 *
 * <pre>{@code
 * if (remote != null) { return remote.get(remoteConnection, name, selector, timestamp); }
 * }</pre>
 */
abstract class FilterHandle {
    /** The filter's thread in a server's space, or null when bound to this JVM's. */
    final RemoteFilterThread remote;
    /** The connection's number on the server. */
    final long remoteConnection;
    final String name;

    /** A handle bound to this JVM's space. */
    FilterHandle(String name) {
        this(null, 0, name);
    }

    /** A handle bound to a server's space. */
    FilterHandle(RemoteFilterThread remote, long remoteConnection, String name) {
        this.remote = remote;
        this.remoteConnection = remoteConnection;
        this.name = name;
    }
}
