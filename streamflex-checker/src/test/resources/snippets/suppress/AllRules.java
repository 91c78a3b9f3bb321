import org.streamflex.Capsule;
import org.streamflex.Filter;

@SuppressWarnings("StreamFlex")
class Deliberate extends Capsule {
    String text;

    public Deliberate() {
    }

    static class NestedToo extends Filter {
        public String name;

        public void work() {
        }
    }
}

@SuppressWarnings({"unchecked", "StreamFlex"})
class AlsoSkipped extends Filter {
    public Object anything;

    public void work() {
    }
}

@SuppressWarnings("unchecked")
class NotSkipped extends Filter {
    // BUG: Diagnostic contains: public field NotSkipped.anything has reference type Object
    // BUG: Diagnostic contains: stable class NotSkipped keeps a reference to transient class Object
    public Object anything;

    public void work() {
    }
}
