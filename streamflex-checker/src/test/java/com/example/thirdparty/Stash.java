package com.example.thirdparty;

import org.streamflex.checker.snippetlib.Segment;

/** Class-path code outside StreamFlex that keeps what it is given: where a shared value must not go. */
public final class Stash {
    private static Segment kept;

    private Stash() {
    }

    /** Keeps {@code s} past the caller's work(), without retaining it. */
    public static void keep(Segment s) {
        kept = s;
    }

    /** What was kept last. */
    public static Segment kept() {
        return kept;
    }
}
