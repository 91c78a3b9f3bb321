package org.streamflex.runtime.spacetime;

/**
 * A thread of a {@link RemoteSpaceTime}'s server space, joined from this JVM: the remote
 * counterpart of a {@link SpaceTimeThread}, with its virtual time and visibility kept by the
 * server, under the same rules.
 *
 * <pre>{@code
 * RemoteThread tracker = space.join("tracker", 0);
 * RemoteInput frames = tracker.attachInput("frames");
 * tracker.setVirtualTime(SpaceTime.INFINITY);   // it only inherits timestamps
 * }</pre>
 */
public final class RemoteThread {
    private final RemoteSpaceTime space;
    /** Every request of this connection's, one at a time: used again, so that none allocates a call. */
    private final RemoteCall call;
    private final long id;
    private final String name;
    private volatile long virtualTime;

    RemoteThread(RemoteSpaceTime space, long id, String name, long virtualTime) {
        this.call = space.newCall();
        this.space = space;
        this.id = id;
        this.name = name;
        this.virtualTime = virtualTime;
    }

    public String name() {
        return name;
    }

    /** The virtual time this thread last set (only this thread sets it, so no call is needed). */
    public long virtualTime() {
        return virtualTime;
    }

    /**
     * Sets the virtual time, as {@link SpaceTimeThread#setVirtualTime(long)}.
     *
     * @throws VirtualTimeException if it is below the thread's visibility
     */
    public void setVirtualTime(long newVirtualTime) {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.SET_VIRTUAL_TIME, 0, call.copying(), out -> out.writeLong(id)
                .writeLong(newVirtualTime)), null);
        virtualTime = newVirtualTime;
    }

    /**
     * An input connection to the server's channel published as {@code channel}.
     *
     * @throws IllegalArgumentException if the server publishes no channel of that name
     */
    public RemoteInput attachInput(String channel) {
        return new RemoteInput(space, attach(SpaceTimeWire.ATTACH_INPUT, channel), channel);
    }

    /**
     * An output connection to the server's channel published as {@code channel}.
     *
     * @throws IllegalArgumentException if the server publishes no channel of that name
     */
    public RemoteOutput attachOutput(String channel) {
        return new RemoteOutput(space, attach(SpaceTimeWire.ATTACH_OUTPUT, channel), channel);
    }

    /**
     * An input connection to the server's queue published as {@code queue}: a consumer, whose gets
     * share the queue's items with every other consumer, local and remote, each item got once.
     *
     * @throws IllegalArgumentException if the server publishes no queue of that name
     */
    public RemoteQueueInput attachQueueInput(String queue) {
        return new RemoteQueueInput(space, attach(SpaceTimeWire.ATTACH_QUEUE_INPUT, queue), queue);
    }

    /**
     * An output connection to the server's queue published as {@code queue}: a producer.
     *
     * @throws IllegalArgumentException if the server publishes no queue of that name
     */
    public RemoteQueueOutput attachQueueOutput(String queue) {
        return new RemoteQueueOutput(space, attach(SpaceTimeWire.ATTACH_QUEUE_OUTPUT, queue), queue);
    }

    /**
     * A connection to the server's register published as {@code register}: full if the register
     * was ever written, as a new local connection is, since it has read nothing yet.
     *
     * @throws IllegalArgumentException if the server publishes no register of that name
     */
    public RemoteRegisterConnection attachRegister(String register) {
        return new RemoteRegisterConnection(space, attach(SpaceTimeWire.ATTACH_REGISTER, register), register);
    }

    /** Detaches every connection and leaves the server's space, as {@link SpaceTimeThread#leave()}. */
    public void leave() {
        RemoteSpaceTime.raise(space.call(SpaceTimeWire.LEAVE, 0, call.copying(), out -> out.writeLong(id)), null);
    }

    private long attach(int op, String name) {
        return space.attach(id, op, name);
    }

    @Override
    public String toString() {
        return "remote thread " + name + " of " + space;
    }
}
