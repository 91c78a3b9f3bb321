import org.streamflex.Reachable;

/** A library class no filter of its compilation uses, declared reachable: the rules apply to it. */
@Reachable
final class Cursor {
    private static Object last;
    private int index;

    int next() {
        // BUG: Diagnostic contains: code in Cursor.next() writes static field Cursor.last
        last = this;
        return index++;
    }
}

/** The same class without the annotation: no filter reaches it, so it is not checked. */
final class Unreached {
    private static Object last;

    void keep() {
        last = this;
    }
}
