package org.iggyconformance.officialjava;

import static org.iggyconformance.officialjava.Convert.bigInteger;
import static org.iggyconformance.officialjava.Convert.consumer;
import static org.iggyconformance.officialjava.Convert.consumerId;
import static org.iggyconformance.officialjava.Convert.optionalPartition;
import static org.iggyconformance.officialjava.Convert.streamId;
import static org.iggyconformance.officialjava.Convert.topicId;
import static org.iggyconformance.officialjava.Convert.userId;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.iggy.Iggy;
import org.apache.iggy.client.blocking.tcp.IggyTcpClient;
import org.apache.iggy.message.Message;
import org.apache.iggy.topic.CompressionAlgorithm;
import org.apache.iggy.user.UserStatus;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The driver operations, each a call through the official blocking TCP client's public API.
 *
 * <p>Operations the 0.8.0 Java API has no method for (purge_stream, purge_topic, delete_segments,
 * flush_unsaved_buffer, delete_consumer_offset, get_cluster_metadata, the high-level consume_group) are simply
 * not in the capability list, so the runner marks their cases n/a.
 */
final class Operations {

    /** The SDK's API cannot express a step: the runner counts the case as n/a for this driver. */
    static final class Unsupported extends RuntimeException {
        Unsupported(String why) {
            super(why);
        }
    }

    @FunctionalInterface
    private interface Handler {
        JsonNode apply(IggyTcpClient client, JsonNode args);
    }

    // One connection per named client: the client's default pool of 5 would spread one logical session over
    // several server connections (each re-sending the login), which GetMe, group membership and logout observe.
    private static final int CONNECTIONS_PER_CLIENT = 1;

    private final JsonMapper mapper;
    private final Convert convert;
    private final Map<String, Handler> handlers = new LinkedHashMap<>();
    private final Map<String, IggyTcpClient> clients = new LinkedHashMap<>();
    // Closing waits for Netty's graceful event-loop shutdown (about 2 s); the socket itself closes at once, so
    // the wait happens off the request path.
    private final ExecutorService closer = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "client-closer");
        thread.setDaemon(true);
        return thread;
    });

    /** The Iggy wire protocol of org.apache.iggy:iggy 0.8.0: which of the op table's args a step may have. */
    static final String PROTOCOL = "0.8";

    Operations(JsonMapper mapper) {
        this.mapper = mapper;
        this.convert = new Convert(mapper);
        register();
    }

    JsonNode call(String op, String clientName, JsonNode args) {
        if (!op.equals("hello")) {
            // The op table's check, before dispatch: a bad step is a DriverError, defaults are filled in.
            args = DriverOps.checkStep(op, args, PROTOCOL);
        }
        switch (op) {
            case "hello":
                return hello();
            case "reset":
                closeAll();
                return null;
            case "connect":
                connect(clientName, args);
                return null;
            case "disconnect":
                IggyTcpClient gone = clients.remove(clientName);
                if (gone != null) {
                    closeLater(gone);
                }
                return null;
            default:
                break;
        }
        Handler handler = handlers.get(op);
        if (handler == null) {
            throw new Unsupported("operation '" + op + "' has no counterpart in the official Java API");
        }
        IggyTcpClient client = clients.get(clientName);
        if (client == null) {
            throw new IllegalStateException("no client '" + clientName + "'");
        }
        return handler.apply(client, args);
    }

    void closeAll() {
        for (IggyTcpClient client : clients.values()) {
            closeLater(client);
        }
        clients.clear();
    }

    private void closeLater(IggyTcpClient client) {
        closer.submit(() -> {
            try {
                client.close();
            } catch (RuntimeException ignored) {
                // the server may already have dropped the connection; nothing is left to release
            }
        });
    }

    private JsonNode hello() {
        ObjectNode info = mapper.createObjectNode();
        info.put("name", "official-java");
        info.put("version", "org.apache.iggy:iggy " + Iggy.version());
        ArrayNode capabilities = info.putArray("capabilities");
        capabilities.add("connect");
        capabilities.add("disconnect");
        capabilities.add("reset");
        handlers.keySet().forEach(capabilities::add);
        ArrayNode unobservable = info.putArray("unobservable");
        // ClientInfo.transport() is "Tcp" for every wire value but 2 ("Quic"), so the byte itself is not seen.
        unobservable.add("get_me.transport");
        unobservable.add("get_client.transport");
        unobservable.add("get_clients.transport");
        return info;
    }

    private void connect(String clientName, JsonNode args) {
        String address = args.path("address").asString();
        int colon = address.lastIndexOf(':');
        var builder = IggyTcpClient.builder()
                .host(address.substring(0, colon))
                .port(Integer.parseInt(address.substring(colon + 1)))
                .connectionPoolSize(CONNECTIONS_PER_CLIENT);
        IggyTcpClient client = builder.build();
        try {
            client.connect();
            if (args.has("token")) {
                client.personalAccessTokens().loginWithPersonalAccessToken(args.get("token").asString());
            } else if (args.has("username")) {
                client.users()
                        .login(args.get("username").asString(), args.get("password").asString());
            }
        } catch (RuntimeException failure) {
            closeLater(client);
            throw failure;
        }
        IggyTcpClient previous = clients.put(clientName, client);
        if (previous != null) {
            closeLater(previous);
        }
    }

    private void register() {
        // system and session
        handlers.put("ping", (c, a) -> {
            c.system().ping();
            return null;
        });
        handlers.put("login_user", (c, a) -> userIdResult(
                c.users().login(a.get("username").asString(), a.get("password").asString()).userId()));
        handlers.put("login_with_personal_access_token", (c, a) -> userIdResult(
                c.personalAccessTokens().loginWithPersonalAccessToken(a.get("token").asString()).userId()));
        handlers.put("logout_user", (c, a) -> {
            c.users().logout();
            return null;
        });
        handlers.put("get_me", (c, a) -> convert.clientDetails(c.system().getMe()));
        handlers.put("get_clients", (c, a) -> list(c.system().getClients(), convert::client));
        handlers.put("get_stats", (c, a) -> convert.stats(c.system().getStats()));

        // streams
        handlers.put("create_stream", (c, a) -> convert.stream(c.streams().createStream(a.get("name").asString())));
        handlers.put("get_stream", (c, a) ->
                c.streams().getStream(streamId(a.get("stream"))).map(convert::streamDetails).orElse(null));
        handlers.put("get_streams", (c, a) -> list(c.streams().getStreams(), convert::stream));
        handlers.put("update_stream", (c, a) -> {
            c.streams().updateStream(streamId(a.get("stream")), a.get("name").asString());
            return null;
        });
        handlers.put("delete_stream", (c, a) -> {
            c.streams().deleteStream(streamId(a.get("stream")));
            return null;
        });

        // topics and partitions
        handlers.put("create_topic", (c, a) -> convert.topicDetails(c.topics().createTopic(
                streamId(a.get("stream")),
                a.get("partitions_count").asLong(),
                compression(a),
                bigInteger(a.path("message_expiry"), BigInteger.ZERO),
                bigInteger(a.path("max_topic_size"), BigInteger.ZERO),
                replicationFactor(a),
                a.get("name").asString())));
        handlers.put("get_topic", (c, a) -> c.topics()
                .getTopic(streamId(a.get("stream")), topicId(a.get("topic")))
                .map(convert::topicDetails)
                .orElse(null));
        handlers.put("get_topics", (c, a) -> list(c.topics().getTopics(streamId(a.get("stream"))), convert::topic));
        handlers.put("update_topic", (c, a) -> {
            c.topics().updateTopic(
                    streamId(a.get("stream")),
                    topicId(a.get("topic")),
                    compression(a),
                    bigInteger(a.path("message_expiry"), BigInteger.ZERO),
                    bigInteger(a.path("max_topic_size"), BigInteger.ZERO),
                    replicationFactor(a),
                    a.get("name").asString());
            return null;
        });
        handlers.put("delete_topic", (c, a) -> {
            c.topics().deleteTopic(streamId(a.get("stream")), topicId(a.get("topic")));
            return null;
        });
        handlers.put("create_partitions", (c, a) -> {
            c.partitions().createPartitions(
                    streamId(a.get("stream")), topicId(a.get("topic")), a.get("partitions_count").asLong());
            return null;
        });
        handlers.put("delete_partitions", (c, a) -> {
            c.partitions().deletePartitions(
                    streamId(a.get("stream")), topicId(a.get("topic")), a.get("partitions_count").asLong());
            return null;
        });

        // messages
        handlers.put("send_messages", (c, a) -> {
            List<Message> messages = new ArrayList<>();
            for (JsonNode raw : a.path("messages")) {
                messages.add(convert.message(raw));
            }
            c.messages().sendMessages(
                    streamId(a.get("stream")), topicId(a.get("topic")), convert.partitioning(a.get("partitioning")),
                    messages);
            return null;
        });
        handlers.put("poll_messages", (c, a) -> convert.polled(c.messages().pollMessages(
                streamId(a.get("stream")),
                topicId(a.get("topic")),
                optionalPartition(a.get("partition_id")),
                consumer(a.get("consumer")),
                convert.strategy(a.get("strategy")),
                a.get("count").asLong(),
                a.get("auto_commit").asBoolean())));

        // consumer offsets
        handlers.put("store_consumer_offset", (c, a) -> {
            c.consumerOffsets().storeConsumerOffset(
                    streamId(a.get("stream")),
                    topicId(a.get("topic")),
                    optionalPartition(a.get("partition_id")),
                    consumer(a.get("consumer")),
                    bigInteger(a.get("offset")));
            return null;
        });
        handlers.put("get_consumer_offset", (c, a) -> c.consumerOffsets()
                .getConsumerOffset(
                        streamId(a.get("stream")),
                        topicId(a.get("topic")),
                        optionalPartition(a.get("partition_id")),
                        consumer(a.get("consumer")))
                .map(convert::offsetInfo)
                .orElse(null));

        // consumer groups
        // CreateConsumerGroup answers a group header (driver_ops.toml `ok`); the client decodes it as details.
        handlers.put("create_consumer_group", (c, a) -> convert.createdGroup(c.consumerGroups()
                .createConsumerGroup(streamId(a.get("stream")), topicId(a.get("topic")), a.get("name").asString())));
        handlers.put("get_consumer_group", (c, a) -> c.consumerGroups()
                .getConsumerGroup(streamId(a.get("stream")), topicId(a.get("topic")), consumerId(a.get("group")))
                .map(convert::groupDetails)
                .orElse(null));
        handlers.put("get_consumer_groups", (c, a) -> list(
                c.consumerGroups().getConsumerGroups(streamId(a.get("stream")), topicId(a.get("topic"))),
                convert::group));
        handlers.put("delete_consumer_group", (c, a) -> {
            c.consumerGroups()
                    .deleteConsumerGroup(
                            streamId(a.get("stream")), topicId(a.get("topic")), consumerId(a.get("group")));
            return null;
        });
        handlers.put("join_consumer_group", (c, a) -> {
            c.consumerGroups()
                    .joinConsumerGroup(streamId(a.get("stream")), topicId(a.get("topic")), consumerId(a.get("group")));
            return null;
        });
        handlers.put("leave_consumer_group", (c, a) -> {
            c.consumerGroups()
                    .leaveConsumerGroup(streamId(a.get("stream")), topicId(a.get("topic")), consumerId(a.get("group")));
            return null;
        });

        // users
        handlers.put("create_user", (c, a) -> convert.userDetails(c.users().createUser(
                a.get("username").asString(),
                a.get("password").asString(),
                status(a.get("status").asString()),
                convert.permissions(a.get("permissions")))));
        handlers.put("get_user", (c, a) ->
                c.users().getUser(userId(a.get("user"))).map(convert::userDetails).orElse(null));
        handlers.put("get_users", (c, a) -> list(c.users().getUsers(), convert::user));
        handlers.put("update_user", (c, a) -> {
            Optional<String> username = a.hasNonNull("username")
                    ? Optional.of(a.get("username").asString())
                    : Optional.empty();
            Optional<UserStatus> status = a.hasNonNull("status")
                    ? Optional.of(status(a.get("status").asString()))
                    : Optional.empty();
            c.users().updateUser(userId(a.get("user")), username, status);
            return null;
        });
        handlers.put("update_permissions", (c, a) -> {
            c.users().updatePermissions(userId(a.get("user")), convert.permissions(a.get("permissions")));
            return null;
        });
        handlers.put("change_password", (c, a) -> {
            c.users().changePassword(
                    userId(a.get("user")), a.get("current_password").asString(), a.get("new_password").asString());
            return null;
        });
        handlers.put("delete_user", (c, a) -> {
            c.users().deleteUser(userId(a.get("user")));
            return null;
        });

        // personal access tokens
        handlers.put("create_personal_access_token", (c, a) -> {
            ObjectNode token = mapper.createObjectNode();
            token.put("token", c.personalAccessTokens()
                    .createPersonalAccessToken(a.get("name").asString(), bigInteger(a.get("expiry")))
                    .token());
            return token;
        });
        handlers.put("get_personal_access_tokens", (c, a) ->
                list(c.personalAccessTokens().getPersonalAccessTokens(), convert::tokenInfo));
        handlers.put("delete_personal_access_token", (c, a) -> {
            c.personalAccessTokens().deletePersonalAccessToken(a.get("name").asString());
            return null;
        });
    }

    private JsonNode userIdResult(Long userId) {
        ObjectNode result = mapper.createObjectNode();
        result.put("user_id", userId);
        return result;
    }

    private <T> ArrayNode list(List<T> items, java.util.function.Function<T, JsonNode> each) {
        ArrayNode array = mapper.createArrayNode();
        for (T item : items) {
            array.add(each.apply(item));
        }
        return array;
    }

    private static CompressionAlgorithm compression(JsonNode args) {
        String name = args.path("compression_algorithm").asString("none");
        switch (name) {
            case "none":
                return CompressionAlgorithm.None;
            case "gzip":
                return CompressionAlgorithm.Gzip;
            default:
                throw new Unsupported("compression algorithm '" + name + "' has no CompressionAlgorithm constant");
        }
    }

    private static Optional<Short> replicationFactor(JsonNode args) {
        long factor = args.path("replication_factor").asLong(0);
        return factor == 0 ? Optional.empty() : Optional.of((short) factor);
    }

    private static UserStatus status(String name) {
        switch (name) {
            case "active":
                return UserStatus.Active;
            case "inactive":
                return UserStatus.Inactive;
            default:
                throw new Unsupported("user status '" + name + "' has no UserStatus constant");
        }
    }
}
