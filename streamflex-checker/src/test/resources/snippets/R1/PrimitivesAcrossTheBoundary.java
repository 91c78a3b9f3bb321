import org.streamflex.Atomic;
import org.streamflex.Borrow;
import org.streamflex.Filter;
import org.streamflex.IntChannel;

class Gauge extends Filter {
    private IntChannel in;
    public int readings;
    protected double scale = 1.0;

    public void work() {
        readings += in.take();
    }

    @Override
    protected boolean trigger() {
        return in.size() > 0;
    }

    @Atomic
    public int write(@Borrow short[] samples, int offset) {
        return samples.length - offset;
    }

    public double mean(double[] values) {
        return values.length == 0 ? 0 : values[0];
    }

    private String describe(Object anything) {
        return "gauge";
    }

    Object packageVisible(Object o) {
        return o;
    }
}
