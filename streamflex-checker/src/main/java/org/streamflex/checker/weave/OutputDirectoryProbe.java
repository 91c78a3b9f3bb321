package org.streamflex.checker.weave;

import java.nio.file.Path;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Finds where javac writes class files, for the weaver. A javac plugin has no public way to learn
 * it, but an annotation processor does: the {@code Filer} creates a resource in the class output
 * and tells its location. This processor claims no annotation and generates nothing else; it
 * runs because it sits on the processor path with the plugin (javac runs processors found there).
 * Compilation is single-threaded, so the plugin reads the location on the same thread.
 */
@SupportedAnnotationTypes("*")
public final class OutputDirectoryProbe extends AbstractProcessor {
    /** The resource the probe creates: the index of woven classes. */
    public static final String RESOURCE = WovenIndex.RESOURCE;

    private static final ThreadLocal<Path> OUTPUT = new ThreadLocal<>();

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        try {
            FileObject probe = env.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", RESOURCE);
            Path output = Path.of(probe.toUri()).getParent().getParent().getParent();
            if (output.getParent() == null) {
                // javac without -d: class files go next to their sources and resources to the root of
                // the file system. There is no class output directory to weave in (or to litter).
                OUTPUT.remove();
                return;
            }
            OUTPUT.set(output);
        } catch (Exception e) {
            OUTPUT.remove(); // no file-system class output (an in-memory compile): nothing to weave
        }
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        return false;
    }

    /** The class output directory of the compilation on this thread, or null; forgets it. */
    public static Path take() {
        Path output = OUTPUT.get();
        OUTPUT.remove();
        return output;
    }
}
