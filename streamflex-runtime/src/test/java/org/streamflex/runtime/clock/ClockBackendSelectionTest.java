package org.streamflex.runtime.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.streamflex.RealTime;
import org.streamflex.RealTime.Backend;
import org.streamflex.StreamFlexError;

class ClockBackendSelectionTest {
    /** Sees the test stand-in javax.realtime package. */
    static final ClassLoader RTSJ = ClockBackendSelectionTest.class.getClassLoader();
    static final ClockPlatform EVERYTHING = new ClockPlatform(RTSJ, FakeLinux::new, null);
    static final ClockPlatform LINUX_ONLY = new ClockPlatform(null, FakeLinux::new, null);
    static final ClockPlatform NOTHING = new ClockPlatform(null, null, "not Linux but Plan 9");

    static ClockBackends.Choice choose(Backend backend, ClockPlatform platform) {
        return ClockBackends.choose(80, RealTime.defaults().withBackend(backend), platform);
    }

    @Test
    void autoPrefersRtsjThenLinuxThenParkSpin() {
        assertInstanceOf(RtsjBackend.class, choose(Backend.AUTO, EVERYTHING).backend());
        assertInstanceOf(LinuxFifoBackend.class, choose(Backend.AUTO, LINUX_ONLY).backend());
        ClockBackends.Choice plain = choose(Backend.AUTO, NOTHING);
        assertInstanceOf(ParkSpinBackend.class, plain.backend());
        assertNull(plain.note(), "nothing was asked for by name: no fallback to report");
    }

    @Test
    void aRequestedBackendThatIsAbsentFallsBackWithTheReason() {
        ClockBackends.Choice noRtsj = choose(Backend.RTSJ, LINUX_ONLY);
        assertInstanceOf(LinuxFifoBackend.class, noRtsj.backend());
        assertEquals("rtsj requested but javax.realtime.RealtimeThread is not on the class path", noRtsj.note());
        assertTrue(noRtsj.requested());

        ClockBackends.Choice noLinux = choose(Backend.LINUX_FIFO, NOTHING);
        assertInstanceOf(ParkSpinBackend.class, noLinux.backend());
        assertEquals("linux-fifo requested but unavailable (not Linux but Plan 9); using park-spin", noLinux.note());
    }

    @Test
    void anExplicitBackendIsTakenEvenWhenBetterOnesExist() {
        assertInstanceOf(ParkSpinBackend.class, choose(Backend.PARK_SPIN, EVERYTHING).backend());
        assertInstanceOf(LinuxFifoBackend.class, choose(Backend.LINUX_FIFO, EVERYTHING).backend());
    }

    @Test
    void freeRunningClocksAreNeverRealTime() {
        ClockBackends.Choice choice = ClockBackends.choose(0,
                RealTime.defaults().withBackend(Backend.LINUX_FIFO), EVERYTHING);
        assertInstanceOf(FreeRunningBackend.class, choice.backend());
        assertEquals("linux-fifo applies to periodic clocks only", choice.backend().enter().fallback());
        assertNull(ClockBackends.choose(0, RealTime.defaults().withBackend(Backend.AUTO), EVERYTHING)
                .backend().enter().fallback());
    }

    @Test
    void optionsComeFromSystemPropertiesAndRejectNonsense() {
        String[] keys = {"streamflex.clock.backend", "streamflex.clock.priority", "streamflex.clock.cpu",
            "streamflex.clock.lockMemory", "streamflex.clock.spinMicros"};
        String[] saved = new String[keys.length];
        for (int i = 0; i < keys.length; i++) {
            saved[i] = System.getProperty(keys[i]);
        }
        try {
            System.setProperty(keys[0], "LINUX-FIFO");
            System.setProperty(keys[1], "42");
            System.setProperty(keys[2], "1");
            System.setProperty(keys[3], "true");
            System.setProperty(keys[4], "35");
            assertEquals(new RealTime(Backend.LINUX_FIFO, 42, 1, true, 35), RealTime.defaults());
            assertEquals(5, RealTime.defaults().withCpu(5).cpu(), "code wins over the properties");

            System.setProperty(keys[0], "fifo");
            StreamFlexError bad = assertThrows(StreamFlexError.class, RealTime::defaults);
            assertEquals("system property streamflex.clock.backend=fifo is not one of auto, rtsj, linux-fifo,"
                    + " park-spin: fix it, or remove it to use the default auto", bad.getMessage());
            System.setProperty(keys[0], "auto");
            System.setProperty(keys[1], "high");
            bad = assertThrows(StreamFlexError.class, RealTime::defaults);
            assertEquals("system property streamflex.clock.priority=high is not an integer from 1 to 99: fix it, or"
                    + " remove it to use the default 80", bad.getMessage());
            System.setProperty(keys[1], "100");
            assertEquals("system property streamflex.clock.priority=100 is not an integer from 1 to 99: fix it, or"
                    + " remove it to use the default 80", assertThrows(StreamFlexError.class, RealTime::defaults)
                    .getMessage());
        } finally {
            for (int i = 0; i < keys.length; i++) {
                if (saved[i] == null) {
                    System.clearProperty(keys[i]);
                } else {
                    System.setProperty(keys[i], saved[i]);
                }
            }
        }
        IllegalArgumentException range = assertThrows(IllegalArgumentException.class,
                () -> RealTime.defaults().withPriority(100));
        assertEquals("priority 100 is outside SCHED_FIFO's 1..99", range.getMessage());
    }
}
