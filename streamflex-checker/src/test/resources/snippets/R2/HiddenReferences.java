import org.streamflex.Filter;
import org.streamflex.Stable;

class Session {
    int id;

    // BUG: Diagnostic contains: stable class Session.Cache is an inner class of Session, which is not stable: it keeps a hidden reference to its enclosing instance
    class Cache implements Stable {
        int hits;
    }

    static class Counter implements Stable {
        int count;
    }
}

class Cached extends Filter {
    private Session.Counter counter = new Session.Counter();
    private Session.Cache cache = new Session().new Cache();
    private State state = new State();

    public void work() {
        Object transientObject = new Object();
        // BUG: Diagnostic contains: stable class an anonymous class in Cached is a local or anonymous class
        Stable leak = new Stable() {
            int seen = transientObject.hashCode();
        };
    }

    class State implements Stable {
        long total;
    }
}
