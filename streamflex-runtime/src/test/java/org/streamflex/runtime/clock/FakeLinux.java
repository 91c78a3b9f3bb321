package org.streamflex.runtime.clock;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/** A kernel played by the test: answers each call as told and records the calls in order. */
final class FakeLinux implements LinuxScheduling {
    int fifoAnswer;
    int affinityAnswer;
    int lockAnswer;
    /** What {@link #allowedCpus} answers. */
    final BitSet allowed = new BitSet();
    final List<String> calls = new ArrayList<>();
    int sleeps;
    /** Each sleep: when it was asked for and the deadline it was given ({@link System#nanoTime()}). */
    final List<long[]> sleepCalls = new ArrayList<>();

    @Override
    public int setFifo(int priority) {
        calls.add("setFifo " + priority);
        return fifoAnswer;
    }

    @Override
    public int setAffinity(int cpu) {
        calls.add("setAffinity " + cpu);
        return affinityAnswer;
    }

    @Override
    public int allowedCpus(long pid, BitSet into) {
        calls.add("allowedCpus " + pid);
        into.clear();
        into.or(allowed);
        return 0;
    }

    @Override
    public int lockAllMemory() {
        calls.add("lockAllMemory");
        return lockAnswer;
    }

    @Override
    public int sleepUntil(long deadlineNanos) {
        sleeps++;
        sleepCalls.add(new long[] {System.nanoTime(), deadlineNanos});
        long left;
        while ((left = deadlineNanos - System.nanoTime()) > 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(left);
        }
        return 0;
    }

    @Override
    public int policy() {
        return fifoAnswer == 0 ? 1 : 0;
    }
}
