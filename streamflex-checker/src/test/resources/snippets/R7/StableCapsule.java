import org.streamflex.Capsule;
import org.streamflex.Stable;

// BUG: Diagnostic contains: capsule class Resident implements Stable; a capsule moves from filter to filter
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
