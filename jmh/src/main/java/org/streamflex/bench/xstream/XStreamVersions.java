package org.streamflex.bench.xstream;

import java.util.ArrayList;
import java.util.List;
import org.streamflex.bench.xstream.XStreamWorkloads.Workload;

/**
 * Every version of every workload, in the order the harness prints them. A new version is added
 * here, and nowhere else: {@link XStreamMain}'s table, {@link XStreamBenchmark} and the tests that
 * compare checksums all read this list.
 *
 * <pre>{@code
 * for (Version v : XStreamVersions.of(Workload.PASSCHAIN)) { ... }
 * Version plain = XStreamVersions.find(Workload.PASSCHAIN, Version.PLAIN);
 * }</pre>
 */
public final class XStreamVersions {
    private XStreamVersions() {
    }

    /** All versions, workload by workload. */
    public static List<Version> all() {
        List<Version> all = new ArrayList<>();
        all.addAll(PlainVersions.versions());
        all.addAll(PerSampleVersions.versions());
        all.addAll(ConventionalVersions.versions());
        all.addAll(SegVersions.versions());
        return List.copyOf(all);
    }

    /** The versions of one workload, none for a workload not built yet. */
    public static List<Version> of(Workload workload) {
        return all().stream().filter(v -> v.workload() == workload).toList();
    }

    /**
     * The version of {@code workload} named {@code name}.
     *
     * @throws IllegalArgumentException if there is none, naming those there are
     */
    public static Version find(Workload workload, String name) {
        List<Version> versions = of(workload);
        return versions.stream().filter(v -> v.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(workload + " has no version " + name + "; it has "
                        + versions.stream().map(Version::name).toList()));
    }
}
