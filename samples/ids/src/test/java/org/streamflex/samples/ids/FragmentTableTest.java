package org.streamflex.samples.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FragmentTableTest {
    static final long SECOND = 1_000_000_000L;
    static final int SRC = 0xC0A80001;
    static final int DST = 0xC0A80002;

    /** A fragment: its datagram's id, byte range, last-fragment flag and capture time. */
    record Frag(int id, int start, int stop, boolean last, long time) {
        Frag at(long t) {
            return new Frag(id, start, stop, last, t);
        }
    }

    static Frag frag(int id, int start, int stop, boolean last) {
        return new Frag(id, start, stop, last, 0);
    }

    static IpHdr ip(Frag f) {
        try {
            Constructor<IpHdr> c = IpHdr.class.getDeclaredConstructor();
            c.setAccessible(true);
            IpHdr ip = c.newInstance();
            ip.srcAddr = SRC;
            ip.dstAddr = DST;
            ip.protocol = IpHdr.PROTO_UDP;
            ip.id = f.id();
            ip.vlanId = EtherHdr.NO_VLAN;
            ip.headerLength = 20;
            ip.fragmentOffset = f.start();
            ip.totalLength = 20 + f.stop() - f.start();
            ip.moreFragments = !f.last();
            ip.timestampNanos = f.time();
            return ip;
        } catch (ReflectiveOperationException e) {
            throw new LinkageError("IpHdr's private constructor", e);
        }
    }

    static FragmentTable table() {
        return new FragmentTable(64, 16, 60 * SECOND, 12345);
    }

    static List<Integer> run(FragmentTable table, List<Frag> frags) {
        List<Integer> outcomes = new ArrayList<>();
        for (Frag f : frags) {
            outcomes.add(table.step(ip(f)));
        }
        return outcomes;
    }

    static long conflicts(List<Integer> outcomes) {
        return outcomes.stream().filter(o -> o == FragmentTable.CONFLICT).count();
    }

    @Test
    void aTeardropIsCaughtWhicheverFragmentArrivesFirst() {
        Frag first = frag(7, 0, 36, false);
        Frag inside = frag(7, 24, 28, true); // the classic: the last fragment ends inside the first
        for (List<Frag> order : List.of(List.of(first, inside), List.of(inside, first))) {
            FragmentTable table = table();
            List<Integer> outcomes = run(table, order);
            assertEquals(List.of(FragmentTable.KEPT, FragmentTable.CONFLICT), outcomes, order.toString());
            assertEquals(1, table.conflictingDatagrams);
        }
    }

    @Test
    void benignFragmentsInAnyOrderAreReassembledAndNeverFlagged() {
        List<Frag> frags = List.of(frag(1, 0, 1480, false), frag(1, 1480, 2960, false), frag(1, 2960, 4440, false),
                frag(1, 4440, 5000, true));
        for (List<Frag> order : permutations(frags)) {
            FragmentTable table = table();
            List<Integer> outcomes = run(table, order);
            assertEquals(0, conflicts(outcomes), order.toString());
            assertEquals(1, table.reassembled, "complete whatever the order");
            assertEquals(0, table.tracked(), "a complete datagram is forgotten at once");
        }
    }

    @Test
    void exactDuplicatesAreBenignAndCounted() {
        FragmentTable table = table();
        List<Integer> outcomes = run(table,
                List.of(frag(1, 0, 16, false), frag(1, 0, 16, false), frag(1, 16, 24, true)));
        assertEquals(List.of(FragmentTable.KEPT, FragmentTable.DUPLICATE, FragmentTable.KEPT), outcomes);
        assertEquals(1, table.duplicates);
        assertEquals(1, table.reassembled);
    }

    @Test
    void theSameRangeWithAnotherClaimOnTheEndConflicts() {
        FragmentTable table = table();
        List<Integer> outcomes = run(table, List.of(frag(1, 16, 24, true), frag(1, 16, 24, false)));
        assertEquals(List.of(FragmentTable.KEPT, FragmentTable.CONFLICT), outcomes);
    }

    @Test
    void fragmentsPastTheEndALastFragmentGaveConflictInEitherOrder() {
        Frag beyond = frag(3, 40, 48, false);
        Frag last = frag(3, 32, 40, true);
        assertEquals(List.of(FragmentTable.KEPT, FragmentTable.CONFLICT), run(table(), List.of(beyond, last)));
        assertEquals(List.of(FragmentTable.KEPT, FragmentTable.CONFLICT), run(table(), List.of(last, beyond)));
        assertEquals(List.of(FragmentTable.KEPT, FragmentTable.CONFLICT),
                run(table(), List.of(frag(3, 32, 40, true), frag(3, 48, 56, true))), "two different ends");
    }

    @Test
    void randomFragmentationsInRandomOrderWithDuplicatesNeverConflictAndOneOverlapAlwaysDoes() {
        SplittableRandom random = new SplittableRandom(42);
        for (int round = 0; round < 500; round++) {
            int size = 8 * (2 + random.nextInt(200));
            List<Frag> frags = new ArrayList<>();
            for (int at = 0; at < size; ) {
                int len = Math.min(size - at, 8 * (1 + random.nextInt(20)));
                frags.add(frag(round, at, at + len, at + len == size));
                at += len;
            }
            // One fragment lost: the datagram never completes, so every fragment meets every other.
            frags.remove(random.nextInt(frags.size()));
            if (frags.size() > 15) {
                frags = frags.subList(0, 15); // within the table's 16 per datagram
            }
            if (frags.isEmpty()) {
                continue;
            }
            List<Frag> shuffled = new ArrayList<>(frags);
            shuffled.add(frags.get(random.nextInt(frags.size()))); // a duplicate
            Collections.shuffle(shuffled, new java.util.Random(round));
            assertEquals(0, conflicts(run(table(), shuffled)), shuffled.toString());

            Frag victim = frags.get(random.nextInt(frags.size()));
            int start = victim.start() + 8 * random.nextInt((victim.stop() - victim.start()) / 8);
            int stop = start + 8 * (1 + random.nextInt(4));
            if (start == victim.start() && stop == victim.stop()) {
                stop += 8; // overlapping, not the same fragment again
            }
            List<Frag> attacked = new ArrayList<>(shuffled);
            attacked.add(random.nextInt(attacked.size() + 1), frag(round, start, stop, false));
            FragmentTable table = table();
            assertTrue(conflicts(run(table, attacked)) > 0, attacked.toString());
            assertEquals(1, table.conflictingDatagrams);
        }
    }

    @Test
    void aFragmentAfterItsDatagramIsCompleteStartsANewOne() {
        // As in frag3, Suricata and the hosts themselves: the complete datagram was handed on.
        FragmentTable table = table();
        List<Integer> outcomes = run(table,
                List.of(frag(4, 0, 16, false), frag(4, 16, 24, true), frag(4, 8, 16, false)));
        assertEquals(List.of(FragmentTable.KEPT, FragmentTable.KEPT, FragmentTable.KEPT), outcomes);
        assertEquals(1, table.reassembled);
        assertEquals(1, table.tracked());
    }

    @Test
    void otherDatagramsNeverDisturbATeardropWhileThereIsRoom() {
        // More datagrams at once than the old table's slots would hold apart: each keeps its own tracker.
        FragmentTable table = new FragmentTable(4096, 4, 60 * SECOND, 99);
        for (int id = 0; id < 4000; id++) {
            assertEquals(FragmentTable.KEPT, table.step(ip(frag(id, 0, 36, false))));
        }
        for (int id = 0; id < 4000; id++) {
            assertEquals(FragmentTable.CONFLICT, table.step(ip(frag(id, 24, 28, true))), "datagram " + id);
        }
        assertEquals(4000, table.conflictingDatagrams);
        assertEquals(0, table.evicted);
    }

    @Test
    void aReusedIdAfterTheTimeoutStartsANewDatagram() {
        FragmentTable table = table();
        assertEquals(FragmentTable.KEPT, table.step(ip(frag(9, 0, 36, false).at(0)))); // its last fragment is lost
        assertEquals(FragmentTable.KEPT, table.step(ip(frag(9, 0, 16, false).at(61 * SECOND))));
        assertEquals(1, table.expired);
        assertEquals(0, table.conflictingDatagrams);
    }

    @Test
    void eachFragmentRefreshesItsDatagramsTimeout() {
        FragmentTable table = table();
        table.step(ip(frag(9, 0, 8, false).at(0)));
        table.step(ip(frag(9, 8, 16, false).at(50 * SECOND)));
        assertEquals(FragmentTable.CONFLICT, table.step(ip(frag(9, 4, 12, false).at(100 * SECOND))));
        assertEquals(0, table.expired);
    }

    @Test
    void captureTimeGoingBackDoesNotExpireOrRevive() {
        FragmentTable table = table();
        table.step(ip(frag(1, 0, 8, false).at(100 * SECOND)));
        table.step(ip(frag(2, 0, 8, false).at(0))); // an earlier timestamp: time stays at 100 s
        assertEquals(0, table.expired);
        assertEquals(FragmentTable.CONFLICT, table.step(ip(frag(1, 4, 12, false).at(150 * SECOND))));
    }

    @Test
    void aFullTableGivesUpTheLeastRecentlyActiveDatagramAndCountsIt() {
        FragmentTable table = new FragmentTable(2, 4, 60 * SECOND, 1);
        table.step(ip(frag(1, 0, 36, false)));
        table.step(ip(frag(2, 0, 36, false)));
        table.step(ip(frag(1, 36, 40, false))); // 1 is now more recent than 2
        table.step(ip(frag(3, 0, 36, false)));  // no room: 2 goes
        assertEquals(1, table.evicted);
        assertEquals(FragmentTable.CONFLICT, table.step(ip(frag(1, 24, 28, true))), "1 was kept");
        assertEquals(FragmentTable.KEPT, table.step(ip(frag(2, 24, 28, true))), "2 was given up");
    }

    @Test
    void fragmentsBeyondTheLimitPerDatagramAreCheckedButNotKept() {
        FragmentTable table = new FragmentTable(4, 2, 60 * SECOND, 1);
        assertEquals(List.of(FragmentTable.KEPT, FragmentTable.KEPT, FragmentTable.NOT_KEPT, FragmentTable.CONFLICT),
                run(table, List.of(frag(1, 0, 8, false), frag(1, 16, 24, false), frag(1, 32, 40, false),
                        frag(1, 4, 12, false))));
        assertEquals(1, table.notKept);
    }

    @Test
    void fragmentsWithoutDataAreNeitherKeptNorFlagged() {
        FragmentTable table = table();
        table.step(ip(frag(1, 0, 16, false)));
        assertEquals(FragmentTable.EMPTY, table.step(ip(frag(1, 8, 8, false))));
    }

    @Test
    void datagramsDifferingOnlyInVlanAreApart() {
        FragmentTable table = table();
        IpHdr a = ip(frag(1, 0, 36, false));
        IpHdr b = ip(frag(1, 24, 28, true));
        b.vlanId = 5;
        table.step(a);
        assertEquals(FragmentTable.KEPT, table.step(b));
    }

    static <T> List<List<T>> permutations(List<T> items) {
        if (items.size() <= 1) {
            return List.of(items);
        }
        List<List<T>> all = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            List<T> rest = new ArrayList<>(items);
            T head = rest.remove(i);
            for (List<T> p : permutations(rest)) {
                List<T> withHead = new ArrayList<>();
                withHead.add(head);
                withHead.addAll(p);
                all.add(withHead);
            }
        }
        return all;
    }
}
