package org.streamflex.samples.marmot;

/**
 * What {@link SceneGenerator} makes: a seeded deployment of nodes on a ring, calls at known times
 * and places inside it, and white noise. Each field is a command-line option of {@code generate}.
 *
 * <pre>{@code
 * SceneSpec spec = SceneSpec.defaults().withSeed(7).withCalls(10).withSeconds(30);
 * }</pre>
 *
 * @param seed the random seed: the same spec writes the same files
 * @param nodes how many nodes, on a ring of {@code radius} (headings random)
 * @param radius the ring's radius, metres; sources fall within {@code 0.8 * radius} of its centre
 * @param calls how many calls
 * @param seconds the recordings' length
 * @param snrDb each call's power over its duration against the noise power, over the whole band,
 *     at the node farthest from it (nearer nodes hear it louder, amplitude falling as 1/distance)
 * @param sampleRate samples per second per channel
 * @param callLowHz the fundamental's start frequency (a linear chirp, with a second harmonic)
 * @param callHighHz the fundamental's end frequency
 * @param callSeconds each call's length (Hann envelope)
 * @param micSide the side of the square microphone array centred on each node, metres
 * @param noiseRms the noise's standard deviation, in 16-bit LSB
 * @param speedOfSound metres per second
 * @param reflections specular reflections of each call (0: free field): each an image source, the call's
 *     source mirrored across a wall at a random place and angle 2 to 15 m from it
 * @param reflectionGain each reflection's amplitude relative to a direct path of the same length
 */
public record SceneSpec(long seed, int nodes, double radius, int calls, double seconds, double snrDb,
        float sampleRate, double callLowHz, double callHighHz, double callSeconds, double micSide, double noiseRms,
        double speedOfSound, int reflections, double reflectionGain) {

    /** Four nodes on a 25 m ring, six calls in 30 s at 20 dB, 44.1 kHz, 3-5 kHz chirps of 60 ms, 8 cm arrays. */
    public static SceneSpec defaults() {
        return new SceneSpec(1, 4, 25, 6, 30, 20, 44_100f, 3_000, 5_000, 0.06, 0.08, 60, 343, 0, 0.5);
    }

    /** This spec with another seed. */
    public SceneSpec withSeed(long s) {
        return new SceneSpec(s, nodes, radius, calls, seconds, snrDb, sampleRate, callLowHz, callHighHz, callSeconds,
                micSide, noiseRms, speedOfSound, reflections, reflectionGain);
    }

    /** This spec with another number of nodes. */
    public SceneSpec withNodes(int n) {
        return new SceneSpec(seed, n, radius, calls, seconds, snrDb, sampleRate, callLowHz, callHighHz, callSeconds,
                micSide, noiseRms, speedOfSound, reflections, reflectionGain);
    }

    /** This spec with another number of calls (0: noise only). */
    public SceneSpec withCalls(int n) {
        return new SceneSpec(seed, nodes, radius, n, seconds, snrDb, sampleRate, callLowHz, callHighHz, callSeconds,
                micSide, noiseRms, speedOfSound, reflections, reflectionGain);
    }

    /** This spec with recordings of another length. */
    public SceneSpec withSeconds(double s) {
        return new SceneSpec(seed, nodes, radius, calls, s, snrDb, sampleRate, callLowHz, callHighHz, callSeconds,
                micSide, noiseRms, speedOfSound, reflections, reflectionGain);
    }

    /** This spec at another SNR. */
    public SceneSpec withSnrDb(double db) {
        return new SceneSpec(seed, nodes, radius, calls, seconds, db, sampleRate, callLowHz, callHighHz, callSeconds,
                micSide, noiseRms, speedOfSound, reflections, reflectionGain);
    }

    /** This spec at another sample rate. */
    public SceneSpec withSampleRate(float hz) {
        return new SceneSpec(seed, nodes, radius, calls, seconds, snrDb, hz, callLowHz, callHighHz, callSeconds,
                micSide, noiseRms, speedOfSound, reflections, reflectionGain);
    }

    /** This spec with {@code n} reflections of each call, each {@code gain} of a direct path as long. */
    public SceneSpec withReflections(int n, double gain) {
        return new SceneSpec(seed, nodes, radius, calls, seconds, snrDb, sampleRate, callLowHz, callHighHz, callSeconds,
                micSide, noiseRms, speedOfSound, n, gain);
    }

    /** This spec with another ring radius. */
    public SceneSpec withRadius(double m) {
        return new SceneSpec(seed, nodes, m, calls, seconds, snrDb, sampleRate, callLowHz, callHighHz, callSeconds,
                micSide, noiseRms, speedOfSound, reflections, reflectionGain);
    }

    /** This spec with another side of the nodes' square arrays, metres. */
    public SceneSpec withMicSide(double m) {
        return new SceneSpec(seed, nodes, radius, calls, seconds, snrDb, sampleRate, callLowHz, callHighHz, callSeconds,
                m, noiseRms, speedOfSound, reflections, reflectionGain);
    }
}
