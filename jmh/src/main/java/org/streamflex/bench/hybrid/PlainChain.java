package org.streamflex.bench.hybrid;

/**
 * The baseline without a framework: the chain's filters as plain objects, each item passed
 * through them by one method call per filter in a loop on the calling thread. The JIT inlines the
 * calls, so this is what fusing the whole pipeline could achieve at best: the paper's "static
 * application where all operators are fused".
 *
 * <pre>{@code
 * Variant.Run r = new PlainChain(new Chain(31, 1, 0)).run(1 << 20);
 * }</pre>
 */
public final class PlainChain implements Variant {
    private final Chain chain;

    public PlainChain(Chain chain) {
        this.chain = chain;
    }

    @Override
    public Chain chain() {
        return chain;
    }

    @Override
    public String toString() {
        return "PlainChain[" + chain + "]";
    }

    @Override
    public Run run(long items) {
        Stage[] stages = new Stage[chain.filters()];
        for (int i = 0; i < stages.length; i++) {
            stages[i] = new Stage(chain.unitsPerFilter(), chain.work());
        }
        long start = System.nanoTime();
        double sum = 0;
        for (long k = 0; k < items; k++) {
            double x = (double) k;
            for (Stage stage : stages) {
                x = stage.apply(x);
            }
            sum += x;
        }
        long nanos = System.nanoTime() - start;
        return new Run(new Checksum(items, sum), nanos);
    }

    /** One filter as a plain object. */
    static final class Stage {
        private final int units;
        private final int work;

        Stage(int units, int work) {
            this.units = units;
            this.work = work;
        }

        double apply(double x) {
            return WorkUnit.applyUnits(x, units, work);
        }
    }
}
