package org.streamflex.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import org.streamflex.runtime.channel.LosslessRingTest.Token;

/** {@link SharedRing}'s references across untake, on the rollback and commit that {@link ReferenceRing} runs. */
class SharedRingTest {
    /** A ring holding {@code first}, published: the channel holds one reference to it. */
    private static SharedRing holding(Token first) {
        SharedRing ring = new SharedRing(2, "values", Token.class);
        ring.put(first);
        ring.publishPuts();
        return ring;
    }

    @Test
    void untakesOfOtherValuesInOneSlotAreUndoneNewestFirstOnRollback() {
        Token first = new Token(0);
        Token second = new Token(1);
        Token third = new Token(2);
        SharedRing ring = holding(first);
        assertSame(first, ring.take());
        ring.untake(second);
        assertSame(second, ring.take());
        ring.untake(third);   // the same slot again: second is replaced in it
        assertEquals(2, second.references());
        assertEquals(2, third.references());

        ring.rollbackTakes();

        assertEquals(1, third.references(), "third's untake gave its reference back");
        assertEquals(1, second.references(), "second's untake gave its reference back, once");
        assertEquals(2, first.references(), "the slot holds first again, with the channel's reference");
        assertSame(first, ring.take());
    }

    @Test
    void anUntakeOfAnotherValueKeepsItAndReleasesTheReplacedOneOnCommit() {
        Token first = new Token(0);
        Token replaced = new Token(1);
        Token second = new Token(2);
        SharedRing ring = holding(first);
        ring.put(replaced);
        ring.publishPuts();
        ring.take();
        ring.take();
        ring.untake(second);   // in replaced's slot

        ring.publishTakes();

        assertEquals(1, first.references(), "the taken value's reference is released");
        assertEquals(1, replaced.references(), "the reference to the value untake replaced is released");
        assertEquals(2, second.references(), "the channel holds the untaken value");
        assertSame(second, ring.take());
    }

    @Test
    void anUntakeCommittedWithNoNetTakeIsNotUndoneByALaterRollback() {
        Token first = new Token(0);
        Token second = new Token(1);
        SharedRing ring = holding(first);
        assertSame(first, ring.take());
        ring.untake(second);
        ring.publishTakes(); // no net take: the head stays, the slot holds second
        assertSame(second, ring.take());

        ring.rollbackTakes();

        assertSame(second, ring.take(), "the committed untake's value, not the one it replaced");
        assertEquals(2, second.references(), "the channel holds second");
    }
}
