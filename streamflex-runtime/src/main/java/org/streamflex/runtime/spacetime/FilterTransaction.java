package org.streamflex.runtime.spacetime;

/**
 * A {@link SpaceTimeFilter}'s space-time thread as its {@code work()} sees it: a transaction begun
 * before {@code process()}, made when it returns, dropped when it throws. {@link FilterThread} is
 * one in this JVM's space, {@link RemoteFilterThread} one in a server's.
 *
 * <pre>{@code
 * t.begin();
 * process();      // the handles stage their operations on t
 * t.commit();     // or t.undo() if process() threw
 * }</pre>
 */
interface FilterTransaction {
    /** The filter's name in the space, as {@code Camera#1}. */
    String filterName();

    /** A {@code work()} begins. */
    void begin();

    /** The {@code work()} returned: its staged operations are made, in one step. */
    void commit();

    /** The {@code work()} threw: its staged operations are dropped and its gets undone. Never throws. */
    void undo();
}
