import org.streamflex.Filter;
import org.streamflex.FilterEvent;
import org.streamflex.IntChannel;

final class Events {
    static final FilterEvent SHARED = FilterEvent.named("shared");
}

class Decoder extends Filter {
    // FilterEvent is a final class whose one field is a final String: reference-immutable, so R3 allows it.
    private static final FilterEvent MALFORMED = FilterEvent.named("malformed-frame");
    private static FilterEvent lastRaised;
    // BUG: Diagnostic contains: [StreamFlex:D4] code in an initializer of Decoder calls System.getLogger(String)
    private static final System.Logger LOG = System.getLogger("decoder");
    private IntChannel in;

    public void work() {
        int length = in.take();
        if (length < 14) {
            raise(MALFORMED);
            raise(Events.SHARED);
            FilterEvent made = FilterEvent.named("made");
            raise(made);
        }
        // BUG: Diagnostic contains: code in Decoder.work() writes static field Decoder.lastRaised
        lastRaised = MALFORMED;
        // BUG: Diagnostic contains: code in Decoder.work() reads static field Decoder.lastRaised, which is not final
        raise(lastRaised);
        // BUG: Diagnostic is: [StreamFlex:R3] code in Decoder.work() reads static field Decoder.LOG of type System.Logger, which is not reference-immutable (System.Logger is an interface: an implementation may hold mutable references); a filter could store its transient objects in it. Read only static final fields of reference-immutable types (primitives, primitive arrays, String, boxed numbers, final classes of such fields) (StreamFlex rule R3 StaticReferences, paper section 4.2: see streamflex-checker/README.md#r3-staticreferences)
        LOG.log(System.Logger.Level.INFO, "frame");
    }
}
