package io.github.iggycompat.iggy.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A thin wrapper over the project's one test-server launcher, {@code python -m iggy_server.testing}: starts it
 * (free 127.0.0.1 port, private data dir, optionally TLS), parses its lines, and stops it by closing its stdin.
 * The interpreter comes from {@code IGGY_TEST_PYTHON} (the Makefile passes the repo's .venv python).
 */
public final class TestServer implements AutoCloseable {
    private static final long START_TIMEOUT_MS = 120_000;

    private final Process process;
    private final BufferedReader out;
    private final Writer in;
    private String address;
    private String caFile;

    private TestServer(Process process) {
        this.process = process;
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    public static TestServer start(boolean tls, String... env) throws IOException {
        String python = System.getenv("IGGY_TEST_PYTHON");
        if (python == null || python.isBlank()) {
            throw new IllegalStateException("IGGY_TEST_PYTHON is not set: run through `make test-java`, which "
                    + "points it at the repository's .venv python with the server installed");
        }
        List<String> command = new ArrayList<>(List.of(python, "-m", "iggy_server.testing"));
        if (tls) {
            command.add("--tls");
        }
        for (String e : env) {
            command.add("--env");
            command.add(e);
        }
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        TestServer server = new TestServer(process);
        try {
            server.readUntilReady();
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void readUntilReady() throws IOException {
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
        while (System.currentTimeMillis() < deadline) {
            String line = out.readLine();
            if (line == null) {
                throw new IOException("test server exited before it was ready");
            }
            if (line.startsWith("address ")) {
                address = line.substring("address ".length()).strip();
            } else if (line.startsWith("ca_file ")) {
                caFile = line.substring("ca_file ".length()).strip();
            } else if (line.strip().equals("ready")) {
                return;
            }
        }
        throw new IOException("test server not ready within " + START_TIMEOUT_MS + " ms");
    }

    /** HOST:PORT of the server. */
    public String address() {
        return address;
    }

    /** The throw-away CA (with --tls). */
    public String caFile() {
        return caFile;
    }

    /** SIGKILLs the server (same port and data stay reserved for {@link #restart()}). */
    public void kill() throws IOException {
        in.write("kill\n");
        in.flush();
        expect("killed");
    }

    public void restart() throws IOException {
        in.write("restart\n");
        in.flush();
        readUntilReady();
    }

    private void expect(String answer) throws IOException {
        String line = out.readLine();
        if (line == null || !line.strip().equals(answer)) {
            throw new IOException("test server answered " + line + ", expected " + answer);
        }
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException ignored) {
            // the process is stopped below either way
        }
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
