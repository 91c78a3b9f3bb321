import org.streamflex.Capsule;

class Message extends Capsule {
    int id;
    final byte[] body = new byte[64];
    final double[] samples;
    // BUG: Diagnostic contains: capsule class Message has array field 'scratch' that is not final; work() could point it at one of its transient arrays
    int[] scratch;
    // BUG: Diagnostic is: [StreamFlex:R5] capsule class Message has field 'text' of type String; capsules travel between filters and may hold only primitives and primitive arrays. Use primitive fields, or a primitive array (for text, a char[] or byte[]) (StreamFlex rule R5 CapsuleFields, paper section 4.2: see streamflex-checker/README.md#r5-capsulefields)
    String text;
    // BUG: Diagnostic contains: capsule class Message has field 'parts' of type int[][]
    int[][] parts;
    static final int MAX = 4;

    private Message() {
        samples = new double[8];
    }
}
