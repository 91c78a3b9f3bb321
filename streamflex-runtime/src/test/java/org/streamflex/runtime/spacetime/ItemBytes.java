package org.streamflex.runtime.spacetime;

/** Item contents for tests that check a slot's bytes were neither lost nor overwritten. */
final class ItemBytes {
    private ItemBytes() {
    }

    /**
     * {@code size} bytes that differ from every other seed's at every index (seeds 31 apart mod 256
     * never meet), so a put that lands in a slot another item still reads shows in any byte.
     */
    static byte[] pattern(int size, int seed) {
        byte[] b = new byte[size];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (seed * 31 + i * 7);
        }
        return b;
    }
}
