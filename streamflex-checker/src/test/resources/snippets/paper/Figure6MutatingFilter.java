import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Filter;

// Figure 6: a filter that mutates capsules in place and allocates a transient array per work().
class Strand extends Capsule {
    final double[] residues;
    double score;

    private Strand() {
        residues = new double[64];
    }
}

class MutatingFilter extends Filter {
    private Channel<Strand> in, out;
    private long seed = 42;

    public void work() {
        Strand strand = in.take();
        double[] rds, mutated;
        rds = strand.residues;
        mutated = new double[rds.length];
        mutate(rds, mutated);
        double score = compute(mutated);
        if (score < strand.score) {
            System.arraycopy(mutated, 0, rds, 0, rds.length);
            strand.score = score;
        }
        out.put(strand);
    }

    private void mutate(double[] from, double[] to) {
        for (int i = 0; i < from.length; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            to[i] = from[i] + ((seed >>> 40) & 0xff) / 1024.0;
        }
    }

    private static double compute(double[] values) {
        double s = 0;
        for (double v : values) {
            s += Math.abs(v);
        }
        return s;
    }
}
