package org.streamflex.runtime.counter;

import java.util.List;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.MBeanOperationInfo;

/**
 * The counters of one owner (a filter, a channel, a clock, an {@code @Atomic} filter) as a read-only
 * MBean: one {@code long} attribute per counter, named by its key ({@code fires},
 * {@code event.malformed-frame}), read live from the registry, and a {@code String} one per
 * {@link TextAttribute} (a clock's {@code backend}). Its info is built on each request,
 * so an event registered on its first raise shows up without registering the MBean again.
 */
final class OwnerMBean implements DynamicMBean {
    private final CounterRegistry registry;
    private final CounterOwner owner;
    private final String ownerName;
    private final String graphName;

    OwnerMBean(CounterRegistry registry, CounterOwner owner, String ownerName, String graphName) {
        this.registry = registry;
        this.owner = owner;
        this.ownerName = ownerName;
        this.graphName = graphName;
    }

    @Override
    public Object getAttribute(String attribute) throws AttributeNotFoundException {
        Counter counter = registry.find(CounterNames.of(owner, ownerName, attribute));
        if (counter == null) {
            for (TextAttribute text : registry.textsOf(owner, ownerName)) {
                if (text.key().equals(attribute)) {
                    return text.reader().get();
                }
            }
            throw new AttributeNotFoundException("StreamFlex " + owner.prefix() + " " + ownerName + " of graph "
                    + graphName + " has no counter " + attribute + "; it has "
                    + registry.of(owner, ownerName).stream().map(Counter::key).toList());
        }
        return counter.value();
    }

    @Override
    public AttributeList getAttributes(String[] attributes) {
        AttributeList values = new AttributeList();
        for (String name : attributes) {
            try {
                values.add(new Attribute(name, getAttribute(name)));
            } catch (AttributeNotFoundException e) {
                // As the interface asks: attributes that cannot be read are left out.
            }
        }
        return values;
    }

    @Override
    public void setAttribute(Attribute attribute) throws AttributeNotFoundException {
        throw new AttributeNotFoundException("StreamFlex counters are read-only: " + attribute.getName());
    }

    @Override
    public AttributeList setAttributes(AttributeList attributes) {
        return new AttributeList();
    }

    @Override
    public Object invoke(String actionName, Object[] params, String[] signature) {
        throw new UnsupportedOperationException("StreamFlex counter MBeans have no operations: " + actionName);
    }

    @Override
    public MBeanInfo getMBeanInfo() {
        List<Counter> counters = registry.of(owner, ownerName);
        List<TextAttribute> texts = registry.textsOf(owner, ownerName);
        MBeanAttributeInfo[] attributes = new MBeanAttributeInfo[counters.size() + texts.size()];
        for (int i = 0; i < counters.size(); i++) {
            Counter c = counters.get(i);
            attributes[i] = new MBeanAttributeInfo(c.key(), "long", c.description(), true, false, false);
        }
        for (int i = 0; i < texts.size(); i++) {
            TextAttribute t = texts.get(i);
            attributes[counters.size() + i] = new MBeanAttributeInfo(t.key(), "java.lang.String", t.description(),
                    true, false, false);
        }
        return new MBeanInfo(OwnerMBean.class.getName(),
                "StreamFlex counters of " + owner.prefix() + " " + ownerName + " in graph " + graphName, attributes,
                null, new MBeanOperationInfo[0], null);
    }
}
