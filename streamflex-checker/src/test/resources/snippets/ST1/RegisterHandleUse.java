import org.streamflex.TimeChannel;
import org.streamflex.runtime.spacetime.SpaceTimeFilter;
import org.streamflex.runtime.spacetime.SpaceTimeRegisterHandle;

/** A register user as the rules want it: reads and writes through the bound handle, in work()'s transaction. */
class Thresholder extends SpaceTimeFilter {
    private TimeChannel timer;
    private SpaceTimeRegisterHandle threshold;
    private final byte[] value = new byte[8];
    private long level;

    @Override
    protected void process() {
        if (threshold.readNew(value) >= 0) {
            level = value[0];
        }
        value[0] = (byte) (level + 1);
        threshold.write(value);
    }
}
