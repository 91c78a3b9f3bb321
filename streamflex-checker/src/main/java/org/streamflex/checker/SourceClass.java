package org.streamflex.checker;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.TreePath;
import javax.lang.model.element.TypeElement;

/** A class whose source is being compiled: its element, its tree and where the tree is. */
public record SourceClass(TypeElement element, ClassTree tree, TreePath path) {
    public CompilationUnitTree unit() {
        return path.getCompilationUnit();
    }

    /** The name a user knows the class by: simple name, or the enclosing class's for anonymous ones. */
    public String displayName() {
        return TypeFacts.displayName(element);
    }
}
