package org.streamflex.runtime.flight;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * A flight recording around a test: StreamFlex's events all enabled with no threshold and no
 * throttle, so that what a test does is recorded exactly, or all disabled. Read back from the
 * dumped file, as {@code jfr print} would.
 */
public final class FlightRecording implements AutoCloseable {
    /** Every event type this runtime writes. */
    public static final List<String> EVENTS = List.of("org.streamflex.Release", "org.streamflex.DeadlineMiss",
            "org.streamflex.ChannelDrop", "org.streamflex.FilterFailure", "org.streamflex.RegionFull",
            "org.streamflex.AtomicTurnedBack", "org.streamflex.FilterEvent");

    private final Recording recording = new Recording();
    private List<RecordedEvent> events;
    private Path file;

    private FlightRecording(boolean enabled) {
        for (String name : EVENTS) {
            if (enabled) {
                recording.enable(name).withThreshold(Duration.ZERO).with("throttle", "off");
            } else {
                recording.disable(name);
            }
        }
        recording.start();
    }

    /** Starts a recording with every StreamFlex event enabled, threshold 0, not throttled. */
    public static FlightRecording everything() {
        return new FlightRecording(true);
    }

    /** Starts a recording with every StreamFlex event disabled. */
    public static FlightRecording nothing() {
        return new FlightRecording(false);
    }

    /** Stops the recording (once) and returns its StreamFlex events named {@code name}, in order. */
    public List<RecordedEvent> events(String name) {
        return all().stream().filter(e -> e.getEventType().getName().equals(name)).toList();
    }

    /** Stops the recording (once) and returns all its StreamFlex events, in commit order. */
    public List<RecordedEvent> all() {
        if (events == null) {
            try {
                events = RecordingFile.readAllEvents(dumped()).stream()
                        .filter(e -> e.getEventType().getName().startsWith("org.streamflex."))
                        .sorted((a, b) -> a.getStartTime().compareTo(b.getStartTime()))
                        .toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return events;
    }

    /** Stops the recording (once) and counts its events named {@code name}, without keeping them. */
    public long count(String name) {
        long count = 0;
        try (RecordingFile file = new RecordingFile(dumped())) {
            while (file.hasMoreEvents()) {
                if (file.readEvent().getEventType().getName().equals(name)) {
                    count++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return count;
    }

    private Path dumped() throws IOException {
        if (file == null) {
            recording.stop();
            file = Files.createTempFile("streamflex-flight", ".jfr");
            recording.dump(file);
        }
        return file;
    }

    @Override
    public void close() {
        recording.close();
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
