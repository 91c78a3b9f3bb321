package org.streamflex.runtime.counter;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * A graph's counters on the platform MBean server while it runs: one MBean per owner,
 * {@code org.streamflex:type=Filter|Channel|Clock|Atomic,graph=<graph>,name=<owner>}, registered
 * when the graph starts on its clock threads and unregistered when they have all stopped. A graph
 * under a {@code GraphDriver} is not registered: it runs in virtual time in tests and benchmarks,
 * is rarely stopped, and the MBean server would keep every such graph reachable for good. The graph's name is
 * its class's simple name; a second graph of that class running in the same JVM is
 * {@code <name>#2}, and so on, the lowest number free. Values that ObjectName syntax reserves
 * ({@code , = : " * ?}) are quoted with {@link ObjectName#quote}. A registration the server refuses
 * is logged once and skipped: monitoring never stops a graph.
 */
public final class CounterMBeans {
    /** The graph names in use by running graphs of this JVM (of every class loader of this class). */
    private static final Set<String> RUNNING = ConcurrentHashMap.newKeySet();
    private static final System.Logger LOG = System.getLogger("org.streamflex.runtime");

    private final CounterRegistry registry;
    private final String graphClassName;
    private final boolean enabled;
    private String graphName;
    private final List<ObjectName> registered = new ArrayList<>();

    /**
     * @param graphClassName the simple name of the graph's class
     * @param enabled false to register nothing ({@code streamflex.jmx=false})
     */
    public CounterMBeans(CounterRegistry registry, String graphClassName, boolean enabled) {
        this.registry = registry;
        this.graphClassName = graphClassName;
        this.enabled = enabled;
    }

    /** Registers the graph's MBeans; once, later calls do nothing. */
    public synchronized void register() {
        if (!enabled || graphName != null) {
            return;
        }
        graphName = claimName(graphClassName);
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Map<String, OwnerMBean> owners = new LinkedHashMap<>();
        for (Counter c : registry.all()) {
            owners.computeIfAbsent(objectName(c.owner(), graphName, c.ownerName()),
                    n -> new OwnerMBean(registry, c.owner(), c.ownerName(), graphName));
        }
        for (Map.Entry<String, OwnerMBean> owner : owners.entrySet()) {
            try {
                ObjectName name = new ObjectName(owner.getKey());
                server.registerMBean(owner.getValue(), name);
                registered.add(name);
            } catch (JMException e) {
                LOG.log(System.Logger.Level.WARNING, "StreamFlex " + graphName + ": MBean " + owner.getKey()
                        + " not registered (" + e + "); its counters stay readable through graph.counters()");
            }
        }
    }

    /** Unregisters what {@link #register()} registered and frees the graph's name. */
    public synchronized void unregister() {
        if (graphName == null) {
            return;
        }
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        for (ObjectName name : registered) {
            try {
                server.unregisterMBean(name);
            } catch (JMException e) {
                // Someone else unregistered it: nothing is left to clean up.
            }
        }
        registered.clear();
        RUNNING.remove(graphName);
        graphName = null;
    }

    /** The name the graph's MBeans carry while registered, or null. */
    public synchronized String graphName() {
        return graphName;
    }

    /** {@code Name}, or {@code Name#2}, {@code Name#3}... whichever is free first: as filter names go. */
    private static String claimName(String base) {
        if (RUNNING.add(base)) {
            return base;
        }
        for (int n = 2;; n++) {
            String candidate = base + "#" + n;
            if (RUNNING.add(candidate)) {
                return candidate;
            }
        }
    }

    /** The ObjectName text of an owner's MBean. */
    public static String objectName(CounterOwner owner, String graphName, String ownerName) {
        return "org.streamflex:type=" + owner.mbeanType() + ",graph=" + value(graphName) + ",name=" + value(ownerName);
    }

    /** A key's value as ObjectName syntax needs it: quoted if it holds a character the syntax reserves. */
    static String value(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (",=:\"*?\n\\".indexOf(text.charAt(i)) >= 0) {
                return ObjectName.quote(text);
            }
        }
        return text.isEmpty() ? ObjectName.quote(text) : text;
    }
}
