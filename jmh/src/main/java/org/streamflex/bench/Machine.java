package org.streamflex.bench;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What a measurement ran on, printed with it (the hybrid harness prints all of it, XStreamMain its caches
 * and load): the CPU, the cores this process may use (what
 * {@code taskset} allowed), the caches, the JDK, its collector and heap, the load average.
 *
 * <pre>{@code
 * Machine.describe().forEach(System.out::println);
 * }</pre>
 */
public final class Machine {
    private Machine() {
    }

    public static List<String> describe() {
        String cpu = cpu();
        String gc = collectors();
        return List.of(
                "machine: " + cpu + ", " + cores() + " core(s) available to this process (CPUs " + allowedCpus()
                        + "), " + System.getProperty("os.name") + " " + System.getProperty("os.version")
                        + "; caches: " + caches(),
                "JDK: " + System.getProperty("java.vm.name") + " " + Runtime.version() + " ("
                        + System.getProperty("java.vendor") + "), GC " + gc + ", max heap "
                        + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB",
                "load average at the start: " + loadAverage());
    }

    /** The CPU model as Linux names it, or "unknown CPU". */
    public static String cpu() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse("unknown CPU");
        } catch (IOException | RuntimeException e) {
            return "unknown CPU"; // not Linux
        }
    }

    /** The JVM's garbage collectors, by name. */
    public static String collectors() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName)
                .collect(Collectors.joining(", "));
    }

    /** The cores the JVM may run on: it honours the process's CPU affinity (taskset). */
    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** The CPUs the affinity mask allows, as Linux lists them ("0", "0-1"), or "unknown". */
    public static String allowedCpus() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("Cpus_allowed_list:"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse("unknown");
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** The data caches of CPU 0 as Linux describes them ("L1d 32K, L2 1024K, L3 32768K"). */
    public static String caches() {
        List<String> levels = new ArrayList<>();
        for (int index = 0; index < 8; index++) {
            Path dir = Path.of("/sys/devices/system/cpu/cpu0/cache/index" + index);
            try {
                String type = Files.readString(dir.resolve("type")).strip();
                if (type.equals("Instruction")) {
                    continue;
                }
                String level = Files.readString(dir.resolve("level")).strip();
                String size = Files.readString(dir.resolve("size")).strip();
                levels.add("L" + level + (type.equals("Data") ? "d" : "") + " " + size);
            } catch (IOException | RuntimeException e) {
                break;
            }
        }
        return levels.isEmpty() ? "unknown" : String.join(", ", levels);
    }

    public static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).strip().split(" ", 4);
            return String.join(" ", fields[0], fields[1], fields[2]) + " (1, 5, 15 min)";
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
