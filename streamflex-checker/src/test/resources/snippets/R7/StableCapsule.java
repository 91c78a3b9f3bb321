import org.streamflex.Capsule;
import org.streamflex.Stable;

// BUG: Diagnostic is: [StreamFlex:R7] capsule class Resident implements Stable; a capsule moves from filter to filter and goes back to the runtime's pool, so it cannot live in a filter's stable memory. Remove Stable from it (or from the interface that brings it in) (StreamFlex rule R7 CapsuleNotStable, paper section 4.2: see streamflex-checker/README.md#r7-capsulenotstable)
class Resident extends Capsule implements Stable {
    private Resident() {
    }
}

interface Durable extends Stable {
}

// BUG: Diagnostic contains: capsule class Sneaky implements Stable
class Sneaky extends Capsule implements Durable {
    private Sneaky() {
    }
}
