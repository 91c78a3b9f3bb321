import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Shared;

/** A library's pool: its static list and its new of a shared class break the rules, fine while no filter reaches it. */
final class Pool {
    static final List<Pooled> FREE = new ArrayList<>();

    static Pooled take() {
        if (FREE.isEmpty()) {
            return new Pooled();
        }
        return FREE.remove(FREE.size() - 1);
    }

    static void give(Pooled p) {
        FREE.add(p);
    }
}

/** A shared class: library code, trusted as written, so neither it nor what its code uses is checked. */
final class Pooled extends Shared {
    static Pooled last;
    private Object anything;

    static Pooled make() {
        Pooled p = Pool.take();
        last = p;
        p.anything = Collections.emptyList();
        p.revive();
        return p;
    }

    @Override
    protected void freed() {
        anything = null;
        Pool.give(this);
    }
}

class Source extends Filter {
    private IntChannel out;

    public void work() {
        Pooled p = Pooled.make();
        out.put(p.references());
    }
}
