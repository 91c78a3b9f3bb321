package org.streamflex.bench.streamit;

import java.util.function.Supplier;

/**
 * The ways a test builds a graph with respect to {@code streamflex.fusion}, which the runtime reads
 * when a graph is built: the property cleared (the runtime's default), on, and off. Tests run the
 * programs under each, so that fused and unfused runs are both checked whatever the default is.
 */
enum FusionSetting {
    UNSET(null),
    ON("true"),
    OFF("false");

    static final String PROPERTY = "streamflex.fusion";
    static final String RATES_CHECK = "streamflex.rates.check";

    private final String value;

    FusionSetting(String value) {
        this.value = value;
    }

    /** {@code build} run with the property set this way. */
    <G> G build(Supplier<G> build) {
        try (var _ = TemporaryProperties.set(PROPERTY, value)) {
            return build.get();
        }
    }

    /** {@code build} run with the property set this way and every work() checked against its declared rates. */
    <G> G buildCheckingRates(Supplier<G> build) {
        try (var _ = TemporaryProperties.set(PROPERTY, value).and(RATES_CHECK, "true")) {
            return build.get();
        }
    }
}
