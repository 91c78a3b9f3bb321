package org.streamflex.checker;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/** A class whose source is being compiled: its element, its tree and where the tree is. */
public record SourceClass(TypeElement element, ClassTree tree, TreePath path) {
    public CompilationUnitTree unit() {
        return path.getCompilationUnit();
    }

    /** The name a user knows the class by: simple name, or the enclosing class's for anonymous ones. */
    public String displayName() {
        return TypeFacts.displayName(element);
    }

    /** The instance fields the class declares, with their trees. */
    public List<Field> instanceFields(Trees trees) {
        List<Field> fields = new ArrayList<>();
        for (Tree member : tree.getMembers()) {
            TreePath field = new TreePath(path, member);
            if (member instanceof VariableTree
                    && trees.getElement(field) instanceof VariableElement element
                    && element.getKind() == ElementKind.FIELD && !element.getModifiers().contains(Modifier.STATIC)) {
                fields.add(new Field(field, element));
            }
        }
        return fields;
    }

    /** An instance field: where its declaration is, and its element. */
    public record Field(TreePath path, VariableElement element) {
        public VariableTree tree() {
            return (VariableTree) path.getLeaf();
        }

        public String name() {
            return tree().getName().toString();
        }
    }

}
