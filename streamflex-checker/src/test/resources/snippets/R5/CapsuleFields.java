import org.streamflex.Capsule;

class Message extends Capsule {
    int id;
    byte[] body = new byte[64];
    double[] samples;
    // BUG: Diagnostic contains: capsule class Message has field 'text' of type String; capsules travel between filters and may hold only primitives and primitive arrays
    String text;
    // BUG: Diagnostic contains: capsule class Message has field 'parts' of type int[][]
    int[][] parts;
    static final int MAX = 4;

    private Message() {
    }
}
