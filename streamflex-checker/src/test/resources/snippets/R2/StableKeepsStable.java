import org.streamflex.Channel;
import org.streamflex.Capsule;
import org.streamflex.DoubleChannel;
import org.streamflex.Filter;
import org.streamflex.Stable;
import org.streamflex.TimeChannel;

class Sample extends Capsule {
    double value;

    private Sample() {
    }
}

interface Model extends Stable {
    double predict(double x);
}

final class Linear implements Model {
    private double slope = 1;

    public double predict(double x) {
        return slope * x;
    }
}

class Cell<T extends Stable> implements Stable {
    T item;
}

class Predictor extends Filter {
    private TimeChannel timer;
    private Channel<Sample> in;
    private DoubleChannel out;
    private Model model = new Linear();
    private Cell<Linear> cell = new Cell<>();
    private int count;
    private double total;

    public void work() {
        Sample s = in.take();
        Point p = new Point();
        p.x = s.value;
        total += model.predict(p.x);
        out.put(total / ++count);
    }

    static final class Point {
        double x;
    }
}
