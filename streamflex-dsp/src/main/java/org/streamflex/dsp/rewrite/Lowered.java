package org.streamflex.dsp.rewrite;

import java.util.List;
import org.streamflex.Filter;

/**
 * A node once lowered: the filter whose field {@code output} carries its result (null for a node
 * that ends a signal), and the fields that take its inputs, one per input in order (an array of
 * channels is named once per input it takes).
 *
 * @param filter the filter giving the output (or taking the inputs)
 * @param output the output field, or null
 * @param inputs the input fields, one per input of the node
 * @param inputFilter the filter taking the inputs, when it is not {@code filter} (a chain of several)
 */
public record Lowered(Filter filter, String output, List<String> inputs, Filter inputFilter) {
    /** One filter taking the inputs and giving the output. */
    public Lowered(Filter filter, String output, List<String> inputs) {
        this(filter, output, inputs, filter);
    }
}
