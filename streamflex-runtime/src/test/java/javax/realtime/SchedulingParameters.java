package javax.realtime;

/** Test stand-in. */
public abstract class SchedulingParameters {
}
