package org.streamflex.samples.marmot;

/**
 * A node's live input the sample cannot use: no mixer of that name, no capture line of four 16-bit
 * channels at the rate asked, a line that cannot be opened, or one that closed mid-way. The message
 * names the device and, when the device was not found, the mixers this JVM can capture from, e.g.
 * {@code capture device "USB Array": no mixer has this name; the mixers that can capture: "default [default]"}.
 */
public final class CaptureException extends UnreadableInputException {
    private static final long serialVersionUID = 1L;

    /** {@code device} has {@code problem}. */
    public CaptureException(String device, String problem) {
        super(null, "capture device \"" + device + "\": " + problem);
    }
}
