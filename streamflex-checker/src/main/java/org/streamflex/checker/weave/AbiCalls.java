package org.streamflex.checker.weave;

import static java.lang.constant.ConstantDescs.CD_CallSite;
import static java.lang.constant.ConstantDescs.CD_Class;
import static java.lang.constant.ConstantDescs.CD_MethodHandle;
import static java.lang.constant.ConstantDescs.CD_MethodHandles_Lookup;
import static java.lang.constant.ConstantDescs.CD_MethodType;
import static java.lang.constant.ConstantDescs.CD_Object;
import static java.lang.constant.ConstantDescs.CD_String;
import static java.lang.constant.ConstantDescs.CD_int;
import static java.lang.constant.ConstantDescs.CD_long;
import static java.lang.constant.ConstantDescs.CD_void;

import java.lang.constant.ClassDesc;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.MethodHandleDesc;
import java.lang.constant.MethodTypeDesc;
import java.util.List;

/**
 * Every entry point of the woven-code ABI ({@code org.streamflex.abi}, version
 * {@link #ABI_VERSION}) that the weavers emit a call to, with the exact descriptor they emit. The
 * weavers name ABI methods only through these constants, and the contract test checks each
 * against the API jar: a method renamed or retyped there fails the build, not a user's graph.
 *
 * <pre>{@code
 * code.invokestatic(AbiCalls.NEW_ARRAY.owner(), AbiCalls.NEW_ARRAY.name(), AbiCalls.NEW_ARRAY.type());
 * }</pre>
 */
public final class AbiCalls {
    /** The ABI version woven classes are marked with: {@code org.streamflex.abi.Woven.CURRENT_ABI}. */
    public static final int ABI_VERSION = 2;

    public static final ClassDesc REGIONS = ClassDesc.of("org.streamflex.abi.Regions");
    public static final ClassDesc REGION_SLOT = ClassDesc.of("org.streamflex.abi.RegionSlot");
    public static final ClassDesc BLANK = ClassDesc.of("org.streamflex.abi.Blank");
    public static final ClassDesc NEW_SITES = ClassDesc.of("org.streamflex.abi.NewSites");
    public static final ClassDesc ATOMICS = ClassDesc.of("org.streamflex.abi.Atomics");
    public static final ClassDesc WOVEN = ClassDesc.of("org.streamflex.abi.Woven");
    private static final ClassDesc VAR_HANDLE = ClassDesc.of("java.lang.invoke.VarHandle");

    /** A static method of the ABI: its class, name and descriptor. */
    public record Call(ClassDesc owner, String name, MethodTypeDesc type) {
    }

    public static final Call CURRENT = new Call(REGIONS, "current", MethodTypeDesc.of(REGION_SLOT));
    public static final Call NOTE_STABLE = new Call(REGIONS, "noteStable", MethodTypeDesc.of(CD_void, CD_Class));
    public static final Call NOTE_STABLE_ARRAY = new Call(REGIONS, "noteStableArray",
            MethodTypeDesc.of(CD_void, CD_int, CD_int));
    public static final Call ALLOCATE = new Call(REGIONS, "allocate",
            MethodTypeDesc.of(CD_Object, CD_Class, CD_MethodHandle, REGION_SLOT));
    public static final Call NEW_ARRAY = new Call(REGIONS, "newArray",
            MethodTypeDesc.of(CD_Object, CD_int, CD_int, REGION_SLOT));
    public static final Call NEW_REFERENCE_ARRAY = new Call(REGIONS, "newReferenceArray",
            MethodTypeDesc.of(CD_Object.arrayType(), CD_int, CD_Class, REGION_SLOT));
    /** The bootstrap of {@code new C(args)} sites. */
    public static final Call LINK_NEW = new Call(NEW_SITES, "link",
            MethodTypeDesc.of(CD_CallSite, CD_MethodHandles_Lookup, CD_String, CD_MethodType));

    public static final Call ATOMIC_CALL = new Call(ATOMICS, "call",
            MethodTypeDesc.of(CD_Object, CD_MethodHandle, CD_Object.arrayType()));
    /** The bootstrap of the constant an {@code @Atomic} method loads: its copy, spread. */
    public static final Call ATOMIC_BODY = new Call(ATOMICS, "body",
            MethodTypeDesc.of(CD_MethodHandle, CD_MethodHandles_Lookup, CD_String, CD_Class, CD_MethodHandle));
    public static final Call GET_FIELD = new Call(ATOMICS, "getField",
            MethodTypeDesc.of(CD_long, CD_Object, CD_Object, VAR_HANDLE, CD_int));
    public static final Call GET_REFERENCE_FIELD = new Call(ATOMICS, "getReferenceField",
            MethodTypeDesc.of(CD_Object, CD_Object, CD_Object, VAR_HANDLE));
    public static final Call PUT_FIELD = new Call(ATOMICS, "putField",
            MethodTypeDesc.of(CD_void, CD_Object, CD_long, CD_Object, VAR_HANDLE, CD_int));
    public static final Call PUT_REFERENCE_FIELD = new Call(ATOMICS, "putReferenceField",
            MethodTypeDesc.of(CD_void, CD_Object, CD_Object, CD_Object, VAR_HANDLE));
    public static final Call LOAD_ELEMENT = new Call(ATOMICS, "loadElement",
            MethodTypeDesc.of(CD_long, CD_Object, CD_int, CD_Object, CD_int));
    public static final Call STORE_ELEMENT = new Call(ATOMICS, "storeElement",
            MethodTypeDesc.of(CD_void, CD_Object, CD_int, CD_long, CD_Object, CD_int));
    public static final Call NOTE_REFERENCE_ELEMENT = new Call(ATOMICS, "noteReferenceElement",
            MethodTypeDesc.of(CD_void, CD_Object.arrayType(), CD_int, CD_Object));
    public static final Call ARRAYCOPY = new Call(ATOMICS, "arraycopy",
            MethodTypeDesc.of(CD_void, CD_Object, CD_int, CD_Object, CD_int, CD_int, CD_Object));

    /** Every call above: what the contract test checks. */
    public static final List<Call> ALL = List.of(CURRENT, NOTE_STABLE, NOTE_STABLE_ARRAY, ALLOCATE, NEW_ARRAY,
            NEW_REFERENCE_ARRAY, LINK_NEW, ATOMIC_CALL, ATOMIC_BODY, GET_FIELD, GET_REFERENCE_FIELD, PUT_FIELD,
            PUT_REFERENCE_FIELD, LOAD_ELEMENT, STORE_ELEMENT, NOTE_REFERENCE_ELEMENT, ARRAYCOPY);

    /** The names the weavers add to classes, which the ABI's linkers look up. */
    public static final String INIT_COPY = "$sf$init";
    public static final String FACTORY = "$sf$new";
    public static final String ATOMIC_COPY_PREFIX = "$sf$atomic$";

    private AbiCalls() {
    }

    /** A handle to a bootstrap call, for {@code invokedynamic} and dynamic constants. */
    public static DirectMethodHandleDesc bootstrap(Call call) {
        return MethodHandleDesc.ofMethod(DirectMethodHandleDesc.Kind.STATIC, call.owner(), call.name(), call.type());
    }
}
