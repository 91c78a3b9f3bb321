import java.util.function.IntSupplier;
import org.streamflex.Filter;
import org.streamflex.IntChannel;
import org.streamflex.Rate;
import org.streamflex.Stable;

/** Every filter here may break its rates, but only a run can show it: the debug mode's job. */
class InALoop extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        int sum = 0;
        for (int i = 0; i < 3; i++) {
            sum += in.take();
        }
        out.put(sum);
    }
}

class WhileAvailable extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        int last = 0;
        while (in.size() > 0) {
            last = in.take();
        }
        out.put(last);
    }
}

class WhenThereIsMore extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;
    private boolean odd;

    public void work() {
        int v = in.take();
        if (in.size() > 0) {
            v += in.take();
        }
        out.put(odd ? in.take() : v);
        boolean positive = odd && in.take() > 0;
        switch (v) {
            case 0 -> out.put(0);
            default -> out.put(1);
        }
        odd = !positive;
    }
}

class ReturnsEarly extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        if (in.size() < 2) {
            return;
        }
        in.take();
        out.put(in.take());
    }
}

class LeavesABlock extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;
    private boolean skip;

    public void work() {
        done: {
            if (skip) {
                break done;
            }
            in.take();
        }
        out.put(in.take());
    }
}

class CatchesUnderflow extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        int v = 0;
        try {
            v = in.take();
        } catch (RuntimeException e) {
            v = -1;
        }
        out.put(v);
    }
}

/** A helper may move items on work()'s behalf; the rule does not follow calls. */
class UsesAHelper extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        out.put(next());
    }

    private int next() {
        return in.take() + in.take();
    }
}

/** Even one that touches no channel: an override elsewhere might. */
class CallsAnyMethod extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        out.put(scale(in.take()));
    }

    int scale(int v) {
        return 2 * v;
    }
}

class TakesInALambda extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        IntSupplier next = () -> in.take();
        out.put(next.getAsInt() + next.getAsInt());
    }
}

final class Source implements Stable {
    int drain(IntChannel c) {
        return c.take() + c.take();
    }
}

class HandsTheChannelOn extends Filter {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;
    private final Source source = new Source();

    public void work() {
        IntChannel alias = in;
        out.put(source.drain(alias));
    }
}

class PassesTheChannel extends Filter {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;
    private final Source source = new Source();

    public void work() {
        out.put(source.drain(in));
    }
}

/** Code of other classes in the package may move items through a channel that is not private. */
class NotPrivate extends Filter {
    @Rate(2) IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        out.put(in.take());
    }
}

class TakesInTrigger extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;
    private int held;

    @Override
    protected boolean trigger() {
        if (in.size() > 0) {
            held = in.take();
        }
        return true;
    }

    public void work() {
        out.put(in.take() + held);
    }
}

class TakesThroughAReference extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;

    public void work() {
        IntSupplier next = in::take;
        out.put(next.getAsInt() + next.getAsInt());
    }
}

class TakesInAnInnerClass extends Filter {
    @Rate(2) private IntChannel in;
    @Rate(1) private IntChannel out;
    private final Reader reader = new Reader();

    public void work() {
        out.put(in.take() + reader.next());
    }

    final class Reader implements Stable {
        int next() {
            return in.take();
        }
    }
}

class UnknownCounts extends Filter {
    @Rate(3) private IntChannel in;
    @Rate(3) private IntChannel out;
    @Rate(1) private IntChannel[] more;
    private int hop = 1;

    public void work() {
        in.skip(hop);
        in.transferTo(out);
        int k = hop;
        out.put(more[k].take());
    }
}

/** A bulk take or put whose count is not a constant: only a run can count it. */
class BlockOfAnySize extends Filter {
    @Rate(4) private IntChannel in;
    @Rate(4) private IntChannel out;
    private final int[] block = new int[4];
    private int size = 4;

    public void work() {
        in.take(block, 0, size);
        out.put(block, 0, size);
    }
}

/** in[1] may not exist when work() returns: the array may hold one channel, and then in[1] has no rate to break. */
class MayHaveOneChannel extends Filter {
    @Rate(1) private IntChannel[] in;
    @Rate(1) private IntChannel out;

    public void work() {
        int v = in[0].take();
        if (in.length > 1 && in[1].size() > 0) {
            v += in[1].peek(0);
        }
        out.put(v);
    }
}

/** Without @Rate a channel's rate is dynamic, and work() may do what it likes. */
class Dynamic extends Filter {
    private IntChannel in;
    private IntChannel out;

    public void work() {
        out.put(in.take() + in.take());
    }
}

/** trigger() may look as far ahead as it likes; only work() has a window. */
class LooksAheadInTrigger extends Filter {
    @Rate(1) private IntChannel in;
    @Rate(1) private IntChannel out;

    @Override
    protected boolean trigger() {
        return in.size() > 4 && in.peek(4) > 0;
    }

    public void work() {
        out.put(in.take());
    }
}

/** No work() here: a subclass's work() cannot name the private channel. */
abstract class Base extends Filter {
    @Rate(2) private IntChannel in;
}

class Derived extends Base {
    @Rate(1) private IntChannel out;

    public void work() {
        out.put(1);
    }
}

/** Not a filter: @Rate means nothing here, and nothing is checked. */
class Pump {
    @Rate(3) private IntChannel in;
    @Rate(1) private int count;

    void work() {
        count += in.take();
    }
}
