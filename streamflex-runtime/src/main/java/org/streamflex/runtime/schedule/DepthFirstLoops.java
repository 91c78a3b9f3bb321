package org.streamflex.runtime.schedule;

import static java.lang.constant.ConstantDescs.CD_Throwable;
import static java.lang.constant.ConstantDescs.CD_int;

import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.AccessFlag;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.streamflex.Filter;
import org.streamflex.runtime.channel.LongRing;
import org.streamflex.runtime.channel.OneSlot;

/**
 * Generates a {@link DepthFirstLoop} per chain: a hidden class (JDK's {@code java.lang.classfile}
 * and {@link MethodHandles.Lookup#defineHiddenClass}) whose loop body calls each filter's
 * {@code work()} at a call site of its own, as if written out by hand:
 *
 * <pre>{@code
 * for (int i = 0; i < n; i++) {
 *     scope.current = 0;
 *     try { head.hold(in.take()); f0.work(); } catch (Throwable e) { return chain.failed(e, 0, i); }
 *     t0.betweenFirings();
 *     scope.current = 1;
 *     try { f1.work(); } catch (Throwable e) { return chain.failed(e, 1, i); }
 *     t1.betweenFirings();
 *     ...
 * }
 * return n;
 * }</pre>
 *
 * <p>The JIT keeps a type profile per call site, so each {@code work()} call sees one filter class
 * and is inlined, and the whole chain becomes one loop body in which an item goes from filter to
 * filter through one-slot channels. A loop written in Java ({@link DepthFirstLoop.Plain}) has one
 * call site for all filters: it sees every class of the chain and calls through the vtable. Each
 * chain shape (its filters' classes in order, its head slot's class, which filters are quiet) gets
 * a class of its own even when another chain has the same length, because the profile is per class:
 * two chains of different filters sharing a class would share call sites. Chains of the same shape
 * share one, which is why the loop is a stateless object: a graph built again (a benchmark's
 * rounds, a service that rebuilds its graph) then finds the loop compiled instead of running a
 * new class in the interpreter and C1 while C2 compiles it, which for a chain of 31 filters took
 * longer than a 50 ms round and left the fused chain slower than the same filters unfused.
 *
 * <p>A filter whose {@code work()} was proven to call nothing but its channels ({@link RateProof})
 * has neither the scope's store nor {@code betweenFirings()}: nothing it runs can ask the scope for
 * scratch memory, a region or its name.
 *
 * <p>The exception handler of each call site names its filter ({@code m}) without a store per
 * call: which filter threw, and at which item, is all {@link DepthFirstChain#failed} needs.
 */
final class DepthFirstLoops {
    private static final ClassDesc CD_LOOP = desc(DepthFirstLoop.class);
    private static final ClassDesc CD_CHAIN = desc(DepthFirstChain.class);
    private static final ClassDesc CD_FILTER = desc(Filter.class);
    private static final ClassDesc CD_TASK = desc(FilterTask.class);
    private static final ClassDesc CD_MEMORY = desc(FilterMemory.class);
    private static final ClassDesc CD_SCOPE = desc(ChainScope.class);
    private static final ClassDesc CD_RING = desc(LongRing.class);
    private static final ClassDesc CD_ONE_SLOT = desc(OneSlot.class);
    private static final MethodTypeDesc RUN = MethodTypeDesc.of(CD_int, CD_CHAIN, CD_SCOPE, CD_FILTER.arrayType(),
            CD_TASK.arrayType(), CD_RING, CD_ONE_SLOT, CD_int);
    private static final MethodTypeDesc FAILED = MethodTypeDesc.of(CD_int, CD_Throwable, CD_int, CD_int);

    // Locals of run(): this, chain, scope, filters, tasks, in, head, n, then i, each filter, each task.
    private static final int CHAIN = 1;
    private static final int SCOPE = 2;
    private static final int FILTERS = 3;
    private static final int TASKS = 4;
    private static final int IN = 5;
    private static final int HEAD = 6;
    private static final int N = 7;
    private static final int I = 8;
    private static final int FIRST_FILTER = 9;

    /**
     * Shapes whose loops are kept; a program with more distinct chains than this (not one seen so
     * far) gets the later ones generated each time, as before the cache, rather than growing it
     * without bound.
     */
    static final int MAX_SHAPES = 512;
    private static final ConcurrentHashMap<Shape, DepthFirstLoop> LOOPS = new ConcurrentHashMap<>();

    private DepthFirstLoops() {
    }

    /**
     * The loop for a chain of {@code filters} (their classes, in order): of a class of its own for
     * this shape, made once and shared by every chain of the same shape, or the plain Java loop if
     * the platform refuses the class.
     */
    static DepthFirstLoop loopFor(List<Class<? extends Filter>> filters, Class<? extends OneSlot> head,
            boolean[] quiet) {
        Shape shape = new Shape(List.copyOf(filters), head, BitSet.valueOf(pack(quiet)));
        DepthFirstLoop kept = LOOPS.get(shape);
        if (kept != null) {
            return kept;
        }
        DepthFirstLoop loop;
        try {
            loop = generated(filters.size(), head, quiet);
        } catch (Throwable refused) {
            // Not expected on a standard JDK: the same results, with a vtable call per work().
            return new DepthFirstLoop.Plain();
        }
        if (LOOPS.size() >= MAX_SHAPES) {
            return loop;
        }
        DepthFirstLoop raced = LOOPS.putIfAbsent(shape, loop);
        return raced != null ? raced : loop;
    }

    private static long[] pack(boolean[] marks) {
        long[] words = new long[(marks.length + 63) / 64];
        for (int m = 0; m < marks.length; m++) {
            if (marks[m]) {
                words[m >>> 6] |= 1L << m;
            }
        }
        return words;
    }

    /** What a generated loop's call sites see: the filters' classes in order, the head slot's, the quiet marks. */
    private record Shape(List<Class<? extends Filter>> filters, Class<? extends OneSlot> head, BitSet quiet) {
    }

    /**
     * The generated loop; throws what the platform throws if it refuses the class.
     *
     * @param quiet for each filter, whether its {@code work()} calls nothing but its channels
     *     ({@link RateProof#callsOnlyChannels()}): its call is then neither named in the scope nor
     *     followed by {@code betweenFirings()}, since nothing it runs can ask the scope for memory
     */
    static DepthFirstLoop generated(int length, Class<? extends OneSlot> head, boolean[] quiet) throws Throwable {
        if (length < 1 || quiet.length != length) {
            throw new IllegalArgumentException("a chain of " + length + " filters, " + quiet.length + " marked quiet");
        }
        boolean[] marks = quiet.clone();
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        ClassDesc self = ClassDesc.of(DepthFirstLoop.class.getPackageName(), "DepthFirstLoop" + length);
        ClassFile files = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
                ClassHierarchyResolver.defaultResolver().orElse(ClassHierarchyResolver.ofClassLoading(lookup))));
        byte[] bytes = files.build(self, c -> c
                .withFlags(AccessFlag.FINAL, AccessFlag.SYNTHETIC)
                .withSuperclass(CD_LOOP)
                .withMethodBody(ConstantDescs.INIT_NAME, ConstantDescs.MTD_void, ClassFile.ACC_PUBLIC, code -> code
                        .aload(0)
                        .invokespecial(CD_LOOP, ConstantDescs.INIT_NAME, ConstantDescs.MTD_void)
                        .return_())
                .withMethodBody("run", RUN, ClassFile.ACC_FINAL, code -> loop(code, length, desc(head), marks)));
        MethodHandles.Lookup hidden = lookup.defineHiddenClass(bytes, true);
        return (DepthFirstLoop) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class))
                .invoke();
    }

    private static void loop(CodeBuilder code, int length, ClassDesc head, boolean[] quiet) {
        int firstTask = FIRST_FILTER + length;
        // The head slot's exact class: hold() bound to it, whatever other chains' heads are.
        code.aload(HEAD).checkcast(head).astore(HEAD);
        for (int m = 0; m < length; m++) {
            code.aload(FILTERS).loadConstant(m).aaload().astore(FIRST_FILTER + m);
            code.aload(TASKS).loadConstant(m).aaload().astore(firstTask + m);
        }
        Label top = code.newLabel();
        Label done = code.newLabel();
        Label[] handlers = new Label[length];
        code.iconst_0().istore(I);
        code.iload(I).iload(N).if_icmpge(done);
        code.labelBinding(top);
        for (int m = 0; m < length; m++) {
            handlers[m] = code.newLabel();
            if (!quiet[m]) {
                code.aload(SCOPE).loadConstant(m).putfield(CD_SCOPE, "current", CD_int);
            }
            Label start = code.newLabel();
            Label end = code.newLabel();
            code.labelBinding(start);
            if (m == 0) {
                // The first filter's item, from its input ring: a take of the chain's transaction over it.
                code.aload(HEAD).aload(IN).invokevirtual(CD_RING, "take", MethodTypeDesc.of(ConstantDescs.CD_long))
                        .invokevirtual(head, "hold", MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_long));
            }
            code.aload(FIRST_FILTER + m).invokevirtual(CD_FILTER, "work", ConstantDescs.MTD_void);
            code.labelBinding(end);
            code.exceptionCatchAll(start, end, handlers[m]);
            if (!quiet[m]) {
                code.aload(firstTask + m).invokevirtual(CD_MEMORY, "betweenFirings", ConstantDescs.MTD_void);
            }
        }
        code.iinc(I, 1);
        code.iload(I).iload(N).if_icmplt(top);
        code.labelBinding(done);
        code.iload(N).ireturn();
        for (int m = 0; m < length; m++) {
            // The Throwable is on the stack: chain.failed(throwable, m, i).
            code.labelBinding(handlers[m]);
            code.aload(CHAIN).swap().loadConstant(m).iload(I).invokevirtual(CD_CHAIN, "failed", FAILED).ireturn();
        }
    }

    private static ClassDesc desc(Class<?> type) {
        return ClassDesc.of(type.getName());
    }
}
