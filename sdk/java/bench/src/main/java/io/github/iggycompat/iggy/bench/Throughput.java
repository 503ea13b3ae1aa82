package io.github.iggycompat.iggy.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Send and poll throughput of this SDK ({@code iggy}) vs the official {@code org.apache.iggy:iggy:0.8.0} client,
 * against one fresh server, in one JVM: sdk/python's workload. Per round, each client writes its own fresh stream
 * (1 partition) with {@code batches} SendMessages of {@code batchLength} messages of {@code messageSize} bytes (the
 * messages built inside the timed loop, as a producer does), then, after an untimed 1 s pause, polls them back by
 * offset in batches of the same length, twice: {@code poll} touches the last message of each batch, and
 * {@code poll+read} reads the offset and payload of every message.
 *
 * <p>JIT warm-up is excluded: before the timed rounds each client runs one full untimed round of the same
 * workload, so both clients' send and poll paths are compiled before anything is measured. Then {@code repeats}
 * timed rounds alternate which client goes first; the summary is the median MB/s of payload per client and phase.
 *
 * <p>Run: {@code java -cp target/classes:$(cat target/classpath.txt)
 * io.github.iggycompat.iggy.bench.Throughput --python PATH
 * [--batches 100] [--batch-length 1000] [--message-size 1000] [--repeats 5]}; the server is started with the
 * project's test launcher {@code PATH -m iggy_server.testing}, or {@code --address HOST:PORT} uses a running one.
 */
public final class Throughput {
    private static final String[] PHASES = {"send", "poll", "poll+read"};
    private static final long SETTLE_MS = 1000;

    private final String host;
    private final int port;
    private final int batches;
    private final int batchLength;
    private final int messageSize;

    private Throughput(String address, int batches, int batchLength, int messageSize) {
        int colon = address.lastIndexOf(':');
        this.host = address.substring(0, colon);
        this.port = Integer.parseInt(address.substring(colon + 1));
        this.batches = batches;
        this.batchLength = batchLength;
        this.messageSize = messageSize;
    }

    interface Client extends AutoCloseable {
        String name();

        void createStream(String stream);

        void sendBatch(String stream, byte[] payloadSource);

        /** Polls batchLength messages from offset; returns how many arrived. readAll: touch every message. */
        int poll(String stream, long offset, boolean readAll);

        @Override
        void close();
    }

    /** This SDK. */
    final class Ours implements Client {
        private final io.github.iggycompat.iggy.IggyClient client;

        Ours() {
            client = io.github.iggycompat.iggy.IggyClient.connect(
                    "iggy://iggy:iggy@" + host + ":" + port + "?heartbeat_interval=0");
        }

        public String name() {
            return "iggy";
        }

        public void createStream(String stream) {
            client.createStream(stream);
            client.createTopic(io.github.iggycompat.iggy.Identifier.named(stream), "t", 1);
        }

        public void sendBatch(String stream, byte[] source) {
            List<io.github.iggycompat.iggy.Message> batch = new ArrayList<>(batchLength);
            for (int i = 0; i < batchLength; i++) {
                batch.add(io.github.iggycompat.iggy.Message.of(Arrays.copyOfRange(source, i, i + messageSize)));
            }
            client.sendMessages(io.github.iggycompat.iggy.Identifier.named(stream),
                    io.github.iggycompat.iggy.Identifier.named("t"),
                    io.github.iggycompat.iggy.Partitioning.partitionId(0), batch);
        }

        public int poll(String stream, long offset, boolean readAll) {
            io.github.iggycompat.iggy.PolledMessages polled = client.pollMessages(
                    io.github.iggycompat.iggy.Identifier.named(stream), io.github.iggycompat.iggy.Identifier.named("t"),
                    0L, null, io.github.iggycompat.iggy.PollingStrategy.offset(offset), batchLength, false);
            List<io.github.iggycompat.iggy.PolledMessage> messages = polled.messages();
            long sink = 0;
            if (readAll) {
                for (io.github.iggycompat.iggy.PolledMessage m : messages) {
                    sink += m.offset() + m.payloadLength();
                }
            } else if (!messages.isEmpty()) {
                io.github.iggycompat.iggy.PolledMessage last = messages.get(messages.size() - 1);
                sink += last.offset() + last.payloadLength();
            }
            blackhole(sink);
            return messages.size();
        }

        public void close() {
            client.close();
        }
    }

    /** The official client, one connection (its pool would otherwise spread requests). */
    final class Official implements Client {
        private final org.apache.iggy.client.blocking.tcp.IggyTcpClient client;

        Official() {
            client = org.apache.iggy.client.blocking.tcp.IggyTcpClient.builder().host(host).port(port)
                    .connectionPoolSize(1).build();
            client.connect();
            client.users().login("iggy", "iggy");
        }

        public String name() {
            return "official";
        }

        public void createStream(String stream) {
            client.streams().createStream(stream);
            client.topics().createTopic(org.apache.iggy.identifier.StreamId.of(stream), 1L,
                    org.apache.iggy.topic.CompressionAlgorithm.None, BigInteger.ZERO, BigInteger.ZERO,
                    Optional.empty(), "t");
        }

        public void sendBatch(String stream, byte[] source) {
            List<org.apache.iggy.message.Message> batch = new ArrayList<>(batchLength);
            for (int i = 0; i < batchLength; i++) {
                byte[] payload = Arrays.copyOfRange(source, i, i + messageSize);
                org.apache.iggy.message.MessageHeader header = new org.apache.iggy.message.MessageHeader(
                        BigInteger.ZERO, org.apache.iggy.message.MessageId.serverGenerated(), BigInteger.ZERO,
                        BigInteger.ZERO, BigInteger.ZERO, 0L, (long) payload.length, BigInteger.ZERO);
                batch.add(new org.apache.iggy.message.Message(header, payload, Map.of()));
            }
            client.messages().sendMessages(org.apache.iggy.identifier.StreamId.of(stream),
                    org.apache.iggy.identifier.TopicId.of("t"), org.apache.iggy.message.Partitioning.partitionId(0L),
                    batch);
        }

        public int poll(String stream, long offset, boolean readAll) {
            org.apache.iggy.message.PolledMessages polled = client.messages().pollMessages(
                    org.apache.iggy.identifier.StreamId.of(stream), org.apache.iggy.identifier.TopicId.of("t"),
                    Optional.of(0L), org.apache.iggy.consumergroup.Consumer.of(0L),
                    org.apache.iggy.message.PollingStrategy.offset(BigInteger.valueOf(offset)), (long) batchLength,
                    false);
            List<org.apache.iggy.message.Message> messages = polled.messages();
            long sink = 0;
            if (readAll) {
                for (org.apache.iggy.message.Message m : messages) {
                    sink += m.header().offset().longValue() + m.payload().length;
                }
            } else if (!messages.isEmpty()) {
                org.apache.iggy.message.Message last = messages.get(messages.size() - 1);
                sink += last.header().offset().longValue() + last.payload().length;
            }
            blackhole(sink);
            return messages.size();
        }

        public void close() {
            client.close();
        }
    }

    private static volatile long blackholeSink;

    static void blackhole(long value) {
        blackholeSink += value;
    }

    /** One round of one client: MB/s of payload per phase. */
    private double[] round(Client client, String stream) throws InterruptedException {
        byte[] source = new byte[messageSize + batchLength];
        ThreadLocalRandom.current().nextBytes(source);
        client.createStream(stream);
        double payloadMb = (double) batches * batchLength * messageSize / 1e6;
        double[] mbPerS = new double[PHASES.length];
        long start = System.nanoTime();
        for (int b = 0; b < batches; b++) {
            client.sendBatch(stream, source);
        }
        mbPerS[0] = payloadMb / ((System.nanoTime() - start) / 1e9);
        Thread.sleep(SETTLE_MS);
        for (int phase = 1; phase < PHASES.length; phase++) {
            start = System.nanoTime();
            long offset = 0;
            for (int b = 0; b < batches; b++) {
                int got = client.poll(stream, offset, phase == 2);
                if (got != batchLength) {
                    throw new IllegalStateException(client.name() + " polled " + got + " at offset " + offset);
                }
                offset += got;
            }
            mbPerS[phase] = payloadMb / ((System.nanoTime() - start) / 1e9);
        }
        return mbPerS;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = new LinkedHashMap<>(Map.of("--batches", "100", "--batch-length", "1000",
                "--message-size", "1000", "--repeats", "5"));
        for (int i = 0; i + 1 < args.length; i += 2) {
            opts.put(args[i], args[i + 1]);
        }
        String python = opts.get("--python");
        String address = opts.get("--address");  // an already running server (root iggy/iggy), else start one
        if (python == null && address == null) {
            throw new IllegalArgumentException("--python PATH (the .venv interpreter with iggy_server) or "
                    + "--address HOST:PORT is required");
        }
        Process server = null;
        if (address == null) {
            server = new ProcessBuilder(python, "-m", "iggy_server.testing")
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            BufferedReader lines = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null && !line.equals("ready"); line = lines.readLine()) {
                if (line.startsWith("address ")) {
                    address = line.substring("address ".length()).strip();
                }
            }
            if (address == null) {
                throw new IllegalStateException("the test server did not start");
            }
        }
        Throughput bench = new Throughput(address, Integer.parseInt(opts.get("--batches")),
                Integer.parseInt(opts.get("--batch-length")), Integer.parseInt(opts.get("--message-size")));
        int repeats = Integer.parseInt(opts.get("--repeats"));
        Map<String, List<List<Double>>> results = new LinkedHashMap<>();
        try (Client ours = bench.new Ours(); Client official = bench.new Official()) {
            List<Client> clients = List.of(ours, official);
            for (Client c : clients) {
                results.put(c.name(), new ArrayList<>());
                for (int p = 0; p < PHASES.length; p++) {
                    results.get(c.name()).add(new ArrayList<>());
                }
                bench.round(c, "warmup-" + c.name());  // untimed: JIT warm-up of this client's paths
            }
            for (int r = 0; r < repeats; r++) {
                List<Client> order = r % 2 == 0 ? clients : List.of(official, ours);
                for (Client c : order) {
                    double[] mb = bench.round(c, "round" + r + "-" + c.name());
                    System.out.printf("round %d %-8s send %7.1f  poll %7.1f  poll+read %7.1f MB/s%n", r, c.name(),
                            mb[0], mb[1], mb[2]);
                    for (int p = 0; p < PHASES.length; p++) {
                        results.get(c.name()).get(p).add(mb[p]);
                    }
                }
            }
        } finally {
            if (server != null) {
                server.getOutputStream().close();
                server.waitFor();
            }
        }
        System.out.printf("%nmedian of %d rounds, MB/s of payload (%d x %d x %d B):%n", repeats,
                bench.batches, bench.batchLength, bench.messageSize);
        System.out.println("| phase | iggy (this SDK) | official 0.8.0 | iggy / official |");
        System.out.println("|---|---|---|---|");
        for (int p = 0; p < PHASES.length; p++) {
            double ours = median(results.get("iggy").get(p));
            double theirs = median(results.get("official").get(p));
            System.out.printf("| %s | %.1f | %.1f | %.2fx |%n", PHASES[p], ours, theirs, ours / theirs);
        }
    }
}
