package org.streamflex.bench.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.streamflex.bench.hybrid.ChainGraph.Stages;
import org.streamflex.bench.hybrid.GraphChain.Mode;
import org.streamflex.bench.hybrid.ThreadChain.Queues;

class VariantsAgreeTest {
    static final long ITEMS = 512;

    static List<Variant> everyVariant(Chain chain) {
        List<Variant> all = new ArrayList<>();
        all.add(new PlainChain(chain));
        for (Queues queues : Queues.values()) {
            all.add(new ThreadChain(chain, queues));
        }
        for (Stages stages : Stages.values()) {
            for (int batch : new int[] {1, 7, 100, 1000}) {
                for (Mode mode : Mode.values()) {
                    all.add(new GraphChain(chain, stages, batch, mode));
                }
            }
        }
        return all;
    }

    @Test
    void everyVariantOfEveryChainGivesThePlainLoopsChecksum() throws InterruptedException {
        for (Chain chain : List.of(new Chain(3, 1, 0), new Chain(2, 1, 10), new Chain(1, 2, 5), new Chain(31, 1, 0))) {
            Checksum want = new Expected(chain.units(), chain.work()).of(ITEMS);
            for (Variant v : everyVariant(chain)) {
                assertEquals(want, v.run(ITEMS).checksum(), v.toString());
            }
        }
    }

    @Test
    void everyExperimentRowRunsItsChainCorrectly() throws InterruptedException {
        for (Section section : Experiments.all()) {
            for (Section.Row row : section.rows()) {
                Chain chain = row.impl().chain();
                assertEquals(new Expected(chain.units(), chain.work()).of(64), row.impl().run(64).checksum(),
                        section.id() + " " + row.key() + " " + row.variant());
            }
        }
    }

    @Test
    void twoFiltersOfHalfTheWorkComputeWhatTheirFusionDoes() throws InterruptedException {
        Checksum two = new GraphChain(new Chain(2, 1, 500), Stages.DYNAMIC, 1, Mode.DRIVEN).run(ITEMS).checksum();
        Checksum one = new GraphChain(new Chain(1, 2, 500), Stages.DYNAMIC, 1, Mode.DRIVEN).run(ITEMS).checksum();
        Checksum plain = new PlainChain(new Chain(1, 2, 500)).run(ITEMS).checksum();
        assertEquals(two, one);
        assertEquals(two, plain);
    }

    @Test
    void theChecksumSeesAFilterThatSkipsItsWork() throws InterruptedException {
        Checksum eight = new PlainChain(new Chain(8, 1, 10)).run(ITEMS).checksum();
        assertNotEquals(eight, new PlainChain(new Chain(7, 1, 10)).run(ITEMS).checksum());
        assertNotEquals(eight, new PlainChain(new Chain(8, 1, 9)).run(ITEMS).checksum());
    }

    @Test
    void theWorkUnitIsThePapersLoop() {
        // x += i * 3.0 - 1.0 for i = 0, 1, 2: -1, +2, +5
        assertEquals(10.0 + 6.0, WorkUnit.apply(10.0, 3));
        assertEquals(10.0 + 12.0, WorkUnit.applyUnits(10.0, 2, 3));
        assertEquals(10.0, WorkUnit.apply(10.0, 0));
        // sum over k < 4 of (k + 6): 6 + 7 + 8 + 9
        assertEquals(new Checksum(4, 30.0), new Expected(1, 3).of(4));
    }
}
