package org.streamflex.runtime.counter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.streamflex.StreamFlexGraph;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
import org.streamflex.runtime.Soak;
import org.streamflex.runtime.TemporaryProperty;
import org.streamflex.runtime.graph.RuntimeGraph;

class CounterMBeansTest {
    private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();

    @Test
    void aRunningGraphsCountersAreMBeansReadLiveAndGoneWhenItStops() throws Exception {
        CounterGraph graph = new CounterGraph(50, 64);
        graph.start();
        String graphName = runtimeOf(graph).mbeans().graphName();
        ObjectName clock = new ObjectName(CounterMBeans.objectName(CounterOwner.CLOCK, graphName, "clock-0"));
        ObjectName source = new ObjectName(CounterMBeans.objectName(CounterOwner.FILTER, graphName, "Source"));
        ObjectName channel = new ObjectName("org.streamflex:type=Channel,graph=" + graphName
                + ",name=Source.out->Drain.in");
        try {
            assertTrue(graphName.startsWith("CounterGraph"), graphName);
            assertEquals("org.streamflex:type=Clock,graph=" + graphName + ",name=clock-0", clock.toString());
            Soak.awaitCondition(() -> releases(clock) >= 100, "100 releases seen through JMX");
            assertTrue(SERVER.isRegistered(channel));
            assertTrue((Long) SERVER.getAttribute(channel, "published") >= 0);
            String[] attributes = Arrays.stream(SERVER.getMBeanInfo(source).getAttributes())
                    .map(MBeanAttributeInfo::getName).sorted().toArray(String[]::new);
            assertEquals("[aborts, commits, event.odd, fires, heapBytes, stableBytes, transientPeakBytes]",
                    Arrays.toString(attributes));
        } finally {
            graph.stop();
        }
        assertTrue(graph.awaitTermination(10, TimeUnit.SECONDS));
        assertFalse(SERVER.isRegistered(clock), "unregistered when the graph stopped");
        assertFalse(SERVER.isRegistered(source));
        assertNull(runtimeOf(graph).mbeans().graphName());
    }

    @Test
    void twoGraphsOfOneClassRunningTogetherGetDistinctNames() throws Exception {
        CounterGraph first = new CounterGraph(100, 4);
        CounterGraph second = new CounterGraph(100, 4);
        GraphDriver.of(first).run(3);
        GraphDriver.of(second).run(5);
        String firstName = runtimeOf(first).mbeans().graphName();
        String secondName = runtimeOf(second).mbeans().graphName();
        assertNotEquals(firstName, secondName);
        assertTrue(secondName.matches("CounterGraph(#\\d+)?"), secondName);
        assertEquals(3L, SERVER.getAttribute(
                new ObjectName(CounterMBeans.objectName(CounterOwner.CLOCK, firstName, "clock-0")), "releases"));
        assertEquals(5L, SERVER.getAttribute(
                new ObjectName(CounterMBeans.objectName(CounterOwner.CLOCK, secondName, "clock-0")), "releases"));
        first.stop();
        second.stop();
        assertFalse(SERVER.isRegistered(
                new ObjectName(CounterMBeans.objectName(CounterOwner.CLOCK, secondName, "clock-0"))));
    }

    @Test
    void namesObjectNameSyntaxReservesAreQuoted() throws Exception {
        CounterGraph graph = new CounterGraph(100, 4, CounterFilters.Source.class, "drain, \"a*b\"=c?");
        GraphDriver.of(graph).run(7);
        try {
            String name = CounterMBeans.objectName(CounterOwner.FILTER, runtimeOf(graph).mbeans().graphName(),
                    "drain, \"a*b\"=c?");
            assertTrue(name.endsWith(",name=" + ObjectName.quote("drain, \"a*b\"=c?")), name);
            assertEquals(7L, SERVER.getAttribute(new ObjectName(name), "fires"));
        } finally {
            graph.stop();
        }
    }

    @Test
    void propertyStreamflexJmxFalseRegistersNothing() {
        CounterGraph graph;
        try (var _ = TemporaryProperty.set("streamflex.jmx", "false")) {
            graph = new CounterGraph(100, 4);
        }
        GraphDriver.of(graph).run(2);
        assertNull(runtimeOf(graph).mbeans().graphName());
        assertEquals(2, graph.counters().value("clock.clock-0.releases"), "the counters are still there");
        graph.stop();
    }

    private static long releases(ObjectName clock) {
        try {
            return (Long) SERVER.getAttribute(clock, "releases");
        } catch (javax.management.JMException e) {
            throw new AssertionError(e);
        }
    }

    private static RuntimeGraph runtimeOf(StreamFlexGraph graph) {
        return (RuntimeGraph) ApiAccess.assemblyOf(graph);
    }
}
