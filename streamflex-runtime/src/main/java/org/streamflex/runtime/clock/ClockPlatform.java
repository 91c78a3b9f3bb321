package org.streamflex.runtime.clock;

import java.util.function.Supplier;

/**
 * What the platform offers the clocks: an RTSJ API, and Linux scheduling calls. A value so that
 * backend selection can be tested against any platform.
 *
 * @param rtsjLoader the class loader that sees {@code javax.realtime}, or null if none does
 * @param linux makes the Linux calls for one clock thread, or null if they are unavailable
 * @param linuxUnavailable why {@code linux} is null, for the log
 */
public record ClockPlatform(ClassLoader rtsjLoader, Supplier<LinuxScheduling> linux, String linuxUnavailable) {
    /**
     * This JVM: RTSJ if the runtime's class loader sees it, Linux calls if this is Linux. The FFM
     * bindings load only when a Linux backend is chosen, so a JVM that runs park-spin clocks never
     * makes a restricted call (nor sees Java's warning about one).
     */
    public static ClockPlatform current() {
        ClassLoader loader = ClockPlatform.class.getClassLoader();
        String os = System.getProperty("os.name", "");
        boolean linux = os.startsWith("Linux");
        return new ClockPlatform(RtsjBackend.isAvailable(loader) ? loader : null,
                linux ? NativeLinuxScheduling::create : null, linux ? null : "not Linux but " + os);
    }
}
