import java.util.List;
import org.streamflex.Filter;
import org.streamflex.Stable;

class Point {
    double x, y;
}

class Base {
    // BUG: Diagnostic contains: class Base, a parent of stable class Ring, keeps a reference to transient class Object in field 'last'
    Object last;
}

class Ring extends Base implements Stable {
    int size;
}

class Keeper<T> implements Stable {
    // BUG: Diagnostic contains: stable class Keeper keeps a reference of type variable T in field 'item', which can stand for a transient class
    T item;
}

class Tracker extends Filter {
    // BUG: Diagnostic contains: stable class Tracker keeps a reference to transient class Point in field 'origin'; transient objects die when work() returns. Make Point implement Stable, or copy the values you need into primitive fields
    private Point origin;
    // BUG: Diagnostic contains: stable class Tracker keeps a reference to transient type List<Integer> in field 'history'
    private List<Integer> history;
    private Ring ring = new Ring();
    private Keeper<Ring> keeper = new Keeper<>();

    public void work() {
    }
}
