package org.streamflex.runtime.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.EventType;
import jdk.jfr.SettingDescriptor;
import org.junit.jupiter.api.Test;

/**
 * The runtime README's table of flight recorder events says what the event classes declare: every
 * event is in it, and its "default" column names the threshold, the throttle and whether the
 * stack trace is recorded exactly when the class's annotations set them.
 */
class FlightDefaultsTest {
    private static final Pattern ROW = Pattern.compile("^\\| `(org\\.streamflex\\.\\w+)` \\|[^|]*\\| ([^|]*) \\|.*$");
    private static final List<Class<? extends jdk.jfr.Event>> EVENT_CLASSES = List.of(ReleaseEvent.class,
            DeadlineMissEvent.class, ChannelDropEvent.class, FilterFailureEvent.class, RegionFullEvent.class,
            AtomicTurnedBackEvent.class, RaisedFilterEvent.class);

    @Test
    void theReadmeTableStatesEachEventsDefaults() throws IOException {
        Map<String, String> documented = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("README.md"))) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                documented.put(row.group(1), row.group(2));
            }
        }
        List<String> problems = new ArrayList<>();
        Map<String, String> declared = new TreeMap<>();
        for (Class<? extends jdk.jfr.Event> type : EVENT_CLASSES) {
            EventType event = EventType.getEventType(type);
            declared.put(event.getName(), "");
            String text = documented.getOrDefault(event.getName(), "");
            String threshold = setting(event, "threshold");
            String throttle = setting(event, "throttle");
            check(problems, event, text, "enabled", setting(event, "enabled").equals("true"));
            check(problems, event, text, "threshold " + threshold, threshold != null && !threshold.equals("0 ns"));
            check(problems, event, text, "throttled to " + throttle, throttle != null && !throttle.equals("off"));
            check(problems, event, text, "with the stack trace", "true".equals(setting(event, "stackTrace")));
        }
        assertEquals(declared.keySet(), documented.keySet(), "the README's table lists exactly the events");
        assertEquals(FlightRecording.EVENTS.stream().sorted().toList(), List.copyOf(declared.keySet()),
                "the tests record every event");
        assertTrue(problems.isEmpty(), () -> String.join("\n", problems));
    }

    private static void check(List<String> problems, EventType event, String text, String phrase, boolean declared) {
        if (declared != text.contains(phrase)) {
            problems.add(event.getName() + ": the class " + (declared ? "declares" : "does not declare") + " '"
                    + phrase + "', the README's default column says: " + text);
        }
    }

    private static String setting(EventType event, String name) {
        for (SettingDescriptor s : event.getSettingDescriptors()) {
            if (s.getName().equals(name)) {
                return s.getDefaultValue();
            }
        }
        return null;
    }
}
