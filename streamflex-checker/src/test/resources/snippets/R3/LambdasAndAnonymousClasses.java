import java.util.function.IntSupplier;
import org.streamflex.Filter;
import org.streamflex.IntChannel;

final class Shared {
    static StringBuilder log = new StringBuilder();
}

class Deferred extends Filter {
    private IntChannel out;

    public void work() {
        // BUG: Diagnostic contains: code in a lambda in Deferred.work() reads static field Shared.log, which is not final
        IntSupplier size = () -> Shared.log.length();
        Runnable task = new Runnable() {
            public void run() {
                // BUG: Diagnostic contains: code in an anonymous class in Deferred.run() writes static field Shared.log
                Shared.log = null;
            }
        };
        task.run();
        out.put(size.getAsInt());
    }
}

class NotReachable {
    void anything() {
        Shared.log = new StringBuilder();
    }
}
