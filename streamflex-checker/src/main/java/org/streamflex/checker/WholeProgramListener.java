package org.streamflex.checker;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import org.streamflex.checker.weave.ChannelRoles;
import org.streamflex.checker.weave.OutputDirectoryProbe;
import org.streamflex.checker.weave.Weaving;

/**
 * Feeds each top-level class to the {@link ProgramCheck} when javac has analyzed it, and lets the
 * check decide once every class of the compilation has been analyzed.
 *
 * <p>javac's default policy attributes, lowers and generates class by class, so a class's trees
 * are fully attributed only right after its own analysis: later, lowering has rewritten them.
 * That is when the check reads them. The reachable class set needs every class, so decisions wait
 * until the last class entered has been analyzed, which is still before it is generated: errors
 * reported then fail the compilation like any other. A compilation that has errors of its own may
 * never analyze every class; it fails without our verdict.
 */
final class WholeProgramListener implements TaskListener {
    private final Trees trees;
    private final Set<TypeElement> entered = new HashSet<>();
    private final ProgramCheck check;
    private final Set<TypeElement> analyzed = new HashSet<>();
    private final ChannelRoles roles;
    private boolean decided;
    /** Where to attach messages that concern no particular line. */
    private CompilationUnitTree firstUnit;

    WholeProgramListener(JavacTask task) {
        this.trees = Trees.instance(task);
        this.check = new ProgramCheck(task, entered::contains);
        this.roles = new ChannelRoles(trees, task.getElements(), task.getTypes());
    }

    @Override
    public void finished(TaskEvent e) {
        if (e.getKind() == TaskEvent.Kind.ENTER && e.getCompilationUnit() != null) {
            CompilationUnitTree unit = e.getCompilationUnit();
            if (firstUnit == null) {
                firstUnit = unit;
            }
            for (Tree decl : unit.getTypeDecls()) {
                if (decl instanceof ClassTree) {
                    Element element = trees.getElement(new TreePath(new TreePath(unit), decl));
                    if (element instanceof TypeElement type) {
                        entered.add(type);
                    }
                }
            }
        } else if (e.getKind() == TaskEvent.Kind.ANALYZE && e.getTypeElement() != null && !decided) {
            TypeElement type = e.getTypeElement();
            TreePath path = trees.getPath(type);
            if (path != null && analyzed.add(type)) {
                check.analyze(path);
                roles.collect(path);
            }
            if (analyzed.containsAll(entered)) {
                decided = true;
                check.decide();
            }
        } else if (e.getKind() == TaskEvent.Kind.COMPILATION) {
            // Every class file is written now: weave the reachable ones.
            Program program = check.program();
            if (program != null && check.errors() == 0 && firstUnit != null) {
                new Weaving(check.task(), program, trees, firstUnit, roles).run(OutputDirectoryProbe.take());
            }
        }
    }
}
