package org.streamflex.runtime.spacetime;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The register operations of a filter's running {@code work()} ({@link FilterThread}): writes
 * staged until it returns (the last write of a register in one {@code work()} wins), and reads
 * that copy the value out at once but empty their connection only when it returns. Used by the
 * filter's thread only, under the space's lock. Its arrays grow to the most registers one
 * {@code work()} touched, then are reused.
 *
 * <pre>{@code
 * ops.stageWrite(register, slot, length, pool);  // the value copied off-heap, not yet published
 * ops.readVersion(handle);                       // what this work() has read so far
 * ops.commit();                                  // work() returned: writes published, reads made
 * }</pre>
 */
final class StagedRegisterOps {
    private SpaceTimeRegister[] written = new SpaceTimeRegister[2];
    private MemorySegment[] slots = new MemorySegment[2];
    private long[] lengths = new long[2];
    private int writeCount;

    private SpaceTimeRegisterHandle[] read = new SpaceTimeRegisterHandle[2];
    private long[] versions = new long[2];
    private int readCount;

    /** A write whose bytes are in {@code slot}; an earlier write of this work() to the register is dropped. */
    void stageWrite(SpaceTimeRegister register, MemorySegment slot, long length, SlotPool pool) {
        for (int i = 0; i < writeCount; i++) {
            if (written[i] == register) {
                pool.give(slots[i]);
                slots[i] = slot;
                lengths[i] = length;
                return;
            }
        }
        if (writeCount == written.length) {
            written = Arrays.copyOf(written, writeCount * 2);
            slots = Arrays.copyOf(slots, writeCount * 2);
            lengths = Arrays.copyOf(lengths, writeCount * 2);
        }
        written[writeCount] = register;
        slots[writeCount] = slot;
        lengths[writeCount++] = length;
    }

    /** The version {@code handle} has read, counting this work()'s reads: the register is full above it. */
    long readVersion(SpaceTimeRegisterHandle handle) {
        for (int i = 0; i < readCount; i++) {
            if (read[i] == handle) {
                return versions[i];
            }
        }
        return handle.versionRead;
    }

    /** A read of {@code version} through {@code handle}: the connection empties when the work() returns. */
    void stageRead(SpaceTimeRegisterHandle handle, long version) {
        for (int i = 0; i < readCount; i++) {
            if (read[i] == handle) {
                versions[i] = version;
                return;
            }
        }
        if (readCount == read.length) {
            read = Arrays.copyOf(read, readCount * 2);
            versions = Arrays.copyOf(versions, readCount * 2);
        }
        read[readCount] = handle;
        versions[readCount++] = version;
    }

    /** The work() returned: each write overwrites its register and fills every connection; reads empty theirs. */
    void commit(SlotPool pool) {
        for (int i = 0; i < writeCount; i++) {
            SpaceTimeRegister r = written[i];
            MemorySegment old = r.slot;
            r.slot = slots[i];
            r.length = lengths[i];
            r.version++;
            if (old != null) {
                pool.give(old);
            }
            r.wakeAll();
        }
        for (int i = 0; i < readCount; i++) {
            read[i].versionRead = versions[i];
        }
        forget();
    }

    /** The work() threw: no write is published (the slots go back), and every connection it read stays full. */
    void undo(SlotPool pool) {
        for (int i = 0; i < writeCount; i++) {
            pool.give(slots[i]);
        }
        forget();
    }

    private void forget() {
        Arrays.fill(written, 0, writeCount, null);
        Arrays.fill(slots, 0, writeCount, null);
        Arrays.fill(read, 0, readCount, null);
        writeCount = 0;
        readCount = 0;
    }
}
