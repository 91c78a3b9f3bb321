import org.streamflex.Filter;
import org.streamflex.IntChannel;

final class Stash {
    static Object kept;

    static void keep(Object o) {
        // BUG: Diagnostic contains: code in Stash.keep() writes static field Stash.kept
        kept = o;
    }
}

class Scratch {
    Object value;

    Scratch() {
        // BUG: Diagnostic contains: code in the constructor of Scratch writes static field Stash.kept
        Stash.kept = this;
    }
}

final class Elsewhere {
    static void alsoKeep(Object o) {
        Stash.kept = o;
    }
}

class Reacher extends Filter {
    private IntChannel in;

    public void work() {
        Stash.keep(new Scratch());
        in.take();
    }
}
