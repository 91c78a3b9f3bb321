package org.streamflex.runtime.graph;

import java.util.List;
import org.streamflex.Clock;
import org.streamflex.Filter;
import org.streamflex.runtime.channel.TimeSlot;
import org.streamflex.runtime.clock.RuntimeClock;

/**
 * The clocks of one graph and what each releases: {@code makeClock}, and {@code connect(clock,
 * filter, field)}, which gives the filter's time channel a slot the clock writes (a hidden one if
 * the filter declares no time channel, so that its default trigger still sees the tick).
 */
final class ClockLinks {
    private final GraphModel model;

    ClockLinks(GraphModel model) {
        this.model = model;
    }

    Clock makeClock(int periodMicros) {
        RuntimeClock clock = new RuntimeClock(model.clocks.size(), periodMicros);
        if (periodMicros < 0) {
            model.problems.add("clock " + clock.index() + " has unsupported period " + periodMicros
                    + " us: use 0 (free-running) or a positive number of microseconds");
        }
        model.clocks.add(clock);
        return clock;
    }

    /**
     * Makes {@code clock} write a time channel of {@code target}.
     *
     * @param targetField the time channel field, or null to choose the filter's only one
     */
    void connect(Clock clock, Filter target, String targetField) {
        RuntimeClock rc = model.clockOf(clock);
        if (rc == null) {
            model.problems.add("a clock passed to connect was not made by this graph: use this graph's makeClock");
            return;
        }
        FilterWiring dst = model.wiringOf(target);
        if (dst == null) {
            return;
        }
        if (rc.target() != null) {
            model.problems.add(rc + " is already connected to " + rc.target().filterName()
                    + ": a clock releases one filter; make another clock");
            return;
        }
        ChannelField field;
        if (targetField != null) {
            field = dst.fields.get(targetField);
            if (field == null) {
                model.problems.add(ConnectHints.noSuchField(dst, targetField));
                return;
            }
            if (field.kind != ChannelKind.TIME) {
                model.problems.add(field.describe() + " is not a time channel: connect a clock to a TimeChannel field");
                return;
            }
            if (field.claimed) {
                model.problems.add(field.describe() + " is already connected; each channel field takes one connect");
                return;
            }
        } else {
            List<ChannelField> free = dst.free(true);
            if (free.size() > 1) {
                model.problems.add("cannot choose the time channel of " + dst.name + " among "
                        + free.stream().map(ChannelField::name).toList() + ": name it, as in connect(clock, "
                        + ConnectHints.variable(dst) + ", \"" + free.getFirst().name() + "\")");
                return;
            }
            field = free.isEmpty() ? null : free.getFirst();
        }
        TimeSlot slot = new TimeSlot(rc + " -> " + dst.name + (field == null ? "" : "." + field.name()));
        if (field != null) {
            field.claimed = true;
            field.inject(target, slot);
        }
        dst.timers.add(slot);
        rc.bind(dst.task, slot);
    }
}
