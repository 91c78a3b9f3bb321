package org.streamflex.bench.streamit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streamflex.bench.streamit.plain.PlainPrograms;
import org.streamflex.bench.streamit.plain.PlainPrograms.Program;
import org.streamflex.bench.streamit.plain.SingleThreadRunner;
import org.streamflex.bench.streamit.plain.ThreadedRunner;

/** The baselines compute what StreamIt computes: a benchmark against wrong code would mean nothing. */
@Timeout(600) // a guard against a hang, not a limit on speed: a busy machine is slower, never wrong
class PlainBaselinesTest {
    static int firstMismatch(float[] expected, float[] got, int n) {
        for (int i = 0; i < n; i++) {
            double diff = Math.abs((double) got[i] - expected[i]);
            if (diff > 1e-5 && diff > 1e-5 * Math.abs((double) expected[i])) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void singleThreadedBaselinesMatchTheTraces() throws Exception {
        check("filterbank-new.out", PlainPrograms.filterBank(100_000));
        check("serialized-beamformer.out", PlainPrograms.beamFormer(100_000));
    }

    private static void check(String trace, Program program) throws Exception {
        float[] expected = ReferenceTrace.load(trace);
        new SingleThreadRunner(program.graph()).run(expected.length / program.outputsPerIteration());
        assertEquals(expected.length, program.printer().count);
        assertEquals(-1, firstMismatch(expected, program.printer().kept, expected.length), trace);
    }

    @Test
    void threadedBaselinesMatchTheTraces() throws Exception {
        for (String trace : new String[] {"filterbank-new.out", "serialized-beamformer.out"}) {
            Program program = trace.startsWith("filterbank") ? PlainPrograms.filterBank(4000)
                    : PlainPrograms.beamFormer(4000);
            try (ThreadedRunner runner = new ThreadedRunner(program.graph(), program.printer(),
                    program.outputsPerIteration())) {
                runner.run(4000 / program.outputsPerIteration());
            }
            float[] expected = ReferenceTrace.load(trace);
            assertEquals(-1, firstMismatch(expected, program.printer().kept, 4000), trace);
        }
    }
}
