package org.streamflex.runtime.channel;

/**
 * Keeps the consumer's fields off the cache lines of the ring's read-only fields: the last class of
 * a {@link SpscRing}'s layout.
 *
 * <p>The layout is a class hierarchy, as in JCTools: the JVM lays out a superclass's fields before
 * its subclass's, so each side's fields sit between 128 bytes of padding. From the top:
 * {@link SpscRingPad0}, {@link SpscRingProducerFields}, {@link SpscRingPad1},
 * {@link SpscRingConsumerFields}, this class. Each side's class also names the memory-ordered
 * accesses to its published field once; {@link SpscRing}'s class comment states the discipline they
 * follow.
 */
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
