package org.streamflex.checker;

import com.sun.source.util.JavacTask;
import com.sun.source.util.Plugin;

/**
 * The javac plugin {@code -Xplugin:StreamFlex}: enforces the ownership rules of the StreamFlex
 * paper (section 4) on every class a filter can reach, and reports violations as compile errors.
 *
 * <pre>
 * javac -cp streamflex-api.jar -processorpath streamflex-checker.jar -Xplugin:StreamFlex MyFilter.java
 * </pre>
 */
public final class StreamFlexPlugin implements Plugin {
    @Override
    public String getName() {
        return "StreamFlex";
    }

    @Override
    public void init(JavacTask task, String... args) {
        task.addTaskListener(new WholeProgramListener(task));
    }

    @Override
    public boolean autoStart() {
        return false;
    }
}
