package org.streamflex.checker.weave;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What earlier compilations into the same class output directory wove, kept in
 * {@value #RESOURCE}, so that a compilation of a subset of the sources weaves those classes as
 * the whole program did. IDEs and incremental builds recompile only changed files: a helper class
 * recompiled alone no longer has the filter that reaches it in its compilation, yet it must again
 * get its region rewriting, its recycling members and the {@code @Atomic} copies other classes
 * call. Entries whose class file is gone are dropped; classes of the current compilation replace
 * their entries.
 *
 * <p>One line per woven class: its binary name, then {@code regions}, {@code recyclable} and one
 * {@code atomic:name:descriptor} per method with a transactional copy.
 *
 * <pre>
 * # StreamFlex woven classes, ABI 2
 * org.example.Acc2 regions recyclable
 * org.example.Reader regions atomic:write:([B)I
 * </pre>
 */
public final class WovenIndex {
    /** Where the index lives in the class output directory (created there by {@link OutputDirectoryProbe}). */
    public static final String RESOURCE = "META-INF/streamflex/woven-classes.txt";

    /** What was woven into one class. */
    public record Entry(String binaryName, boolean regions, boolean recyclable, Set<String> atomicCopies) {
        String line() {
            StringBuilder line = new StringBuilder(binaryName);
            if (regions) {
                line.append(" regions");
            }
            if (recyclable) {
                line.append(" recyclable");
            }
            for (String copy : atomicCopies) {
                line.append(" atomic:").append(copy);
            }
            return line.toString();
        }

        static Entry parse(String line) {
            String[] parts = line.trim().split("\\s+", -1);
            boolean regions = false;
            boolean recyclable = false;
            Set<String> copies = new LinkedHashSet<>();
            for (int i = 1; i < parts.length; i++) {
                if (parts[i].equals("regions")) {
                    regions = true;
                } else if (parts[i].equals("recyclable")) {
                    recyclable = true;
                } else if (parts[i].startsWith("atomic:")) {
                    copies.add(parts[i].substring("atomic:".length()));
                }
            }
            return new Entry(parts[0], regions, recyclable, copies);
        }
    }

    private final Map<String, Entry> entries = new LinkedHashMap<>();

    /** The index in {@code output}, without entries whose class file is gone; empty if there is none. */
    public static WovenIndex read(Path output) {
        WovenIndex index = new WovenIndex();
        Path file = output.resolve(RESOURCE);
        if (!Files.isRegularFile(file)) {
            return index;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                Entry e = Entry.parse(line);
                if (Files.isRegularFile(classFile(output, e.binaryName()))) {
                    index.entries.put(e.binaryName(), e);
                }
            }
        } catch (IOException | RuntimeException e) {
            // An unreadable index weaves as a fresh build would: only what this compilation reaches.
        }
        return index;
    }

    public static Path classFile(Path output, String binaryName) {
        return output.resolve(binaryName.replace('.', '/') + ".class");
    }

    public Entry get(String binaryName) {
        return entries.get(binaryName);
    }

    /** Whether an earlier compilation rewrote the class's allocations (it is reached from filter code). */
    public boolean regions(String binaryName) {
        Entry e = entries.get(binaryName);
        return e != null && e.regions();
    }

    /** The methods ({@code name:descriptor}) that had transactional copies. */
    public Set<String> atomicCopies(String binaryName) {
        Entry e = entries.get(binaryName);
        return e == null ? Set.of() : e.atomicCopies();
    }

    public void put(Entry entry) {
        entries.put(entry.binaryName(), entry);
    }

    public List<Entry> entries() {
        return new ArrayList<>(entries.values());
    }

    public void write(Path output) throws IOException {
        Path file = output.resolve(RESOURCE);
        Files.createDirectories(file.getParent());
        StringBuilder text = new StringBuilder("# StreamFlex woven classes, ABI ").append(AbiCalls.ABI_VERSION)
                .append('\n');
        for (Entry e : entries.values()) {
            text.append(e.line()).append('\n');
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
