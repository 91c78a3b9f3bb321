package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MarmotConfigTest {
    private static String refusal(double low, double high, double rate) {
        return assertThrows(IllegalArgumentException.class,
                () -> MarmotConfig.defaults().withBand(low, high).checkBandAt("A", rate)).getMessage();
    }

    @Test
    void theDefaultBandServesEveryRateFrom16Kilohertz() {
        for (double rate : new double[] {ArrayRecording.MIN_RATE, 22_050, 44_100, 48_000, 96_000}) {
            MarmotConfig.defaults().checkBandAt("A", rate);
        }
        // An upper edge past Nyquist keeps the bins up to it.
        MarmotConfig.defaults().withBand(2_000, 20_000).checkBandAt("A", 16_000);
    }

    @Test
    void aBandBetweenTwoBinsIsRefusedNamingTheNodeTheRateAndTheBinsAroundIt() {
        assertEquals("node A: the band 3000:3100 Hz holds no bin of the detector's 32-point spectrum at 44100 Hz"
                + " sampling (bins every 1378.1 Hz, from 1378.1 to 20671.9 Hz without DC and Nyquist): it lies"
                + " between the bins at 2756 and 4134 Hz; give a --band that holds one", refusal(3_000, 3_100, 44_100));
        // Between the last bin and Nyquist, which carries no direction.
        assertEquals("node A: the band 7600:8000 Hz holds no bin of the detector's 32-point spectrum at 16000 Hz"
                + " sampling (bins every 500.0 Hz, from 500.0 to 7500.0 Hz without DC and Nyquist): it lies"
                + " between the bins at 7500 and 8000 Hz; give a --band that holds one", refusal(7_600, 8_000, 16_000));
        // Below the first bin: DC alone carries no direction either.
        assertEquals("node A: the band 0:400 Hz holds no bin of the detector's 32-point spectrum at 16000 Hz"
                + " sampling (bins every 500.0 Hz, from 500.0 to 7500.0 Hz without DC and Nyquist): it lies"
                + " between the bins at 0 and 500 Hz; give a --band that holds one", refusal(0, 400, 16_000));
    }

    @Test
    void aBandAboveNyquistIsRefusedSayingSo() {
        assertEquals("node A: the band 9000:12000 Hz holds no bin of the detector's 32-point spectrum at 16000 Hz"
                + " sampling (bins every 500.0 Hz, from 500.0 to 7500.0 Hz without DC and Nyquist): its lower edge"
                + " is at or past Nyquist (8000 Hz); give a --band that holds one", refusal(9_000, 12_000, 16_000));
    }
}
