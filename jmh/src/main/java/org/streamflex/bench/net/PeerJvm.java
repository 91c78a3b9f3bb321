package org.streamflex.bench.net;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The second JVM of a network benchmark: {@link LinkBenchPeer} started with this JVM's {@code java}
 * and class path, controlled by one command a line on its stdin, each answered by one line on its
 * stdout. Closing it closes the peer's stdin, and the peer exits; a shutdown hook kills it if this
 * JVM exits first.
 *
 * <pre>{@code
 * try (PeerJvm peer = new PeerJvm()) {
 *     int port = peer.port("raw-sink 8192");
 *     ...
 *     long received = peer.await(sent);
 * }
 * }</pre>
 */
final class PeerJvm implements AutoCloseable {
    private final Process process;
    private final Writer commands;
    private final BufferedReader answers;
    private final Thread killer;

    PeerJvm() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                LinkBenchPeer.class.getName()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        commands = process.outputWriter(StandardCharsets.UTF_8);
        answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        killer = new Thread(process::destroyForcibly, "link-bench-peer-killer");
        Runtime.getRuntime().addShutdownHook(killer);
    }

    long pid() {
        return process.pid();
    }

    /**
     * Sends {@code command} and returns the peer's answer.
     *
     * @throws BenchFailure if the peer exited or answered with an error
     */
    String ask(String command) {
        try {
            commands.write(command + "\n");
            commands.flush();
            String answer = answers.readLine();
            if (answer == null) {
                throw new BenchFailure("the peer JVM exited (" + command + ")");
            }
            if (answer.startsWith("error ")) {
                throw new BenchFailure("the peer failed " + command + ": " + answer.substring(6));
            }
            return answer;
        } catch (IOException e) {
            throw new BenchFailure("the peer JVM: " + command + ": " + e);
        }
    }

    /** Sends a command the peer answers with the port it listens on. */
    int port(String command) {
        return (int) number(command, "port ");
    }

    /** Waits (10 s at most) until the peer's sink counted {@code n} items; returns what it counted. */
    long await(long n) {
        return number("await " + n, "received ");
    }

    /** Items the peer's sink found broken (not whole, or out of order). */
    long broken() {
        return number("broken", "broken ");
    }

    private long number(String command, String prefix) {
        String answer = ask(command);
        if (!answer.startsWith(prefix)) {
            throw new BenchFailure("the peer answered " + command + " with " + answer);
        }
        return Long.parseLong(answer.substring(prefix.length()));
    }

    @Override
    public void close() {
        try {
            commands.write("exit\n");
            commands.close();
        } catch (IOException e) {
            // it is gone already: waitFor says so
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        Runtime.getRuntime().removeShutdownHook(killer);
    }
}
