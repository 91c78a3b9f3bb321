package org.streamflex.runtime.schedule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Who runs a filter that several clock threads can reach. A thread that finds the filter busy
 * leaves a note ({@code PENDING}) instead of waiting; the running thread sees the note when it
 * tries to leave and evaluates the trigger again, so no release is lost and the filter never runs
 * on two threads at once. Only the owner moves the state down (PENDING to RUNNING, RUNNING to
 * IDLE); others only move it up (IDLE to RUNNING, RUNNING to PENDING).
 */
final class RunState {
    private static final int IDLE = 0;
    private static final int RUNNING = 1;
    private static final int PENDING = 2;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(RunState.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;

    /** Returns true if the caller now owns the filter; false if it left a note for the owner. */
    boolean enter() {
        for (;;) {
            int s = state;
            if (s == IDLE) {
                if (STATE.compareAndSet(this, IDLE, RUNNING)) {
                    return true;
                }
            } else if (s == PENDING || STATE.compareAndSet(this, RUNNING, PENDING)) {
                return false;
            }
        }
    }

    /** Returns true if the owner left; false if a note arrived and it must look again. */
    boolean exit() {
        if (STATE.compareAndSet(this, RUNNING, IDLE)) {
            return true;
        }
        state = RUNNING;
        return false;
    }

    /** After a failure: nobody owns the filter any more. */
    void abandon() {
        state = IDLE;
    }
}
