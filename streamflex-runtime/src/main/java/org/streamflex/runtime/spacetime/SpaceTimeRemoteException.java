package org.streamflex.runtime.spacetime;

/**
 * A remote space-time call that could not complete: the connection to the {@link SpaceTimeServer}
 * is closed or broke, the server did not answer in time, or it refused the request as malformed.
 * After a lost connection the server has made the client's threads leave its space: join again on
 * a new {@link RemoteSpaceTime}.
 */
public final class SpaceTimeRemoteException extends SpaceTimeException {
    private static final long serialVersionUID = 1L;

    SpaceTimeRemoteException(String message) {
        super(message);
    }
}
