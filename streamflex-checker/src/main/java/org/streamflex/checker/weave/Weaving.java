package org.streamflex.checker.weave;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.constant.ClassDesc;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.tools.Diagnostic;
import org.streamflex.checker.Program;
import org.streamflex.checker.weave.atomic.AtomicWeaver;
import org.streamflex.checker.weave.region.RegionWeaver;

/**
 * After javac has written the class files, rewrites those the plan names so that filters allocate
 * in their transient regions ({@link RegionWeaver}) and their {@code @Atomic} methods run as
 * transactions ({@link AtomicWeaver}), and records what it wove in the {@link WovenIndex}.
 * Without a class output directory (annotation processing off, or an in-memory compilation)
 * nothing can be woven: the plugin warns, and the runtime names the cause when a graph meets an
 * unwoven filter.
 */
public final class Weaving {
    private final JavacTask task;
    private final Program program;
    private final Trees trees;
    private final CompilationUnitTree anchor;
    private final ChannelRoles roles;

    public Weaving(JavacTask task, Program program, Trees trees, CompilationUnitTree anchor, ChannelRoles roles) {
        this.task = task;
        this.program = program;
        this.trees = trees;
        this.anchor = anchor;
        this.roles = roles;
    }

    public void run(Path output) {
        if (output == null) {
            if (program.reachable().stream().anyMatch(program.sources()::contains)) {
                trees.printMessage(Diagnostic.Kind.WARNING, "[StreamFlex] filter code was not woven: the plugin"
                        + " found no class output directory (javac without -d, annotation processing off with"
                        + " -proc:none, or classes not written to a directory). Filters then allocate on the"
                        + " heap, and a graph refuses filters with @Atomic methods. Compile with -d DIR and"
                        + " annotation processing on (the default when the plugin is on the processor path)",
                        anchor, anchor);
            }
            return;
        }
        WovenIndex index = WovenIndex.read(output);
        WeavePlanner planner = new WeavePlanner(program, index);
        List<ClassPlan> plan = planner.plan();
        if (plan.isEmpty()) {
            return;
        }
        ClassFile classFile = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
                new ElementsHierarchyResolver(task.getElements(), task.getTypes())
                        .orElse(ClassHierarchyResolver.defaultResolver())));
        RegionWeaver regions = new RegionWeaver(classFile, planner, roles);
        Map<ClassDesc, Path> files = new LinkedHashMap<>();
        Set<String> wovenForRegions = new LinkedHashSet<>();
        List<String> elsewhere = new ArrayList<>();
        for (ClassPlan entry : plan) {
            Path file = WovenIndex.classFile(output, entry.binaryName());
            if (!Files.isRegularFile(file)) {
                elsewhere.add(entry.binaryName());
                continue;
            }
            try {
                if (regions.weave(file, entry)) {
                    wovenForRegions.add(entry.binaryName());
                }
                files.put(ClassDesc.of(entry.binaryName()), file);
            } catch (IOException | RuntimeException e) {
                error("could not weave " + entry.binaryName() + " for regions: " + e);
            }
        }
        if (!elsewhere.isEmpty()) {
            warnNotInOutput(elsewhere, output);
        }
        Map<ClassDesc, Set<String>> copies;
        try {
            // After the region rewriting: the copies of @Atomic code allocate as the originals do.
            copies = new AtomicWeaver(classFile).weaveAll(files, index);
        } catch (IOException | RuntimeException e) {
            error("could not make @Atomic methods transactional: " + e);
            return;
        }
        for (ClassPlan entry : plan) {
            if (wovenForRegions.contains(entry.binaryName())) {
                index.put(new WovenIndex.Entry(entry.binaryName(), true, entry.recyclable(),
                        copies.getOrDefault(ClassDesc.of(entry.binaryName()), Set.of())));
            }
        }
        try {
            index.write(output);
        } catch (IOException e) {
            trees.printMessage(Diagnostic.Kind.WARNING, "[StreamFlex] could not write the index of woven classes "
                    + WovenIndex.RESOURCE + ": " + e + "; a later compilation of part of the sources may weave"
                    + " less than this one", anchor, anchor);
        }
    }

    /**
     * Every planned class was compiled in this compilation, so its class file should be in the class
     * output directory. It is not when javac runs without {@code -d}: it then writes each class file
     * next to its source, while resources (the probe's) go to the working directory.
     */
    private void warnNotInOutput(List<String> elsewhere, Path output) {
        String named = String.join(", ", elsewhere.subList(0, Math.min(3, elsewhere.size())))
                + (elsewhere.size() > 3 ? " and " + (elsewhere.size() - 3) + " more" : "");
        trees.printMessage(Diagnostic.Kind.WARNING, "[StreamFlex] filter code was not woven: the class files of "
                + named + " are not in the class output directory " + output + " (javac without -d writes"
                + " class files next to their sources). Filters then allocate on the heap, and a graph refuses"
                + " filters with @Atomic methods. Compile with -d DIR", anchor, anchor);
    }

    private void error(String message) {
        trees.printMessage(Diagnostic.Kind.ERROR, "[StreamFlex] " + message, anchor, anchor);
    }
}
