package org.streamflex.runtime.spacetime;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The other JVM of {@link RemoteSpaceTimeJvmTest}: Stampede's digitizer, joined to a server's space
 * over TLS, putting numbered frames and moving its virtual time past each, then taking every job of
 * the server's queue into one buffer and consuming it.
 * Arguments: host port frames bytes keyStore trustStore password.
 */
public final class RemoteCameraMain {
    private RemoteCameraMain() {
    }

    public static void main(String[] args) {
        InetSocketAddress server = new InetSocketAddress(args[0], Integer.parseInt(args[1]));
        int frames = Integer.parseInt(args[2]);
        int bytes = Integer.parseInt(args[3]);
        try (RemoteSpaceTime space = RemoteSpaceTime.connect(server, Path.of(args[4]), Path.of(args[5]),
                args[6].toCharArray())) {
            RemoteThread camera = space.join("camera", 0);
            RemoteOutput out = camera.attachOutput("frames");
            for (long ts = 0; ts < frames; ts++) {
                out.put(ts, RemoteSpaceTimeJvmTest.frame(ts, bytes));
                camera.setVirtualTime(ts + 1);
            }
            RemoteQueueInput work = camera.attachQueueInput("work");
            byte[] buffer = new byte[bytes];
            int jobs = 0;
            try {
                while (true) {
                    int n = work.get(0, TimeUnit.SECONDS, buffer);
                    if (!Arrays.equals(Arrays.copyOf(buffer, n),
                            RemoteSpaceTimeJvmTest.frame(work.lastTimestamp(), RemoteSpaceTimeJvmTest.JOB_BYTES))) {
                        throw new AssertionError("job " + work.lastTimestamp() + " came with other bytes");
                    }
                    work.consume(work.lastTicket());
                    jobs++;
                }
            } catch (ItemNotAvailableException empty) {
                // every job taken
            }
            camera.leave();
            System.out.println("put " + frames + ", took " + jobs);
        }
    }
}
