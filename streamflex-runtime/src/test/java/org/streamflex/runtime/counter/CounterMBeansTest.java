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
import org.streamflex.fixtures.Soak;
import org.streamflex.runtime.ApiAccess;
import org.streamflex.runtime.GraphDriver;
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
            assertEquals(graph.clock.backend(), SERVER.getAttribute(clock, "backend"));
            String[] attributes = Arrays.stream(SERVER.getMBeanInfo(source).getAttributes())
                    .map(MBeanAttributeInfo::getName).sorted().toArray(String[]::new);
            assertEquals("[aborts, commits, discarded, event.odd, failures, fires, heapBytes, stableBytes,"
                    + " transientPeakBytes]",
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
    void twoGraphsOfOneClassRunningTogetherGetDistinctNamesAndADrivenGraphNone() throws Exception {
        CounterGraph first = new CounterGraph(100, 4);
        CounterGraph second = new CounterGraph(100, 4);
        CounterGraph driven = new CounterGraph(100, 4);
        GraphDriver.of(driven).run(3);
        assertNull(runtimeOf(driven).mbeans().graphName(), "a driven graph is not registered");
        first.start();
        second.start();
        String firstName = runtimeOf(first).mbeans().graphName();
        String secondName = runtimeOf(second).mbeans().graphName();
        ObjectName secondClock = new ObjectName(CounterMBeans.objectName(CounterOwner.CLOCK, secondName, "clock-0"));
        try {
            assertNotEquals(firstName, secondName);
            assertTrue(secondName.matches("CounterGraph#\\d+"), secondName);
            Soak.awaitCondition(() -> releases(secondClock) > 0, "a release of the second graph seen through JMX");
        } finally {
            first.stop();
            second.stop();
        }
        assertFalse(SERVER.isRegistered(secondClock));
        assertTrue(first.awaitTermination(10, TimeUnit.SECONDS));
        assertTrue(second.awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void namesObjectNameSyntaxReservesAreQuoted() throws Exception {
        CounterGraph graph = new CounterGraph(100, 4, CounterFilters.Source.class, "drain, \"a*b\"=c?");
        graph.start();
        try {
            String name = CounterMBeans.objectName(CounterOwner.FILTER, runtimeOf(graph).mbeans().graphName(),
                    "drain, \"a*b\"=c?");
            assertTrue(name.endsWith(",name=" + ObjectName.quote("drain, \"a*b\"=c?")), name);
            ObjectName drain = new ObjectName(name);
            Soak.awaitCondition(() -> {
                try {
                    return (Long) SERVER.getAttribute(drain, "fires") > 0;
                } catch (javax.management.JMException e) {
                    throw new AssertionError(e);
                }
            }, "a work() of the drain seen through JMX");
        } finally {
            graph.stop();
        }
        assertTrue(graph.awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void propertyStreamflexJmxFalseRegistersNothing() throws Exception {
        CounterGraph graph;
        try (var _ = TemporaryProperty.set("streamflex.jmx", "false")) {
            graph = new CounterGraph(100, 4);
        }
        graph.start();
        try {
            assertNull(runtimeOf(graph).mbeans().graphName());
            Soak.awaitCondition(() -> graph.counters().value("clock.clock-0.releases") > 0,
                    "the counters are still there");
        } finally {
            graph.stop();
        }
        assertTrue(graph.awaitTermination(10, TimeUnit.SECONDS));
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
