package org.streamflex.runtime.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

// The layout of a SpscRing, by class hierarchy as in JCTools: the JVM lays out a superclass's
// fields before its subclass's, so each side's fields sit between 128 bytes of padding. Each side's
// class also names the memory-ordered accesses to its published field once; SpscRing's class
// comment states the discipline they follow.

/** Keeps the producer's fields off the cache lines of whatever precedes the ring. */
abstract class SpscRingPad0 {
    byte a000, a001, a002, a003, a004, a005, a006, a007, a008, a009, a010, a011, a012, a013, a014, a015;
    byte a016, a017, a018, a019, a020, a021, a022, a023, a024, a025, a026, a027, a028, a029, a030, a031;
    byte a032, a033, a034, a035, a036, a037, a038, a039, a040, a041, a042, a043, a044, a045, a046, a047;
    byte a048, a049, a050, a051, a052, a053, a054, a055, a056, a057, a058, a059, a060, a061, a062, a063;
    byte a064, a065, a066, a067, a068, a069, a070, a071, a072, a073, a074, a075, a076, a077, a078, a079;
    byte a080, a081, a082, a083, a084, a085, a086, a087, a088, a089, a090, a091, a092, a093, a094, a095;
    byte a096, a097, a098, a099, a100, a101, a102, a103, a104, a105, a106, a107, a108, a109, a110, a111;
    byte a112, a113, a114, a115, a116, a117, a118, a119, a120, a121, a122, a123, a124, a125, a126, a127;
}

/** Written by the producer's thread only. */
abstract class SpscRingProducerFields extends SpscRingPad0 {
    private static final VarHandle TAIL;
    private static final VarHandle DROPPED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TAIL = lookup.findVarHandle(SpscRingProducerFields.class, "tail", long.class);
            DROPPED = lookup.findVarHandle(SpscRingProducerFields.class, "dropped", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Published end of the stream: every index below it is readable by the consumer. */
    private long tail;
    /** Items dropped since the graph started. */
    private long dropped;
    /** End of the stream including the current transaction's puts. */
    long pendingTail;
    /** Last head the producer read; a lower bound of the real one. */
    long headCache;
    /** Items the current transaction dropped. */
    int pendingDrops;

    final long lvTail() {
        return (long) TAIL.getAcquire(this);
    }

    final long lpTail() {
        return tail;
    }

    final void soTail(long value) {
        TAIL.setRelease(this, value);
    }

    final long lvDropped() {
        return (long) DROPPED.getAcquire(this);
    }

    final long lpDropped() {
        return dropped;
    }

    final void soDropped(long value) {
        DROPPED.setRelease(this, value);
    }
}

/** Keeps the producer's and the consumer's fields on separate pairs of cache lines. */
abstract class SpscRingPad1 extends SpscRingProducerFields {
    byte b000, b001, b002, b003, b004, b005, b006, b007, b008, b009, b010, b011, b012, b013, b014, b015;
    byte b016, b017, b018, b019, b020, b021, b022, b023, b024, b025, b026, b027, b028, b029, b030, b031;
    byte b032, b033, b034, b035, b036, b037, b038, b039, b040, b041, b042, b043, b044, b045, b046, b047;
    byte b048, b049, b050, b051, b052, b053, b054, b055, b056, b057, b058, b059, b060, b061, b062, b063;
    byte b064, b065, b066, b067, b068, b069, b070, b071, b072, b073, b074, b075, b076, b077, b078, b079;
    byte b080, b081, b082, b083, b084, b085, b086, b087, b088, b089, b090, b091, b092, b093, b094, b095;
    byte b096, b097, b098, b099, b100, b101, b102, b103, b104, b105, b106, b107, b108, b109, b110, b111;
    byte b112, b113, b114, b115, b116, b117, b118, b119, b120, b121, b122, b123, b124, b125, b126, b127;
}

/** Written by the consumer's thread only. */
abstract class SpscRingConsumerFields extends SpscRingPad1 {
    private static final VarHandle HEAD;

    static {
        try {
            HEAD = MethodHandles.lookup().findVarHandle(SpscRingConsumerFields.class, "head", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Published start of the stream: every index below it is free for the producer. */
    private long head;
    /** Next index the current transaction takes. */
    long pendingHead;
    /** Last tail the consumer read; a lower bound of the real one. */
    long tailCache;

    final long lvHead() {
        return (long) HEAD.getAcquire(this);
    }

    final long lpHead() {
        return head;
    }

    final void soHead(long value) {
        HEAD.setRelease(this, value);
    }
}

/** Keeps the consumer's fields off the cache lines of the ring's read-only fields. */
abstract class SpscRingFields extends SpscRingConsumerFields {
    byte c000, c001, c002, c003, c004, c005, c006, c007, c008, c009, c010, c011, c012, c013, c014, c015;
    byte c016, c017, c018, c019, c020, c021, c022, c023, c024, c025, c026, c027, c028, c029, c030, c031;
    byte c032, c033, c034, c035, c036, c037, c038, c039, c040, c041, c042, c043, c044, c045, c046, c047;
    byte c048, c049, c050, c051, c052, c053, c054, c055, c056, c057, c058, c059, c060, c061, c062, c063;
    byte c064, c065, c066, c067, c068, c069, c070, c071, c072, c073, c074, c075, c076, c077, c078, c079;
    byte c080, c081, c082, c083, c084, c085, c086, c087, c088, c089, c090, c091, c092, c093, c094, c095;
    byte c096, c097, c098, c099, c100, c101, c102, c103, c104, c105, c106, c107, c108, c109, c110, c111;
    byte c112, c113, c114, c115, c116, c117, c118, c119, c120, c121, c122, c123, c124, c125, c126, c127;
}
