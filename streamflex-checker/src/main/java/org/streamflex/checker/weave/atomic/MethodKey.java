package org.streamflex.checker.weave.atomic;

import java.lang.classfile.MethodModel;
import java.lang.constant.ClassDesc;

/** A method of a class the atomic weaver sees: its owner, name and descriptor. */
record MethodKey(ClassDesc owner, String name, String descriptor) {
    static MethodKey of(ClassDesc owner, MethodModel m) {
        return new MethodKey(owner, m.methodName().stringValue(), m.methodType().stringValue());
    }

    /** How the woven-class index names it: {@code name:descriptor}. */
    String indexName() {
        return name + ":" + descriptor;
    }
}
