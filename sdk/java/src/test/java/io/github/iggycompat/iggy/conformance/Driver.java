package io.github.iggycompat.iggy.conformance;

import io.github.iggycompat.iggy.ClientConfig;
import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.Consumer;
import io.github.iggycompat.iggy.GroupAssignment;
import io.github.iggycompat.iggy.HeaderValue;
import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.IggyClient;
import io.github.iggycompat.iggy.IggyConsumer;
import io.github.iggycompat.iggy.IggyException;
import io.github.iggycompat.iggy.Message;
import io.github.iggycompat.iggy.Options;
import io.github.iggycompat.iggy.Partitioning;
import io.github.iggycompat.iggy.PolledMessage;
import io.github.iggycompat.iggy.PolledMessages;
import io.github.iggycompat.iggy.PollingStrategy;
import io.github.iggycompat.iggy.ProtocolVersion;
import io.github.iggycompat.iggy.Version;
import io.github.iggycompat.iggy.model.Permissions;
import io.github.iggycompat.iggy.model.Structs;
import io.github.iggycompat.iggy.testing.Json;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Conformance driver for the Java SDK: JSON lines in, JSON lines out (conformance-tests/README.md), through the
 * SDK's public API only. One blocking {@link IggyClient} per named client; {@code consume_group} runs the
 * high-level {@link IggyConsumer}.
 */
public final class Driver {
    private final Map<String, IggyClient> clients = new HashMap<>();
    /** The Iggy wire protocol every client of the run speaks ({@code --protocol 0.9|0.8}, default the SDK's):
     * the runner tells drivers nothing about it, so drivers.toml names one entry per protocol (java, java-0.9). */
    private final ProtocolVersion protocol;
    private final boolean v09;

    Driver(ProtocolVersion protocol) {
        this.protocol = protocol;
        this.v09 = protocol.atLeast(ProtocolVersion.V0_9);
    }

    /** A step the SDK's API cannot express in this protocol (answered {@code unsupported}, with the reason). */
    private static final class Unsupported extends RuntimeException {
        Unsupported(String why) {
            super(why, null, false, false);
        }
    }

    public static void main(String[] args) throws Exception {
        // Only protocol lines may reach stdout; anything else goes to stderr (the runner's log).
        PrintStream protocolOut =
                new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        System.setOut(System.err);
        ProtocolVersion protocol = ClientConfig.DEFAULT_PROTOCOL;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--protocol") && i + 1 < args.length) {
                String label = args[++i];
                protocol = ProtocolVersion.fromLabel(label);
                if (protocol == null) {
                    throw new IllegalArgumentException("--protocol takes 0.9 or 0.8, not " + label);
                }
            } else {
                throw new IllegalArgumentException("usage: Driver [--protocol 0.9|0.8], not " + List.of(args));
            }
        }
        Driver driver = new Driver(protocol);
        BufferedReader input = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = input.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            protocolOut.print(Json.write(driver.answer(line)));
            protocolOut.print('\n');
            protocolOut.flush();
        }
        driver.reset();
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> answer(String line) {
        Map<String, Object> request = (Map<String, Object>) Json.parse(line);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("id", request.get("id"));
        String op = (String) request.getOrDefault("op", "");
        String name = (String) request.getOrDefault("client", "default");
        Object rawArgs = request.getOrDefault("args", Map.of());
        try {
            // The op table's check, before dispatch: a bad step is a DriverError, defaults are filled in.
            Map<String, Object> args = op.equals("hello") ? Map.of()
                    : DriverOps.checkStep(op, rawArgs, protocol.label());
            if (op.equals("hello")) {
                Map<String, Object> hello = new LinkedHashMap<>();
                hello.put("name", "java-" + protocol.label());
                hello.put("version", Version.SDK_VERSION);
                hello.put("protocol", protocol.label());
                TreeSet<String> capabilities = new TreeSet<>(OPERATIONS);
                capabilities.addAll(DriverCalls.OPERATIONS);
                if (v09) {
                    capabilities.addAll(ONLY_0_9.keySet());
                } else {
                    hello.put("unsupported", ONLY_0_9);
                }
                hello.put("capabilities", new ArrayList<>(capabilities));
                hello.put("unobservable", List.of());
                response.put("ok", hello);
            } else if (!OPERATIONS.contains(op) && !DriverCalls.OPERATIONS.contains(op)
                    && !(v09 && ONLY_0_9.containsKey(op))) {
                response.put("unsupported", "operation " + op);
            } else {
                response.put("ok", call(op, name, args));
            }
        } catch (DriverOps.StepException e) {
            response.put("error", Map.of("code", -1, "name", "DriverError", "message", e.getMessage()));
        } catch (Unsupported e) {
            response.put("unsupported", e.getMessage());
        } catch (IggyException e) {
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("code", e.code());
            error.put("name", e.name());
            error.put("message", e.getMessage());
            response.put("error", error);
        } catch (RuntimeException e) {
            e.printStackTrace(System.err);
            response.put("error", Map.of("code", -1, "name", "DriverError", "message", e.toString()));
        }
        return response;
    }

    static final List<String> OPERATIONS = List.of("reset", "connect", "disconnect", "login_user",
            "login_with_personal_access_token", "get_me", "get_client", "get_snapshot", "get_clients",
            "get_cluster_metadata", "get_stream", "create_topic", "get_topic", "get_topics", "update_topic",
            "send_messages", "poll_messages", "store_consumer_offset", "get_consumer_offset",
            "delete_consumer_offset", "get_consumer_group", "consume_group", "create_user", "get_user", "get_users",
            "update_user", "update_permissions", "get_personal_access_tokens");
    /** Operations of Iggy 0.9 only, with why a 0.8 client has none (the hello's {@code unsupported}). */
    static final Map<String, String> ONLY_0_9 = Map.of("describe_options", "Iggy 0.8 has no option catalog",
            "sync_consumer_group", "Iggy 0.8 groups assign partitions on the server");

    void reset() {
        for (IggyClient client : clients.values()) {
            client.close();
        }
        clients.clear();
    }

    private Object call(String op, String name, Map<String, Object> a) {
        if (op.equals("reset")) {
            reset();
            return null;
        }
        if (op.equals("connect")) {
            connect(name, a);
            return null;
        }
        IggyClient c = clients.get(name);
        if (c == null) {
            throw new IllegalStateException("no client " + name);
        }
        switch (op) {
            case "disconnect": clients.remove(name).close(); return null;
            case "login_user": return Map.of("user_id", c.loginUser(str(a, "username"), str(a, "password")));
            case "login_with_personal_access_token":
                return Map.of("user_id", c.loginWithPersonalAccessToken(str(a, "token")));
            case "get_me": return client(c.getMe());
            case "get_client": return client(c.getClient(num(a, "client_id")));
            case "get_snapshot": return snapshot(c, a);
            case "get_clients": return c.getClients().stream().map(Driver::clientInfo).toList();
            case "describe_options": return describeOptions(c, a);
            case "get_cluster_metadata": return cluster(c.getClusterMetadata());
            case "get_stream": {
                Structs.StreamDetails s = c.getStream(id(a, "stream"));
                return s == null ? null : stream(new Structs.StreamHeader(s.id(), s.createdAt(), s.topicsCount(),
                        s.sizeBytes(), s.messagesCount(), s.name(), s.options()), s.topics());
            }
            case "create_topic":
                noReplicationFactor(a);
                return topic(c.createTopic(id(a, "stream"), str(a, "name"), num(a, "partitions_count"),
                        topicCompression(a), numOr(a, "message_expiry", 0), numOr(a, "max_topic_size", 0),
                        (int) numOr(a, "replication_factor", 0), options(a)));
            case "get_topic": return topic(c.getTopic(id(a, "stream"), id(a, "topic")));
            case "get_topics": return c.getTopics(id(a, "stream")).stream().map(t -> topicHeader(t)).toList();
            case "update_topic":
                noReplicationFactor(a);
                c.updateTopic(id(a, "stream"), id(a, "topic"), str(a, "name"), topicCompression(a),
                        numOr(a, "message_expiry", 0), numOr(a, "max_topic_size", 0),
                        (int) numOr(a, "replication_factor", 0), options(a));
                return null;
            case "send_messages": return sendMessages(c, a);
            case "poll_messages": return polled(pollMessages(c, a));
            case "store_consumer_offset":
                c.storeConsumerOffset(consumer(a), id(a, "stream"), id(a, "topic"), optionalNum(a, "partition_id"),
                        num(a, "offset"));
                return null;
            case "get_consumer_offset": {
                Structs.ConsumerOffsetInfo info = c.getConsumerOffset(consumer(a), id(a, "stream"), id(a, "topic"),
                        optionalNum(a, "partition_id"));
                return info == null ? null : map("partition_id", info.partitionId(), "current_offset",
                        u64(info.currentOffset()), "stored_offset", u64(info.storedOffset()));
            }
            case "delete_consumer_offset":
                c.deleteConsumerOffset(consumer(a), id(a, "stream"), id(a, "topic"), optionalNum(a, "partition_id"));
                return null;
            case "get_consumer_group": {
                Structs.GroupDetails g = c.getConsumerGroup(id(a, "stream"), id(a, "topic"), id(a, "group"));
                return g == null ? null : group(new Structs.GroupHeader(g.id(), g.partitionsCount(), g.membersCount(),
                        g.name()), g.members());
            }
            case "sync_consumer_group": {
                GroupAssignment synced = c.syncConsumerGroup(id(a, "stream"), id(a, "topic"), id(a, "group"));
                return synced == null ? null : map("generation", synced.generation(), "partitions",
                        synced.partitions());
            }
            case "consume_group": return consumeGroup(c, a);
            case "create_user":
                return user(c.createUser(str(a, "username"), str(a, "password"), status(a), permissions(a)));
            case "get_user": {
                Structs.UserDetails u = c.getUser(id(a, "user"));
                return u == null ? null : user(u);
            }
            case "get_users":
                return c.getUsers().stream().map(u -> map("id", u.id(), "username", u.username(), "status",
                        statusName(u.status()))).toList();
            case "update_user":
                c.updateUser(id(a, "user"), (String) a.get("username"), a.containsKey("status") ? status(a) : null);
                return null;
            case "update_permissions": c.updatePermissions(id(a, "user"), permissions(a)); return null;
            case "get_personal_access_tokens":
                return c.getPersonalAccessTokens().stream().map(t -> map("name", t.name(), "expiry_at",
                        u64(t.expiryAt()))).toList();
            // The plain ops: their calls are generated (protocol-spec/generator/driver_calls.py).
            default: return DriverCalls.call(c, op, a);
        }
    }

    private void connect(String name, Map<String, Object> a) {
        ClientConfig.Builder config = ClientConfig.builder().address(str(a, "address")).protocol(protocol)
                .heartbeatIntervalMs(0).reconnectionRetries(0);
        if (a.get("username") != null) {
            config.credentials(str(a, "username"), str(a, "password"));
        } else if (a.get("token") != null) {
            config.token(str(a, "token"));
        }
        IggyClient client = new IggyClient(config.build());
        try {
            client.connect();
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        IggyClient previous = clients.put(name, client);
        if (previous != null) {
            previous.close();
        }
    }

    // --- JSON -> SDK ---------------------------------------------------------------------------------------

    static String str(Map<String, Object> a, String key) {
        Object value = a.get(key);
        if (!(value instanceof String s)) {
            throw new IllegalArgumentException("argument " + key + " must be a string, is " + value);
        }
        return s;
    }

    static long num(Map<String, Object> a, String key) {
        Object value = a.get(key);
        if (!(value instanceof BigInteger n)) {
            throw new IllegalArgumentException("argument " + key + " must be an integer, is " + value);
        }
        return n.longValue();
    }

    private static long numOr(Map<String, Object> a, String key, long fallback) {
        return a.get(key) == null ? fallback : num(a, key);
    }

    private static Long optionalNum(Map<String, Object> a, String key) {
        return a.get(key) == null ? null : num(a, key);
    }

    static Identifier id(Map<String, Object> a, String key) {
        return Identifier.from(a.get(key));
    }

    /**
     * 0.8 sends every setting (absent = none); 0.9 sends only the settings given (0 = not sent: an update is a
     * patch, and a create leaves the key to the server's default, derived).
     */
    private int topicCompression(Map<String, Object> a) {
        if (v09 && a.get("compression_algorithm") == null) {
            return 0;
        }
        return constant(Codes.CompressionAlgorithm.class, (String) a.getOrDefault("compression_algorithm", "none"));
    }

    /** A step's 0.9 options: {@code {key: "text"}} (the server parses the text) or {@code {key: {kind, value}}}. */
    @SuppressWarnings("unchecked")
    private static Options options(Map<String, Object> a) {
        Options.Builder options = Options.builder();
        ((Map<String, Object>) a.getOrDefault("options", Map.of())).forEach((key, value) -> {
            if (value instanceof String text) {
                options.set(key, text);
            } else if (value instanceof Map<?, ?> typed) {
                options.set(key, header((Map<String, Object>) typed));
            } else {
                throw new IllegalArgumentException("option " + key + " is neither a string nor a typed value: "
                        + value);
            }
        });
        return options.build();
    }

    private static int status(Map<String, Object> a) {
        return constant(Codes.UserStatus.class, str(a, "status"));
    }

    private static String statusName(int status) {
        return constantName(Codes.UserStatus.class, status);
    }

    /** A generated enum constant by its lower-case name ("gzip" -> CompressionAlgorithm.GZIP). */
    private static int constant(Class<?> holder, String name) {
        try {
            return holder.getField(name.toUpperCase(Locale.ROOT)).getInt(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("unknown " + holder.getSimpleName() + " " + name);
        }
    }

    private static String constantName(Class<?> holder, int value) {
        for (Field f : holder.getFields()) {
            try {
                if (Modifier.isStatic(f.getModifiers()) && f.getInt(null) == value) {
                    return f.getName().toLowerCase(Locale.ROOT);
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return Integer.toString(value);
    }

    @SuppressWarnings("unchecked")
    private static Consumer consumer(Map<String, Object> a) {
        Map<String, Object> raw = (Map<String, Object>) a.get("consumer");
        Identifier who = Identifier.from(raw.get("id"));
        return "group".equals(raw.get("kind")) ? Consumer.group(who) : Consumer.consumer(who);
    }

    @SuppressWarnings("unchecked")
    private static Permissions permissions(Map<String, Object> a) {
        Map<String, Object> raw = (Map<String, Object>) a.get("permissions");
        if (raw == null) {
            return null;
        }
        Map<String, Object> g = (Map<String, Object>) raw.getOrDefault("global", Map.of());
        Map<Long, Permissions.StreamPermissions> streams = new LinkedHashMap<>();
        ((Map<String, Object>) raw.getOrDefault("streams", Map.of())).forEach((streamId, value) -> {
            Map<String, Object> s = (Map<String, Object>) value;
            Map<Long, Permissions.TopicPermissions> topics = new LinkedHashMap<>();
            ((Map<String, Object>) s.getOrDefault("topics", Map.of())).forEach((topicId, t) -> {
                Map<String, Object> tf = (Map<String, Object>) t;
                topics.put(Long.parseLong(topicId), new Permissions.TopicPermissions(flag(tf, "manage_topic"),
                        flag(tf, "read_topic"), flag(tf, "poll_messages"), flag(tf, "send_messages")));
            });
            streams.put(Long.parseLong(streamId), new Permissions.StreamPermissions(flag(s, "manage_stream"),
                    flag(s, "read_stream"), flag(s, "manage_topics"), flag(s, "read_topics"),
                    flag(s, "poll_messages"), flag(s, "send_messages"), topics));
        });
        return new Permissions(flag(g, "manage_servers"), flag(g, "read_servers"), flag(g, "manage_users"),
                flag(g, "read_users"), flag(g, "manage_streams"), flag(g, "read_streams"), flag(g, "manage_topics"),
                flag(g, "read_topics"), flag(g, "poll_messages"), flag(g, "send_messages"), streams);
    }

    static boolean flag(Map<String, Object> m, String key) {
        return Boolean.TRUE.equals(m.get(key));
    }

    @SuppressWarnings("unchecked")
    /** 0.9 topics have no replication factor: a step setting one cannot be expressed. */
    private void noReplicationFactor(Map<String, Object> a) {
        if (v09 && a.get("replication_factor") != null && num(a, "replication_factor") != 0) {
            throw new Unsupported("Iggy 0.9 topics have no replication factor (neither the API nor the wire has one)");
        }
    }

    /** 0.8: null; 0.9: the server's confirmation (partition and base offset of the batch). */
    private Object sendMessages(IggyClient c, Map<String, Object> a) {
        Map<String, Object> p = (Map<String, Object>) a.get("partitioning");
        Partitioning partitioning = switch ((String) p.get("kind")) {
            case "balanced" -> Partitioning.balanced();
            case "partition_id" -> Partitioning.partitionId(num(p, "value"));
            case "key" -> Partitioning.messagesKey(String.valueOf(p.get("value")));
            default -> throw new IllegalArgumentException("unknown partitioning " + p.get("kind"));
        };
        List<Message> messages = new ArrayList<>();
        for (Object item : (List<Object>) a.get("messages")) {
            Map<String, Object> m = (Map<String, Object>) item;
            Map<String, HeaderValue> headers = new LinkedHashMap<>();
            ((Map<String, Object>) m.getOrDefault("headers", Map.of())).forEach(
                    (key, value) -> headers.put(key, header((Map<String, Object>) value)));
            Object idValue = m.get("id");
            BigInteger msgId = idValue == null ? BigInteger.ZERO : new BigInteger(idValue.toString());
            messages.add(Message.of(Base64.getDecoder().decode((String) m.get("payload")), msgId, headers));
        }
        Structs.SendConfirmation confirmation = c.sendMessages(id(a, "stream"), id(a, "topic"), partitioning,
                messages);
        if (!v09) {
            return null;
        }
        return map("confirmations", confirmation == null ? List.of() : List.of(map("stream_id",
                confirmation.streamId(), "topic_id", confirmation.topicId(), "partition_id",
                confirmation.partitionId(), "base_offset", u64(confirmation.baseOffset()))));
    }

    private static HeaderValue header(Map<String, Object> raw) {
        String kind = (String) raw.get("kind");
        Object value = raw.get("value");
        int code = constant(Codes.HeaderKind.class, kind);
        switch (kind) {
            case "raw": return HeaderValue.raw(Base64.getDecoder().decode((String) value));
            case "string": return HeaderValue.string((String) value);
            case "bool": return HeaderValue.bool((Boolean) value);
            case "float32": return HeaderValue.float32(((Number) value).floatValue());
            case "float64": return HeaderValue.float64(((Number) value).doubleValue());
            case "int128":
            case "uint128": return HeaderValue.integer128(code, new BigInteger(value.toString()));
            default: return HeaderValue.integer(code, new BigInteger(value.toString()).longValue());
        }
    }

    @SuppressWarnings("unchecked")
    private static PolledMessages pollMessages(IggyClient c, Map<String, Object> a) {
        Map<String, Object> s = (Map<String, Object>) a.get("strategy");
        long value = s.get("value") == null ? 0 : num(s, "value");
        PollingStrategy strategy = switch ((String) s.get("kind")) {
            case "offset" -> PollingStrategy.offset(value);
            case "timestamp" -> PollingStrategy.timestamp(value);
            case "first" -> PollingStrategy.first();
            case "last" -> PollingStrategy.last();
            case "next" -> PollingStrategy.next();
            default -> throw new IllegalArgumentException("unknown strategy " + s.get("kind"));
        };
        return c.pollMessages(id(a, "stream"), id(a, "topic"), optionalNum(a, "partition_id"), consumer(a), strategy,
                num(a, "count"), flag(a, "auto_commit"));
    }

    private static Object consumeGroup(IggyClient c, Map<String, Object> a) {
        long count = num(a, "count");
        Duration timeout = Duration.ofMillis(num(a, "timeout_ms"));
        List<Map<String, Object>> received = new ArrayList<>();
        try (IggyConsumer consumer = IggyConsumer.builder(c, id(a, "stream"), id(a, "topic"))
                .group(id(a, "group")).strategy(PollingStrategy.next())
                .autoCommit(IggyConsumer.AutoCommit.AFTER_POLL).pollIntervalMs(10).build()) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (received.size() < count) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw IggyException.of(io.github.iggycompat.iggy.ErrorCode.TASK_TIMEOUT.code(),
                            "consume_group: " + received.size() + " of " + count + " messages within " + timeout);
                }
                for (IggyConsumer.Record r : consumer.poll(Duration.ofNanos(Math.min(left,
                        Duration.ofMillis(200).toNanos())))) {
                    received.add(map("partition_id", r.partitionId(), "offset", u64(r.offset()),
                            "payload", Base64.getEncoder().encodeToString(r.payload())));
                }
            }
        }
        received.sort(Comparator.comparing((Map<String, Object> m) -> (Long) m.get("partition_id"))
                .thenComparing(m -> (BigInteger) m.get("offset")));
        return Map.of("messages", received);
    }

    private static Object snapshot(IggyClient c, Map<String, Object> a) {
        int compression = constant(Codes.SnapshotCompression.class, str(a, "compression"));
        List<Integer> types = new ArrayList<>();
        for (Object t : (List<?>) a.get("types")) {
            types.add(constant(Codes.SnapshotType.class, (String) t));
        }
        byte[] zip = c.getSnapshot(compression, types);
        boolean isZip = zip.length >= 4 && zip[0] == 'P' && zip[1] == 'K' && zip[2] == 3 && zip[3] == 4;
        return map("size_bytes", zip.length, "zip", isZip);
    }

    // --- SDK -> JSON ---------------------------------------------------------------------------------------

    static Map<String, Object> map(Object... pairs) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.put((String) pairs[i], pairs[i + 1]);
        }
        return out;
    }

    static BigInteger u64(long value) {
        return new BigInteger(Long.toUnsignedString(value));
    }

    private static Object client(Structs.ClientDetails d) {
        if (d == null) {
            return null;
        }
        List<Object> groups = d.consumerGroups().stream().map(g -> (Object) map("stream_id", g.streamId(),
                "topic_id", g.topicId(), "group_id", g.groupId())).toList();
        return map("client_id", d.clientId(), "user_id", d.userId(), "transport", d.transport(), "address",
                d.address(), "consumer_groups_count", d.consumerGroupsCount(), "consumer_groups", groups);
    }

    private static Object clientInfo(Structs.ClientInfo d) {
        return map("client_id", d.clientId(), "user_id", d.userId(), "transport", d.transport(), "address",
                d.address(), "consumer_groups_count", d.consumerGroupsCount());
    }

    private static Object cluster(Structs.ClusterMetadata m) {
        List<Object> nodes = m.nodes().stream().map(n -> (Object) map("name", n.name(), "role", n.role(),
                "status", n.status())).toList();
        return map("name", m.name(), "nodes", nodes);
    }

    private static Object stream(Structs.StreamHeader s, List<Structs.TopicHeader> topics) {
        Map<String, Object> out = map("id", s.id(), "name", s.name(), "topics_count", s.topicsCount(),
                "messages_count", u64(s.messagesCount()), "size_bytes", u64(s.sizeBytes()));
        if (topics != null) {
            out.put("topics", topics.stream().map(Driver::topicHeader).toList());
        }
        return out;
    }

    private static Map<String, Object> topicHeader(Structs.TopicHeader t) {
        Map<String, Object> out = map("id", t.id(), "name", t.name(), "partitions_count", t.partitionsCount(),
                "messages_count", u64(t.messagesCount()), "size_bytes", u64(t.sizeBytes()), "compression_algorithm",
                constantName(Codes.CompressionAlgorithm.class, t.compressionAlgorithm()), "message_expiry",
                u64(t.messageExpiry()), "max_topic_size", u64(t.maxTopicSize()));
        // 0.9's form has the options blocks (never both empty: the catalog has keys) and no replication factor.
        if (t.options().length > 0 || t.derivedOptions().length > 0) {
            out.put("options", optionsJson(t.options()));
            out.put("derived_options", optionsJson(t.derivedOptions()));
        } else {
            out.put("replication_factor", t.replicationFactor());
        }
        return out;
    }

    private static Map<String, Object> optionsJson(byte[] block) {
        Map<String, Object> out = new LinkedHashMap<>();
        Options.decode(block).forEach((key, value) -> out.put(key, optionValueJson(value)));
        return out;
    }

    /**
     * {@link #headerJson} with the value in its text form ("1024", "false"): how 0.9's REST API carries options, so
     * every driver and transport compares alike (conformance-tests/README.md, {@code create_topic}).
     */
    private static Map<String, Object> optionValueJson(HeaderValue value) {
        Map<String, Object> out = headerJson(value);
        out.put("value", out.get("value").toString());
        return out;
    }

    private static Object topic(Structs.TopicDetails t) {
        if (t == null) {
            return null;
        }
        Map<String, Object> out = topicHeader(new Structs.TopicHeader(t.id(), t.createdAt(), t.partitionsCount(),
                t.messageExpiry(), t.compressionAlgorithm(), t.maxTopicSize(), t.replicationFactor(), t.sizeBytes(),
                t.messagesCount(), t.name(), t.options(), t.derivedOptions()));
        out.put("partitions", t.partitions().stream().map(p -> (Object) map("id", p.id(), "current_offset",
                u64(p.currentOffset()), "messages_count", u64(p.messagesCount()), "segments_count",
                p.segmentsCount(), "size_bytes", u64(p.sizeBytes()))).toList());
        return out;
    }

    private static Object describeOptions(IggyClient c, Map<String, Object> a) {
        String scope = str(a, "scope");
        Codes.OptionScope wireScope;
        try {
            wireScope = Codes.OptionScope.valueOf(scope.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown option scope " + scope);
        }
        return c.describeOptions(wireScope).stream().map(entry -> (Object) map("key", entry.key(), "kind",
                constantName(Codes.HeaderKind.class, entry.kind()), "default", entry.defaultValue().length == 0
                        ? null : optionValueJson(HeaderValue.of(entry.kind(), entry.defaultValue())),
                "description", entry.description())).toList();
    }

    private static Object group(Structs.GroupHeader g, List<Structs.GroupMember> members) {
        Map<String, Object> out = map("id", g.id(), "name", g.name(), "partitions_count", g.partitionsCount(),
                "members_count", g.membersCount());
        if (members != null) {
            out.put("members", members.stream().map(m -> (Object) map("id", m.memberId(), "partitions_count",
                    m.partitionIds().size(), "partitions", m.partitionIds())).toList());
        }
        return out;
    }

    private static Object user(Structs.UserDetails u) {
        return map("id", u.id(), "username", u.username(), "status", statusName(u.status()), "permissions",
                permissionsJson(u.permissions()));
    }

    private static Object permissionsJson(Permissions p) {
        if (p == null) {
            return null;
        }
        Map<String, Object> global = map("manage_servers", p.manageServers(), "read_servers", p.readServers(),
                "manage_users", p.manageUsers(), "read_users", p.readUsers(), "manage_streams", p.manageStreams(),
                "read_streams", p.readStreams(), "manage_topics", p.manageTopics(), "read_topics", p.readTopics(),
                "poll_messages", p.pollMessages(), "send_messages", p.sendMessages());
        Map<String, Object> streams = new LinkedHashMap<>();
        p.streams().forEach((streamId, s) -> {
            Map<String, Object> topics = new LinkedHashMap<>();
            s.topics().forEach((topicId, t) -> topics.put(topicId.toString(), map("manage_topic", t.manageTopic(),
                    "read_topic", t.readTopic(), "poll_messages", t.pollMessages(), "send_messages",
                    t.sendMessages())));
            streams.put(streamId.toString(), map("manage_stream", s.manageStream(), "read_stream", s.readStream(),
                    "manage_topics", s.manageTopics(), "read_topics", s.readTopics(), "poll_messages",
                    s.pollMessages(), "send_messages", s.sendMessages(), "topics", topics));
        });
        return map("global", global, "streams", streams);
    }

    private static Object polled(PolledMessages polled) {
        List<Object> messages = new ArrayList<>();
        for (PolledMessage m : polled.messages()) {
            Map<String, Object> headers = new LinkedHashMap<>();
            m.headers().forEach((key, value) -> headers.put(key, headerJson(value)));
            messages.add(map("offset", u64(m.offset()), "id", m.id().toString(), "timestamp", u64(m.timestamp()),
                    "payload", Base64.getEncoder().encodeToString(m.payload()), "headers", headers));
        }
        return map("partition_id", polled.partitionId(), "current_offset", u64(polled.currentOffset()), "count",
                polled.count(), "messages", messages);
    }

    private static Map<String, Object> headerJson(HeaderValue v) {
        String kind = constantName(Codes.HeaderKind.class, v.kind());
        Object value = switch (kind) {
            case "raw" -> Base64.getEncoder().encodeToString(v.bytes());
            case "string" -> v.asString();
            case "bool" -> v.asBoolean();
            case "float32", "float64" -> v.asDouble();
            case "int64", "uint64", "int128", "uint128" -> v.asBigInteger().toString();
            default -> v.asBigInteger();
        };
        return map("kind", kind, "value", value);
    }
}
