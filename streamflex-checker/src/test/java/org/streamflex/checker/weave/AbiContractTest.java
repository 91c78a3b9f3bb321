package org.streamflex.checker.weave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.TypeKind;
import java.lang.constant.ClassDesc;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.streamflex.abi.NewSites;
import org.streamflex.abi.Regions;
import org.streamflex.abi.Woven;

/**
 * The contract between the weavers and the woven-code ABI of the API jar: every method the
 * weavers emit a call to exists there, public and static, with exactly the descriptor they emit,
 * and the names and codes both sides spell must agree. A change on one side alone fails here, at
 * build time, not as a {@code NoSuchMethodError} in a user's running graph.
 */
class AbiContractTest {
    @Test
    void everyEmittedCallExistsWithThatExactSignature() throws Exception {
        List<String> missing = new ArrayList<>();
        for (AbiCalls.Call call : AbiCalls.ALL) {
            Class<?> owner = resolve(call.owner());
            Class<?>[] parameters = new Class<?>[call.type().parameterCount()];
            for (int i = 0; i < parameters.length; i++) {
                parameters[i] = resolve(call.type().parameterType(i));
            }
            try {
                Method m = owner.getMethod(call.name(), parameters);
                if (!Modifier.isStatic(m.getModifiers()) || m.getReturnType() != resolve(call.type().returnType())) {
                    missing.add(call + ": is " + m);
                }
            } catch (NoSuchMethodException e) {
                missing.add(call + ": no such public method in " + owner.getName());
            }
        }
        assertTrue(missing.isEmpty(), () -> String.join("\n", missing));
    }

    @Test
    void bothSidesSpeakTheSameAbiVersionAndNames() {
        assertEquals(Woven.CURRENT_ABI, AbiCalls.ABI_VERSION,
                "woven classes are marked with the version the API speaks");
        assertEquals(NewSites.FACTORY, AbiCalls.FACTORY, "NewSites links to the factories the weaver adds");
        Set<String> elements = Arrays.stream(Woven.class.getDeclaredMethods()).map(Method::getName)
                .collect(Collectors.toSet());
        for (WovenAnnotation.Flag flag : WovenAnnotation.Flag.values()) {
            assertTrue(elements.contains(flag.element), "@Woven has " + flag.element);
        }
        assertTrue(elements.containsAll(Set.of("abi", "inputs", "outputs")));
    }

    @Test
    void arrayElementCodesAreTheJvmsNewarrayCodes() {
        assertEquals(TypeKind.BOOLEAN.newarrayCode(), Regions.T_BOOLEAN);
        assertEquals(TypeKind.CHAR.newarrayCode(), Regions.T_CHAR);
        assertEquals(TypeKind.FLOAT.newarrayCode(), Regions.T_FLOAT);
        assertEquals(TypeKind.DOUBLE.newarrayCode(), Regions.T_DOUBLE);
        assertEquals(TypeKind.BYTE.newarrayCode(), Regions.T_BYTE);
        assertEquals(TypeKind.SHORT.newarrayCode(), Regions.T_SHORT);
        assertEquals(TypeKind.INT.newarrayCode(), Regions.T_INT);
        assertEquals(TypeKind.LONG.newarrayCode(), Regions.T_LONG);
    }

    private static Class<?> resolve(ClassDesc desc) throws ReflectiveOperationException {
        return (Class<?>) desc.resolveConstantDesc(MethodHandles.lookup());
    }
}
