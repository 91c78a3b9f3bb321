package org.streamflex.checker;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.lang.constant.ClassDesc;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.Diagnostic;
import org.streamflex.checker.weave.AtomicWeaver;
import org.streamflex.checker.weave.ClassPlan;
import org.streamflex.checker.weave.RegionWeaver;
import org.streamflex.checker.weave.OutputDirectoryProbe;

/**
 * After javac has written the class files, rewrites those of the reachable class set so that
 * filters allocate their arrays in their transient regions ({@link RegionWeaver}) and their
 * {@code @Atomic} methods run as transactions ({@link AtomicWeaver}), and lists them in
 * {@link OutputDirectoryProbe#RESOURCE}. Without a class output directory (annotation processing
 * off, or an in-memory compilation) nothing is woven and the program still runs, allocating on the
 * heap; the plugin says so once.
 */
final class RegionWeaving {
    private final ProgramCheck check;
    private final Trees trees;
    private final CompilationUnitTree anchor;

    RegionWeaving(ProgramCheck check, Trees trees, CompilationUnitTree anchor) {
        this.check = check;
        this.trees = trees;
        this.anchor = anchor;
    }

    void run(Path output) {
        List<ClassPlan> plan = check.weavingPlan();
        if (plan.isEmpty() || anchor == null) {
            return;
        }
        if (output == null) {
            trees.printMessage(Diagnostic.Kind.NOTE, "[StreamFlex] filter classes were not woven for regions"
                    + " (annotation processing is off, or classes are not written to a directory): their"
                    + " arrays are allocated on the heap", anchor, anchor);
            return;
        }
        RegionWeaver weaver = new RegionWeaver(check.task().getElements(), check.task().getTypes(), plan);
        AtomicWeaver atomic = new AtomicWeaver(check.task().getElements(), check.task().getTypes());
        List<String> woven = new ArrayList<>();
        Map<ClassDesc, Path> files = new LinkedHashMap<>();
        for (ClassPlan entry : plan) {
            Path classFile = output.resolve(entry.binaryName().replace('.', '/') + ".class");
            if (!Files.isRegularFile(classFile)) {
                continue;
            }
            try {
                if (weaver.weave(classFile, entry)) {
                    woven.add(entry.binaryName());
                }
            } catch (IOException | RuntimeException e) {
                trees.printMessage(Diagnostic.Kind.WARNING, "[StreamFlex] could not weave " + entry.binaryName()
                        + " for regions, it keeps allocating on the heap: " + e, anchor, anchor);
            }
            files.put(ClassDesc.of(entry.binaryName()), classFile);
        }
        try {
            // After the region rewriting: the copies of @Atomic code allocate as the originals do.
            atomic.weaveAll(files);
        } catch (IOException | RuntimeException e) {
            trees.printMessage(Diagnostic.Kind.ERROR, "[StreamFlex] could not make @Atomic methods transactional: "
                    + e, anchor, anchor);
        }
        try {
            Path list = output.resolve(OutputDirectoryProbe.RESOURCE);
            Files.createDirectories(list.getParent());
            Files.writeString(list, String.join("\n", woven) + "\n",
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            trees.printMessage(Diagnostic.Kind.WARNING, "[StreamFlex] could not list the woven classes: " + e, anchor, anchor);
        }
    }
}
