package org.streamflex.runtime.clock;

import org.streamflex.RealTime;
import org.streamflex.RealTime.Backend;

/**
 * Chooses each clock's backend from the options and the platform. {@link Backend#AUTO} takes
 * RTSJ when the VM has it (its scheduler knows its own collector and priority inheritance, and
 * SCHED_FIFO set from outside would fight it), else Linux SCHED_FIFO, else park-and-spin. A
 * backend that is asked for but absent falls to the next one with a note; nothing here throws.
 */
public final class ClockBackends {
    private ClockBackends() {
    }

    /**
     * A backend and what the log should say about the choice.
     *
     * @param note why the requested backend is not the one chosen, or null
     * @param requested whether the user asked for a backend by name: its fallbacks are warnings
     */
    public record Choice(ClockBackend backend, String note, boolean requested) {
    }

    public static Choice choose(int periodMicros, RealTime options, ClockPlatform platform) {
        Backend wanted = options.backend();
        boolean requested = wanted != Backend.AUTO;
        if (periodMicros == 0) {
            String note = wanted == Backend.AUTO || wanted == Backend.PARK_SPIN ? null
                    : wanted.label() + " applies to periodic clocks only";
            return new Choice(new FreeRunningBackend(note), null, requested);
        }
        StringBuilder note = new StringBuilder();
        if (wanted == Backend.AUTO || wanted == Backend.RTSJ) {
            if (platform.rtsjLoader() != null) {
                try {
                    return new Choice(new RtsjBackend(platform.rtsjLoader(), periodMicros, options.spinMicros()),
                            null, requested);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    note.append("javax.realtime is present but unusable (").append(e).append("); ");
                }
            } else if (wanted == Backend.RTSJ) {
                note.append("rtsj requested but javax.realtime.RealtimeThread is not on the class path; ");
            }
        }
        if (wanted == Backend.AUTO || wanted == Backend.RTSJ || wanted == Backend.LINUX_FIFO) {
            if (platform.linux() != null) {
                try {
                    LinuxScheduling calls = platform.linux().get();
                    return new Choice(new LinuxFifoBackend(options, calls), noteOrNull(note), requested);
                } catch (RuntimeException e) {
                    note.append("Linux scheduling calls failed to load (").append(e).append("); ");
                }
            } else if (wanted == Backend.LINUX_FIFO) {
                note.append("linux-fifo requested but unavailable (").append(platform.linuxUnavailable()).append("); ");
            }
        }
        if (!note.isEmpty()) {
            note.append("using park-spin");
        }
        return new Choice(new ParkSpinBackend(options.spinMicros(), null), noteOrNull(note), requested);
    }

    private static String noteOrNull(StringBuilder note) {
        String text = note.toString().strip();
        if (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1);
        }
        return text.isEmpty() ? null : text;
    }
}
