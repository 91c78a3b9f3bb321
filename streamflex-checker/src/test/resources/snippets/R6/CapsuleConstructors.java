import org.streamflex.Capsule;

// BUG: Diagnostic contains: capsule class Implicit declares no constructor, so Java gives it a default one
class Implicit extends Capsule {
    int x;
}

class Open extends Capsule {
    // BUG: Diagnostic contains: the constructor of capsule class Open is not private
    public Open() {
    }
}

class Configured extends Capsule {
    int size;

    // BUG: Diagnostic contains: the constructor of capsule class Configured takes parameters
    private Configured(int size) {
        this.size = size;
    }
}

// BUG: Diagnostic contains: capsule class Twice has 2 constructors
class Twice extends Capsule {
    private Twice() {
    }

    Twice(long unused) {
    }
}

class Lonely extends Capsule {
    // BUG: Diagnostic contains: the constructor of capsule class Lonely is protected but no capsule extends it
    protected Lonely() {
    }
}

class EtherHdr extends Capsule {
    protected EtherHdr() {
    }
}

class IpHdr extends EtherHdr {
    protected IpHdr() {
    }
}

final class TcpHdr extends IpHdr {
    private TcpHdr() {
    }
}

abstract class Shape extends Capsule {
    protected Shape() {
    }
}
