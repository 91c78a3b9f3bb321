import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.streamflex.Filter;
import org.streamflex.FloatChannel;
import org.streamflex.checker.snippetlib.Workspace;

/** A MemorySegment in a class-path signature carries bytes, as a primitive array does. */
class Scaler extends Filter {
    private FloatChannel in;
    private FloatChannel out;

    public void work() {
        MemorySegment tmp = Workspace.floats(16);
        Workspace.fill(tmp, (byte) 0);
        tmp.setAtIndex(ValueLayout.JAVA_FLOAT, 0, in.take());
        out.put(2 * tmp.getAtIndex(ValueLayout.JAVA_FLOAT, 0));
        // BUG: Diagnostic contains: calls Workspace.wrap(MemorySegment)
        Object wrapped = Workspace.wrap(tmp);
        out.put(wrapped.hashCode());
    }
}
