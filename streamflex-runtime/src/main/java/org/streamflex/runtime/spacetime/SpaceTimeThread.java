package org.streamflex.runtime.spacetime;

import java.util.ArrayList;
import java.util.List;

/**
 * A thread of the paper (section IV-D): a virtual time and the connections made through it. One
 * Java thread uses it at a time; every call takes the space's lock.
 *
 * <p>Its <em>visibility</em> is the least of its virtual time and the timestamps of the items it
 * holds open (gotten, not consumed) on its input connections. A put's timestamp, a new virtual
 * time and a child's virtual time must each be at least the visibility
 * ({@link VirtualTimeException} otherwise); a new input connection starts with every item below
 * the visibility consumed. A source thread must keep advancing its virtual time, or nothing is
 * collected; a thread that only inherits timestamps sets it to {@link SpaceTime#INFINITY}.
 *
 * <pre>{@code
 * SpaceTimeThread digitizer = space.join("digitizer", 0);
 * OutputConnection out = digitizer.attachOutput(frames);
 * for (long frame = 0; running; frame++) {
 *     out.put(frame, grab());
 *     digitizer.setVirtualTime(frame + 1);
 * }
 * digitizer.leave();
 * }</pre>
 */
public final class SpaceTimeThread {
    private final SpaceTime space;
    private final String name;
    private long virtualTime;
    private boolean left;
    private final List<InputConnection> inputs = new ArrayList<>();
    private final List<QueueInput> queueInputs = new ArrayList<>();
    private final List<OutputConnection> outputs = new ArrayList<>();
    private final List<QueueOutput> queueOutputs = new ArrayList<>();

    SpaceTimeThread(SpaceTime space, String name, long virtualTime) {
        this.space = space;
        this.name = name;
        this.virtualTime = virtualTime;
    }

    public String name() {
        return name;
    }

    public long virtualTime() {
        space.lock.lock();
        try {
            return virtualTime;
        } finally {
            space.lock.unlock();
        }
    }

    /** The least of the virtual time and the timestamps of the items open on its input connections. */
    public long visibility() {
        space.lock.lock();
        try {
            return visibilityLocked();
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * Moves the virtual time, up or down, to any value at or above the visibility.
     *
     * @throws VirtualTimeException if {@code newVirtualTime} is below the visibility
     */
    public void setVirtualTime(long newVirtualTime) {
        space.lock.lock();
        try {
            checkJoined();
            long v = visibilityLocked();
            if (newVirtualTime < v) {
                throw new VirtualTimeException("thread " + name + " cannot set its virtual time to " + newVirtualTime
                        + ": it must be at least its visibility, " + v + " (virtual time " + virtualTime
                        + ", or the oldest item it holds open); consume its open items first");
            }
            virtualTime = newVirtualTime;
            space.collect();
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * A child thread at {@code childVirtualTime}, which must be at least this thread's visibility.
     *
     * @throws VirtualTimeException if it is below
     */
    public SpaceTimeThread spawn(String childName, long childVirtualTime) {
        space.lock.lock();
        try {
            checkJoined();
            long v = visibilityLocked();
            if (childVirtualTime < v) {
                throw new VirtualTimeException("thread " + name + " cannot start child " + childName
                        + " at virtual time " + childVirtualTime + ": a child starts at or above its parent's"
                        + " visibility, " + v);
            }
            return space.join(childName, childVirtualTime);
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * An input connection to {@code channel}; every item now in it below this thread's visibility
     * starts consumed on it (the paper's rule: at {@link SpaceTime#INFINITY}, every item now in it).
     */
    public InputConnection attachInput(SpaceTimeChannel channel) {
        space.lock.lock();
        try {
            checkJoined();
            InputConnection c = channel.attachInput(this, visibilityLocked());
            inputs.add(c);
            return c;
        } finally {
            space.lock.unlock();
        }
    }

    public OutputConnection attachOutput(SpaceTimeChannel channel) {
        space.lock.lock();
        try {
            checkJoined();
            OutputConnection c = new OutputConnection(space, channel, this);
            outputs.add(c);
            return c;
        } finally {
            space.lock.unlock();
        }
    }

    public QueueInput attachInput(SpaceTimeQueue queue) {
        space.lock.lock();
        try {
            checkJoined();
            QueueInput c = new QueueInput(space, queue, this);
            queueInputs.add(c);
            return c;
        } finally {
            space.lock.unlock();
        }
    }

    public QueueOutput attachOutput(SpaceTimeQueue queue) {
        space.lock.lock();
        try {
            checkJoined();
            QueueOutput c = new QueueOutput(space, queue, this);
            queueOutputs.add(c);
            return c;
        } finally {
            space.lock.unlock();
        }
    }

    public RegisterConnection attach(SpaceTimeRegister register) {
        space.lock.lock();
        try {
            checkJoined();
            return new RegisterConnection(space, register, this);
        } finally {
            space.lock.unlock();
        }
    }

    /**
     * Detaches every connection and leaves the space: its virtual time no longer holds the
     * collector back.
     *
     * @throws SpaceTimeStateException if a queue input still holds items open (consume them first)
     */
    public void leave() {
        space.lock.lock();
        try {
            if (left) {
                return;
            }
            for (QueueInput q : queueInputs) {
                q.checkNothingOpen();
            }
            new ArrayList<>(inputs).forEach(InputConnection::detachLocked);
            new ArrayList<>(queueInputs).forEach(QueueInput::detachLocked);
            outputs.forEach(OutputConnection::detachLocked);
            queueOutputs.forEach(QueueOutput::detachLocked);
            left = true;
            space.removeThread(this);
            space.collect();
        } finally {
            space.lock.unlock();
        }
    }

    // ---------------------------------------------------------------- under the lock

    long virtualTimeLocked() {
        return virtualTime;
    }

    long visibilityLocked() {
        return visibilityWith(virtualTime);
    }

    /** The visibility the thread would have at {@code virtualTime}: a filter's virtual time set in its work(). */
    long visibilityWith(long virtualTimeThen) {
        long v = virtualTimeThen;
        for (InputConnection c : inputs) {
            v = Math.min(v, c.minOpen());
        }
        for (QueueInput c : queueInputs) {
            v = Math.min(v, c.minOpen());
        }
        return v;
    }

    /** Whether the thread left the space; under the lock. */
    boolean leftLocked() {
        return left;
    }

    void checkJoined() {
        space.checkOpen();
        if (left) {
            throw new SpaceTimeStateException("thread " + name + " was used after it left the space");
        }
    }

    void removeInput(InputConnection c) {
        inputs.remove(c);
    }

    void removeInput(QueueInput c) {
        queueInputs.remove(c);
    }

    @Override
    public String toString() {
        return name;
    }
}
