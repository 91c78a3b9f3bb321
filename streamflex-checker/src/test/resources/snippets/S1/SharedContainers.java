import org.streamflex.Filter;
import org.streamflex.Shared;
import org.streamflex.SharedChannel;
import org.streamflex.SharedQueue;
import org.streamflex.Stable;

final class Block extends Shared {
    static Block make() {
        Block b = new Block();
        b.revive();
        return b;
    }

    @Override
    protected void freed() {
    }
}

/** SharedChannel and SharedQueue fields hold shared values the way that works: they retain. */
class Delay<S extends Shared> extends Filter {
    private SharedChannel<S> in;
    private SharedChannel<S> out;
    private final SharedQueue<S> held = new SharedQueue<>(4);
    private final Keeper keeper = new Keeper();
    private final SharedQueue<?>[] lanes = new SharedQueue<?>[2];

    public void work() {
        held.add(in.take());
        if (held.size() == 4) {
            out.put(held.removeFirst());
        }
        keeper.blocks.add(Block.make());
    }
}

class Keeper implements Stable {
    final SharedQueue<Block> blocks = new SharedQueue<>(8);
}
