import org.streamflex.Filter;
import org.streamflex.IntChannel;

final class Board {
    static Object posted;
}

@SuppressWarnings("StreamFlex:R3")
class Poster extends Filter {
    private IntChannel in;

    public void work() {
        Board.posted = null;
        in.take();
    }
}
