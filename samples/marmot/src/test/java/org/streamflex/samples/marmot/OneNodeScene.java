package org.streamflex.samples.marmot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.streamflex.fixtures.LoopbackPorts;

/** Test helper: the bundled scene cut to one node, and a server for it run by the command in this JVM. */
final class OneNodeScene {
    private OneNodeScene() {
    }

    /** Writes {@code nodes.csv} and {@code mics.csv} of the bundled scene's node {@code id} alone into {@code dir}. */
    static void write(Path dir, String id) throws IOException {
        for (String f : new String[] {"nodes.csv", "mics.csv"}) {
            List<String> lines = Files.readAllLines(Path.of("scenes", "small", f));
            List<String> only = new ArrayList<>(List.of(lines.get(0)));
            lines.stream().filter(l -> l.startsWith(id + ",")).forEach(only::add);
            Files.write(dir.resolve(f), only);
        }
    }

    /**
     * The command as the server of the scene in {@code dir}, on a port free when it starts, with
     * {@code --timeout timeoutSeconds} and no plots, running in another thread.
     */
    static Server server(Path dir, int timeoutSeconds) throws IOException {
        int port = LoopbackPorts.unused().getPort();
        return new Server(port, CompletableFuture.supplyAsync(() -> Run.of("--site", "server", "--scene",
                dir.toString(), "--listen", "127.0.0.1:" + port, "--timeout", Integer.toString(timeoutSeconds),
                "--plots", "none")));
    }

    /** A server running: its port, and its run once it ends. */
    record Server(int port, CompletableFuture<Run> run) {
        String address() {
            return "127.0.0.1:" + port;
        }
    }
}
