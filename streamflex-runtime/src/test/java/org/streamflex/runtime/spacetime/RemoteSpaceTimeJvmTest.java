package org.streamflex.runtime.spacetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streamflex.runtime.net.DevCertificates;

@Timeout(300) // a guard against a hang only
class RemoteSpaceTimeJvmTest {
    static final int FRAMES = 200;
    static final int BYTES = 8192;
    static final int JOBS = 20;
    static final int JOB_BYTES = 100;

    static byte[] frame(long ts, int bytes) {
        byte[] b = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            b[i] = (byte) (ts * 131 + i * 7L);
        }
        return b;
    }

    @Test
    void aDigitizerInAnotherJvmFeedsThisSpaceOverTlsAndEveryFrameIsCollected(@TempDir Path dir) throws Exception {
        DevCertificates certs = DevCertificates.makeIn(dir);
        try (SpaceTime space = SpaceTime.create(BYTES)) {
            SpaceTimeChannel frames = space.createChannel("frames");
            SpaceTimeQueue work = space.createQueue("work");
            SpaceTimeThread tracker = space.join("tracker", 0);
            InputConnection in = tracker.attachInput(frames);
            QueueOutput jobs = tracker.attachOutput(work);
            for (long job = 0; job < JOBS; job++) {
                jobs.put(job, frame(job, JOB_BYTES)); // taken by the camera's JVM into its buffer
            }
            // The tracker stays at 0 until the end: alone at INFINITY it would close the space to new
            // threads (the horizon would be INFINITY), and the camera joins later, from its JVM.
            try (SpaceTimeServer server = SpaceTimeServer.open(space,
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), false, certs.keyStore("server"),
                    certs.trustStore(), DevCertificates.PASSWORD)) {
                server.publish(frames).publish(work);
                assertThrows(SpaceTimeRemoteException.class, () -> {
                    try (RemoteSpaceTime plain = RemoteSpaceTime.connect(server.address())) {
                        plain.join("no-tls", 0);
                    }
                }, "a client without TLS gets no answer from a TLS server");
                String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
                Process camera = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                        RemoteCameraMain.class.getName(), "127.0.0.1", String.valueOf(server.address().getPort()),
                        String.valueOf(FRAMES), String.valueOf(BYTES), certs.keyStore("client").toString(),
                        certs.trustStore().toString(), new String(DevCertificates.PASSWORD))
                        .redirectErrorStream(true).start();
                CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
                    try {
                        return new String(camera.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    } catch (IOException e) {
                        return e.toString();
                    }
                });
                try {
                    for (long ts = 0; ts < FRAMES; ts++) {
                        ItemView v;
                        try {
                            v = in.get(ts, 120, TimeUnit.SECONDS);
                        } catch (ItemNotAvailableException e) {
                            camera.destroyForcibly();
                            throw new AssertionError("frame " + ts + " never came; the camera JVM said: "
                                    + output.get(60, TimeUnit.SECONDS), e);
                        }
                        try (v) {
                            assertArrayEquals(frame(ts, BYTES), v.toByteArray(), "frame " + ts);
                        }
                        in.consume(ts);
                    }
                    assertTrue(camera.waitFor(120, TimeUnit.SECONDS), "the camera JVM ends");
                    assertEquals(0, camera.exitValue(), output.get(60, TimeUnit.SECONDS));
                    assertTrue(output.get().contains("put " + FRAMES + ", took " + JOBS), output.get());
                    assertEquals(0, work.waitingItems());
                    assertEquals(0, server.abandonedQueueItems(), "every job consumed before the camera left");
                } finally {
                    camera.destroyForcibly();
                }
                tracker.setVirtualTime(SpaceTime.INFINITY);
                assertEquals(FRAMES + JOBS, space.reclaimedItems(), "every frame and job consumed and freed");
                assertEquals(SpaceTime.INFINITY, space.horizon(), "the camera left; the tracker is at INFINITY");
            }
        }
    }
}
