import org.streamflex.TimeChannel;
import org.streamflex.runtime.spacetime.SpaceTimeFilter;
import org.streamflex.runtime.spacetime.SpaceTimeQueueOutput;

/** A queue producer as the rules want it: puts through the bound handle, made when work() returns. */
class Tiler extends SpaceTimeFilter {
    private TimeChannel timer;
    private SpaceTimeQueueOutput tiles;
    private final byte[] tile = new byte[64];

    @Override
    protected void process() {
        long frame = timer.getTime() / 1000;
        for (int i = 0; i < 4; i++) {
            tile[0] = (byte) i;
            tiles.put(frame, tile);
        }
    }
}
