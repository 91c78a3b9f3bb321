import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.StreamFlexGraph;

class Token extends Capsule {
    int value;

    private Token() {
    }

    static Token make() {
        // BUG: Diagnostic contains: code in Token.make() creates capsule Token with new; capsules come from the runtime's pools
        return new Token();
    }

    static class Wiring extends StreamFlexGraph {
        Wiring() {
            // BUG: Diagnostic contains: code in the constructor of Token.Wiring creates capsule Token with new
            Object o = new Token();
        }
    }
}

class Minter extends Filter {
    private Channel<Token> out;

    public void work() {
        Token t = makeCapsule(Token.class);
        t.value = 1;
        out.put(t);
    }
}
