package org.streamflex.checker.snippetlib;

/** Static operations over shared values, as the DSP library's {@code Stats}. */
public final class SegmentStats {
    private SegmentStats() {
    }

    /** The mean of a segment's samples. */
    public static double mean(Segment s) {
        double sum = 0;
        for (int i = 0; i < s.length(); i++) {
            sum += s.at(i);
        }
        return s.length() == 0 ? 0 : sum / s.length();
    }

    /** The longer of two segments. */
    public static <S extends Segment> S longer(S a, S b) {
        return a.length() >= b.length() ? a : b;
    }

    /** The samples of all the parts: an array of references, which the method could keep. */
    public static int total(Segment[] parts) {
        int n = 0;
        for (Segment part : parts) {
            n += part.length();
        }
        return n;
    }
}
