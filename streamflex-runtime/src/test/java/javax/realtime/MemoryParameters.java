package javax.realtime;

/** Test stand-in. */
public class MemoryParameters {
}
