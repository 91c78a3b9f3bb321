package org.streamflex.runtime.capsule;

import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import org.streamflex.Capsule;

/** The capsule pools of one graph, one per concrete capsule class, created on first use. */
public final class CapsulePools {
    private final ConcurrentHashMap<Class<?>, CapsulePool<?>> pools = new ConcurrentHashMap<>();
    private volatile int poolCapacity = 1024;

    /** Sets the free-list capacity of pools created from now on (a power of two is used). */
    public void capacity(int capacity) {
        this.poolCapacity = capacity;
    }

    @SuppressWarnings("unchecked")
    public <C extends Capsule> CapsulePool<C> pool(Class<C> type) {
        CapsulePool<?> pool = pools.get(type);
        if (pool == null) {
            pool = pools.computeIfAbsent(type, t -> new CapsulePool<>(CapsuleType.of(type), poolCapacity));
        }
        return (CapsulePool<C>) pool;
    }

    public Collection<CapsulePool<?>> all() {
        return pools.values();
    }
}
