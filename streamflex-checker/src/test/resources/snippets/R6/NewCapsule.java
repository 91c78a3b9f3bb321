import org.streamflex.Capsule;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.StreamFlexGraph;

class Token extends Capsule {
    int value;

    private Token() {
    }

    static Token make() {
        // BUG: Diagnostic is: [StreamFlex:R6] code in Token.make() creates capsule Token with new; capsules come from the runtime's pools so that they can be reclaimed and passed on without copying. Use makeCapsule(Token.class) in a filter's work() (StreamFlex rule R6 CapsuleCreation, paper section 4.2: see streamflex-checker/README.md#r6-capsulecreation)
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
