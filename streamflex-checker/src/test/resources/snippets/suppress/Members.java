import java.util.Collections;
import java.util.List;
import org.streamflex.Filter;
import org.streamflex.IntChannel;

final class Notes {
    static StringBuilder text = new StringBuilder();
}

class Annotator extends Filter {
    private IntChannel in;

    // A field: its R2 error is suppressed, its R1 error is not.
    @SuppressWarnings("StreamFlex:R2")
    // BUG: Diagnostic contains: [StreamFlex:R1] public field Annotator.label has reference type String
    public String label;

    @SuppressWarnings("StreamFlex:R3")
    private final int start = Notes.text.length();

    // A constructor.
    @SuppressWarnings({"unused", "StreamFlex:R3"})
    Annotator() {
        Notes.text = new StringBuilder();
    }

    // A method: its R3 errors are suppressed, its D4 error is not.
    @SuppressWarnings("StreamFlex:R3")
    public void work() {
        Notes.text.append(in.take());
        // BUG: Diagnostic contains: [StreamFlex:D4] code in Annotator.work() calls Collections.emptyList()
        List<Object> none = Collections.emptyList();
        tally(none.size() + start);
    }

    private void tally(int n) {
        // BUG: Diagnostic contains: [StreamFlex:R3] code in Annotator.tally() reads static field Notes.text, which is not final
        Notes.text.append(n);
        @SuppressWarnings("StreamFlex:D4")
        List<Object> alsoNone = Collections.emptyList();
        later().run();
    }

    // Everything inside a suppressed method, an anonymous class's code too.
    @SuppressWarnings("StreamFlex")
    private Runnable later() {
        return new Runnable() {
            public void run() {
                Notes.text = null;
            }
        };
    }
}
