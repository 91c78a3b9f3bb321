package org.streamflex.runtime.channel;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;
import org.streamflex.ChannelUnderflowException;

/**
 * A clock delivers two ticks while the filter runs a {@code work()} on another thread: every tick
 * is either seen by a {@code work()} or counted as missed, never lost, and a tick seen carries the
 * time the clock wrote with it (the release store of {@code full} orders {@code time}).
 */
@JCStressTest
@Outcome(id = "2, 0", expect = ACCEPTABLE, desc = "every tick accounted for, each seen with its own time")
@Outcome(id = "2, 1", expect = FORBIDDEN, desc = "a tick was seen without the time written with it")
@Outcome(id = "[013-9], .*", expect = FORBIDDEN, desc = "a tick was lost or counted twice")
@State
public class TimeSlotDeliveryTest {
    private final TimeSlot slot = new TimeSlot("clock 0 -> Filter.timer");
    private int seen;
    private int missed;
    private boolean wrongTime;

    @Actor
    public void clock() {
        slot.write(10, 0);
        slot.write(20, 0);
    }

    @Actor
    public void filter() {
        work();
    }

    @Arbiter
    public void after(II_Result r) {
        work(); // the next release's work() sees what is left
        r.r1 = seen + missed;
        r.r2 = wrongTime ? 1 : 0;
    }

    private void work() {
        slot.begin();
        try {
            long time = slot.getTime();
            seen++;
            wrongTime |= time != 10 && time != 20;
        } catch (ChannelUnderflowException e) {
            // no tick when this work() began: a later one sees it
        }
        missed += slot.missedDeadlines();
        slot.end();
    }
}
