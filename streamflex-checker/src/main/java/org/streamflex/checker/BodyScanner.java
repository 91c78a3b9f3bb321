package org.streamflex.checker;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.util.TreePathScanner;

/**
 * Visits the code of one class: its members, initializers, method bodies and lambdas, but not the
 * bodies of classes declared inside it (member, local or anonymous), which are classes of their
 * own and are checked as such.
 */
public abstract class BodyScanner extends TreePathScanner<Void, Void> {
    private ClassTree root;

    /** Scans the code of {@code c}. */
    public final void scanClass(SourceClass c) {
        root = c.tree();
        scan(c.path(), null);
    }

    @Override
    public Void visitClass(ClassTree node, Void unused) {
        return node == root ? super.visitClass(node, null) : null;
    }

    @Override
    public Void visitNewClass(NewClassTree node, Void unused) {
        onNewClass(node);
        scan(node.getEnclosingExpression(), null);
        scan(node.getIdentifier(), null);
        scan(node.getTypeArguments(), null);
        scan(node.getArguments(), null);
        return null; // an anonymous body is a class of its own
    }

    /** Called for every {@code new C(...)}, including anonymous classes, before its arguments. */
    protected void onNewClass(NewClassTree node) {
    }
}
