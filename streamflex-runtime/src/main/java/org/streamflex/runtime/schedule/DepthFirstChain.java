package org.streamflex.runtime.schedule;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.streamflex.DataChannel;
import org.streamflex.Filter;
import org.streamflex.abi.RegionSlot;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.channel.Channels;
import org.streamflex.runtime.channel.LongRing;
import org.streamflex.runtime.channel.OneSlot;
import org.streamflex.runtime.channel.RingBacked;
import org.streamflex.runtime.channel.SpscRing;

/**
 * Consecutive filters of a {@link FusedTask} that each take one item and put one per
 * {@code work()}, each feeding the next, run depth first: one item at a time from the first filter
 * to the last, the channels between them one-slot channels ({@code SlotIntChannel} and kin), the
 * loop generated per chain so that the JIT inlines every {@code work()} into one loop body
 * ({@link DepthFirstLoops}). StreamIt's fused code runs a pipeline of identity filters the same way.
 *
 * <p>A run takes as many items as the first filter's input holds and the last filter's outputs
 * have room for (up to {@link FusedMember#ITERATIONS_PER_BATCH} iterations' worth). Each filter's
 * work() calls of a run are one transaction over its rings (the first filter's input, the last
 * one's outputs), as a batch's are; the one-slot channels need none, and after the run each link's
 * ring counts the items that went through it ({@link SpscRing#countPassedThrough}), so every
 * channel's counters read as unfused.
 *
 * <p><b>A failure.</b> When filter {@code m} throws on item {@code i}, the filters before it have
 * run items 0 to {@code i}, the filters after it items 0 to {@code i - 1}, and those work() calls
 * are committed: what the unfused graph, one work() at a time, would have done. The failed work()
 * alone is undone: its put dropped, its take given back (the graph stops, and the item stays in its
 * channel) or, under a skip policy, discarded and counted in {@code discardedCount}.
 *
 * <pre>{@code
 * DepthFirstChain chain = DepthFirstChain.of(List.of(pass1, pass2, sink));   // null if they do not chain
 * int result = chain.run(slot);   // FIRED | TOOK, with MORE if the cap or the room stopped it
 * }</pre>
 */
final class DepthFirstChain extends FusedStep {
    private final FusedMember[] members;
    private final Filter[] filters;
    private final FilterTask[] tasks;
    /** The first filter's input ring, which the chain takes from, and the one slot it hands the filter each item in. */
    private final LongRing in;
    private final OneSlot head;
    /** The last filter's outputs, with the items each work() puts on each. */
    private final SpscRing[] outs;
    private final int[] pushes;
    /** Link {@code e} joins filter {@code e} to filter {@code e + 1}: its ring and its one slot. */
    private final SpscRing[] links;
    private final OneSlot[] slots;
    private final long cap;
    private final DepthFirstLoop loop;
    private final ChainScope scope;
    /** Whether the last run stopped for want of input. */
    private boolean inputBound;
    /** Set by {@link #failed} for the run it ends when the graph goes on; read and cleared by {@link #run}. */
    private boolean failedRun;
    private RegionSlot slot;

    private DepthFirstChain(List<FusedMember> chain, OneSlot head, OneSlot[] slots, DepthFirstLoop loop) {
        this.members = chain.toArray(FusedMember[]::new);
        this.filters = new Filter[members.length];
        this.tasks = new FilterTask[members.length];
        long least = Long.MAX_VALUE;
        for (int m = 0; m < members.length; m++) {
            tasks[m] = members[m].task();
            filters[m] = tasks[m].filter();
            least = Math.min(least, members[m].cap());
        }
        this.cap = least;
        this.in = (LongRing) members[0].inputs()[0];
        this.head = head;
        FusedMember last = members[members.length - 1];
        this.outs = last.outputs();
        this.pushes = last.pushes();
        this.links = new SpscRing[members.length - 1];
        for (int e = 0; e < links.length; e++) {
            links[e] = members[e].outputs()[0];
        }
        this.slots = slots.clone();
        this.loop = loop;
        this.scope = new ChainScope(tasks);
    }

    /**
     * The longest chain from {@code members.get(from)} on: the filters, in order, that each take one
     * item and put one per work(), each on a confined ring to the next, none checked after each
     * work() (rates checked in the debug mode, {@code @Atomic} methods); the last may put any number
     * on outputs that drop when full. Rebinds the channel fields between them to one-slot channels.
     *
     * @return the number of members it covers (at least 2), with the chain in {@code made[0]}; or 0
     *     if {@code members.get(from)} starts no chain
     */
    static int chainFrom(List<FusedMember> members, int from, DepthFirstChain[] made, boolean generate) {
        // Only the filter's own fields are rebound: fields are found before any is set.
        int end = from;
        while (end + 1 < members.size() && linked(members.get(end), members.get(end + 1))) {
            end++;
        }
        if (!takesOne(members.get(from))) {
            return 0;
        }
        // The last filter's puts are undone in part after a failure: its outputs must not spill.
        while (end > from && hasLossless(members.get(end).outputs())) {
            end--;
        }
        if (end == from) {
            return 0;
        }
        List<FusedMember> chain = members.subList(from, end + 1);
        Filter first = chain.get(0).task().filter();
        Field headField = fieldOn(first, chain.get(0).inputs()[0]);
        if (!(chain.get(0).inputs()[0] instanceof LongRing) || headField == null) {
            return 0;
        }
        RateProof[] proofs = new RateProof[chain.size()];
        boolean[] quiet = new boolean[chain.size()];
        for (int m = 0; m < proofs.length; m++) {
            proofs[m] = RateProof.of(chain.get(m).task().filter().getClass());
            quiet[m] = proofs[m].callsOnlyChannels();
        }
        boolean headTrusted = takesOnce(proofs[0], headField, first);
        DataChannel headSlot = Channels.oneSlot((DataChannel) get(headField, first), headTrusted);
        set(headField, first, headSlot);
        OneSlot[] slots = new OneSlot[chain.size() - 1];
        for (int e = 0; e < slots.length; e++) {
            FusedMember producer = chain.get(e);
            FusedMember consumer = chain.get(e + 1);
            SpscRing ring = producer.outputs()[0];
            Field out = fieldOn(producer.task().filter(), ring);
            Field inField = fieldOn(consumer.task().filter(), ring);
            DataChannel onRing = (DataChannel) get(out, producer.task().filter());
            boolean trusted = putsOnce(proofs[e], out, producer.task().filter())
                    && takesOnce(proofs[e + 1], inField, consumer.task().filter());
            DataChannel oneSlot = Channels.oneSlot(onRing, trusted);
            set(out, producer.task().filter(), oneSlot);
            set(inField, consumer.task().filter(), oneSlot);
            slots[e] = (OneSlot) oneSlot;
        }
        List<Class<? extends Filter>> classes = new ArrayList<>(chain.size());
        for (FusedMember member : chain) {
            classes.add(member.task().filter().getClass());
        }
        DepthFirstLoop loop = generate ? DepthFirstLoops.loopFor(classes, ((OneSlot) headSlot).getClass(), quiet)
                : new DepthFirstLoop.Plain();
        made[0] = new DepthFirstChain(chain, (OneSlot) headSlot, slots, loop);
        return chain.size();
    }

    /** Whether {@code filter}'s code was proven to take one item from its own {@code field} per work(), put none. */
    private static boolean takesOnce(RateProof proof, Field field, Filter filter) {
        return field.getDeclaringClass() == filter.getClass() && proof.takes(field) == 1 && proof.puts(field) == 0;
    }

    /** Whether {@code filter}'s code was proven to put one item on {@code field}, its own, per work() and take none. */
    private static boolean putsOnce(RateProof proof, Field field, Filter filter) {
        return field.getDeclaringClass() == filter.getClass() && proof.puts(field) == 1 && proof.takes(field) == 0;
    }

    /** Whether {@code a}'s one output is {@code b}'s one input, a ring both run on this thread, one item per work(). */
    private static boolean linked(FusedMember a, FusedMember b) {
        if (!takesOne(a) || !takesOne(b) || !sameRegions(a, b) || a.outputs().length != 1 || a.pushes()[0] != 1) {
            return false;
        }
        SpscRing ring = a.outputs()[0];
        // A ring is equal only to itself.
        return ring.equals(b.inputs()[0]) && ring instanceof LongRing && ring.confined() && !ring.lossless()
                && fieldOn(a.task().filter(), ring) != null && fieldOn(b.task().filter(), ring) != null;
    }

    /** A member in batches, with no replicas, that takes one item per work() from one input and looks at no more. */
    private static boolean takesOne(FusedMember m) {
        return m.batched() && m.replicas() == 1 && !m.builtin() && m.inputs().length == 1 && m.pops()[0] == 1
                && m.windows()[0] == 1 && m.task().chainable();
    }

    /** Whether both have a transient region or neither: the chain's scope names one for all ({@link ChainScope}). */
    private static boolean sameRegions(FusedMember a, FusedMember b) {
        return (a.task().transientRegion() == null) == (b.task().transientRegion() == null);
    }

    private static boolean hasLossless(SpscRing[] rings) {
        for (SpscRing r : rings) {
            if (r.lossless()) {
                return true;
            }
        }
        return false;
    }

    /** The field of {@code filter} holding a primitive channel on {@code ring}, or null. */
    private static Field fieldOn(Filter filter, SpscRing ring) {
        for (Class<?> c = filter.getClass(); c != Filter.class && c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (DataChannel.class.isAssignableFrom(f.getType()) && !java.lang.reflect.Modifier.isStatic(
                        f.getModifiers()) && get(f, filter) instanceof RingBacked b && b.ring().equals(ring)) {
                    return f;
                }
            }
        }
        return null;
    }

    private static Object get(Field f, Filter filter) {
        try {
            f.setAccessible(true);
            return f.get(filter);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static void set(Field f, Filter filter, Object value) {
        try {
            f.setAccessible(true);
            f.set(filter, value);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot rebind " + f + " of " + filter.getClass().getName() + ": " + e, e);
        }
    }

    /** Its filters' tasks, in order. */
    List<FilterTask> tasks() {
        return List.of(tasks);
    }

    @Override
    int run(RegionSlot regionSlot) {
        int n = runnable();
        int more = inputBound ? 0 : MORE;
        if (n == 0) {
            return more;
        }
        for (FilterTask t : tasks) {
            t.openChained();
        }
        slot = regionSlot;
        ApiAccess.setScope(regionSlot, scope);
        if (scope.regions()) {
            ApiAccess.enterRegion(regionSlot, scope, scope);
        }
        loop.run(this, scope, filters, tasks, in, head, n);
        if (failedRun) {
            failedRun = false; // failed() committed what ran and counted it (it threw instead if the graph stops)
            return FIRED | TOOK | MORE;
        }
        leave(regionSlot);
        for (FilterTask t : tasks) {
            t.commitChained(n, false);
        }
        for (SpscRing link : links) {
            link.countPassedThrough(n);
        }
        return FIRED | TOOK | more;
    }

    /** How many items the first input holds and the last outputs have room for, up to the cap. */
    private int runnable() {
        long count = cap;
        inputBound = false;
        long available = in.sizeForBatch();
        if (available < count) {
            count = available;
            inputBound = true;
        }
        for (int o = 0; o < outs.length; o++) {
            int push = pushes[o];
            if (push > 0) {
                // free() reads the head, so that no put of the run finds a stale limit (see FusedMember).
                long room = outs[o].free();
                if (room < count * push) {
                    count = room / push;
                    inputBound = false;
                }
            }
        }
        return (int) count;
    }

    private static void leave(RegionSlot regionSlot) {
        ApiAccess.setScope(regionSlot, null);
        ApiAccess.leaveRegion(regionSlot);
    }

    /**
     * Filter {@code m}'s work() threw on item {@code i} (items counted from 0 in this run): commits
     * every work() that returned, undoes the failed one, counts the items on each link, and applies
     * the filter's failure policy.
     *
     * @return {@code i}, the items that went through the whole chain
     * @throws org.streamflex.BoundaryError if the failure stops the graph
     */
    int failed(Throwable failure, int m, int i) {
        leave(slot);
        FilterTask failing = tasks[m];
        failing.betweenFirings(); // what the failed work() allocated is free
        boolean stops = !failing.failureCount.skips(failure);
        int last = tasks.length - 1;
        // Its puts are dropped.
        if (m < last) {
            slots[m].held(false);
        } else {
            for (int o = 0; o < outs.length; o++) {
                outs[o].rollbackPutsAfter((long) i * pushes[o]);
            }
        }
        // Its take is given back if the graph stops, else discarded and counted. An item a skipped work()
        // did not take is discarded too: a one-slot channel cannot keep it for the next run.
        long discarded = 0;
        if (m == 0) {
            // The chain took the item from the ring for the filter: given back to the ring, or discarded.
            head.held(false);
            if (stops) {
                in.rollbackTakesAfter(i);
            } else {
                discarded = in.pendingTakes() - i;
            }
        } else if (stops) {
            slots[m - 1].held(true);
        } else {
            discarded = 1;
            slots[m - 1].held(false);
        }
        for (int x = 0; x <= last; x++) {
            tasks[x].commitChained(x < m ? i + 1 : i, x == m);
        }
        for (int e = 0; e < links.length; e++) {
            if (e == m - 1 && stops) {
                // The item the failed work() was given stays in its channel, as unfused.
                links[e].countPassedThrough(i);
                ((LongRing) links[e]).put(slots[e].heldBits());
                links[e].publishPuts();
            } else {
                links[e].countPassedThrough(e < m ? i + 1 : i);
            }
        }
        if (stops) {
            throw failing.failureCount.stopping("work()", failure);
        }
        failing.failureCount.skipped("work()", failure, discarded);
        failedRun = true;
        return i;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("depth first:");
        for (FusedMember m : members) {
            s.append(' ').append(m.task());
        }
        return s.toString();
    }
}
