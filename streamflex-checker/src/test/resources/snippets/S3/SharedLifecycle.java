import java.util.function.Consumer;
import java.util.function.Supplier;
import org.streamflex.Filter;
import org.streamflex.Shared;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;

final class Seg extends Shared {
    Seg() {
    }

    /** A shared class's own code makes, revives and releases its values: it is the library. */
    static Seg make() {
        Seg s = new Seg();
        s.revive();
        return s;
    }

    Seg copy() {
        Seg c = make();
        release();
        return c;
    }

    @Override
    protected void freed() {
    }
}

class HandCounted extends Filter {
    private SharedChannel<Seg> in;
    private SharedChannel<Seg> out;
    private final SharedQueue<Seg> held = new SharedQueue<>(2);
    private int seen;

    public void work() {
        Seg s = in.take();
        // BUG: Diagnostic is: [StreamFlex:S3] code in HandCounted.work() calls release() on a shared value of type Seg; the channels, SharedQueues and running work() that hold a shared value each release their own reference, so a release by hand frees a value that others still read. Let work() release what it made or took, and drop what a SharedQueue holds with dropFirst() or clear() (StreamFlex rule S3 SharedLifecycle, not in the paper, for signal segments (XStream/WaveScript SigSegs) on a stock JVM: see streamflex-checker/README.md#s3-sharedlifecycle)
        s.release();
        // BUG: Diagnostic is: [StreamFlex:S3] code in HandCounted.work() calls retain() on a shared value of type Seg; a reference taken by hand is never given back, so the value never returns to its pool. To keep a value across releases, add it to a SharedQueue, which retains it until it is removed (StreamFlex rule S3 SharedLifecycle, not in the paper, for signal segments (XStream/WaveScript SigSegs) on a stock JVM: see streamflex-checker/README.md#s3-sharedlifecycle)
        s.retain();
        // BUG: Diagnostic contains: code in HandCounted.work() makes method reference Seg::release, which calls release() on a shared value;
        Consumer<Seg> drop = Seg::release;
        seen += s.references();
        held.add(s);
        if (held.size() == 2) {
            held.dropFirst();
        }
        out.put(s.copy());
    }
}

class HandMade extends Filter {
    private SharedChannel<Seg> out;

    public void work() {
        // BUG: Diagnostic is: [StreamFlex:S3] code in HandMade.work() creates shared class Seg with new; shared values come from their class's pool, through a static factory that also gives the running work() the reference it releases when it returns. Call a static factory of Seg instead, as FloatSeg.make(timebase, start, length) for segments (StreamFlex rule S3 SharedLifecycle, not in the paper, for signal segments (XStream/WaveScript SigSegs) on a stock JVM: see streamflex-checker/README.md#s3-sharedlifecycle)
        out.put(new Seg());
        // BUG: Diagnostic contains: code in HandMade.work() makes constructor reference Seg::new of shared class Seg;
        Supplier<Seg> maker = Seg::new;
        out.put(maker.get());
        // BUG: Diagnostic contains: code in HandMade.work() creates an anonymous subclass of shared class Shared with new;
        Shared odd = new Shared() {
            @Override
            protected void freed() {
            }
        };
        out.put(Seg.make());
        odd.references();
    }
}

/** Plain Java that made a value outside any graph owns its reference and releases it. */
class Driver {
    void run() {
        Seg s = Seg.make();
        s.retain();
        s.release();
        s.release();
    }
}
