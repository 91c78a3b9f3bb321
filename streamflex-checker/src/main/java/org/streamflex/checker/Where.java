package org.streamflex.checker;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;

/** Names the code a tree is in, for messages: "Foo.work()", "the constructor of Foo". */
public final class Where {
    private Where() {
    }

    public static String code(TreePath path, SourceClass c) {
        boolean inLambda = false;
        for (TreePath p = path; p != null; p = p.getParentPath()) {
            Tree leaf = p.getLeaf();
            if (leaf instanceof LambdaExpressionTree) {
                inLambda = true;
            } else if (leaf instanceof MethodTree method) {
                String name = method.getName().contentEquals("<init>")
                        ? "the constructor of " + c.displayName()
                        : c.displayName() + "." + method.getName() + "()";
                return inLambda ? "a lambda in " + name : name;
            } else if (leaf instanceof ClassTree) {
                break;
            }
        }
        return "an initializer of " + c.displayName();
    }
}
