package org.iggyconformance.officialjava;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.iggy.consumergroup.Consumer;
import org.apache.iggy.consumergroup.ConsumerGroup;
import org.apache.iggy.consumergroup.ConsumerGroupDetails;
import org.apache.iggy.consumergroup.ConsumerGroupMember;
import org.apache.iggy.consumeroffset.ConsumerOffsetInfo;
import org.apache.iggy.identifier.ConsumerId;
import org.apache.iggy.identifier.StreamId;
import org.apache.iggy.identifier.TopicId;
import org.apache.iggy.identifier.UserId;
import org.apache.iggy.message.HeaderKey;
import org.apache.iggy.message.HeaderKind;
import org.apache.iggy.message.HeaderValue;
import org.apache.iggy.message.Message;
import org.apache.iggy.message.MessageHeader;
import org.apache.iggy.message.MessageId;
import org.apache.iggy.message.Partitioning;
import org.apache.iggy.message.PolledMessages;
import org.apache.iggy.message.PollingStrategy;
import org.apache.iggy.partition.Partition;
import org.apache.iggy.personalaccesstoken.PersonalAccessTokenInfo;
import org.apache.iggy.stream.StreamBase;
import org.apache.iggy.stream.StreamDetails;
import org.apache.iggy.system.ClientInfo;
import org.apache.iggy.system.ClientInfoDetails;
import org.apache.iggy.system.ConsumerGroupInfo;
import org.apache.iggy.system.Stats;
import org.apache.iggy.topic.CompressionAlgorithm;
import org.apache.iggy.topic.Topic;
import org.apache.iggy.topic.TopicDetails;
import org.apache.iggy.user.GlobalPermissions;
import org.apache.iggy.user.Permissions;
import org.apache.iggy.user.StreamPermissions;
import org.apache.iggy.user.TopicPermissions;
import org.apache.iggy.user.UserInfo;
import org.apache.iggy.user.UserInfoDetails;
import org.apache.iggy.user.UserStatus;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** JSON arguments to the Java client's types and its result records back to the protocol's JSON. */
final class Convert {

    private static final int U8_MASK = 0xFF;

    private final JsonMapper mapper;

    Convert(JsonMapper mapper) {
        this.mapper = mapper;
    }

    // --- JSON → client types -------------------------------------------------------------------------------

    static StreamId streamId(JsonNode value) {
        return value.isNumber() ? StreamId.of(value.longValue()) : StreamId.of(value.asString());
    }

    static TopicId topicId(JsonNode value) {
        return value.isNumber() ? TopicId.of(value.longValue()) : TopicId.of(value.asString());
    }

    static UserId userId(JsonNode value) {
        return value.isNumber() ? UserId.of(value.longValue()) : UserId.of(value.asString());
    }

    static ConsumerId consumerId(JsonNode value) {
        return value.isNumber() ? ConsumerId.of(value.longValue()) : ConsumerId.of(value.asString());
    }

    static Consumer consumer(JsonNode raw) {
        ConsumerId id = consumerId(raw.get("id"));
        return "group".equals(raw.path("kind").asString()) ? Consumer.group(id) : Consumer.of(id);
    }

    static Optional<Long> optionalPartition(JsonNode value) {
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value.longValue());
    }

    /** An integer arg the step has (required by the op table, or filled with its declared default by the check). */
    static BigInteger bigInteger(JsonNode value) {
        return value.isNumber() ? value.bigIntegerValue() : new BigInteger(value.asString());
    }

    /** u64/u128 values travel as JSON numbers or, when wider than a double, as decimal strings. */
    static BigInteger bigInteger(JsonNode value, BigInteger absent) {
        if (value == null || value.isMissingNode() || value.isNull()) {
            return absent;
        }
        return value.isNumber() ? value.bigIntegerValue() : new BigInteger(value.asString());
    }

    PollingStrategy strategy(JsonNode raw) {
        String kind = raw.path("kind").asString();
        BigInteger value = bigInteger(raw.get("value"), BigInteger.ZERO);
        switch (kind) {
            case "offset":
                return PollingStrategy.offset(value);
            case "timestamp":
                return PollingStrategy.timestamp(value);
            case "first":
                return PollingStrategy.first();
            case "last":
                return PollingStrategy.last();
            case "next":
                return PollingStrategy.next();
            default:
                throw new Operations.Unsupported("polling strategy '" + kind + "'");
        }
    }

    Partitioning partitioning(JsonNode raw) {
        String kind = raw.path("kind").asString();
        switch (kind) {
            case "balanced":
                return Partitioning.balanced();
            case "partition_id":
                return Partitioning.partitionId(raw.get("value").longValue());
            case "key":
                return Partitioning.messagesKey(raw.get("value").asString());
            default:
                throw new Operations.Unsupported("partitioning kind '" + kind + "'");
        }
    }

    Message message(JsonNode raw) {
        byte[] payload = Base64.getDecoder().decode(raw.get("payload").asString());
        BigInteger idValue = bigInteger(raw.get("id"), BigInteger.ZERO);
        MessageId id = idValue.signum() == 0 ? MessageId.serverGenerated() : MessageId.from(idValue);
        MessageHeader header = new MessageHeader(
                BigInteger.ZERO, id, BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO, 0L,
                (long) payload.length, BigInteger.ZERO);
        Message message = new Message(header, payload, Map.of());
        JsonNode headers = raw.get("headers");
        if (headers == null || headers.isEmpty()) {
            return message;
        }
        Map<HeaderKey, HeaderValue> userHeaders = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : headers.properties()) {
            userHeaders.put(HeaderKey.fromString(entry.getKey()), headerValue(entry.getValue()));
        }
        // withUserHeaders recomputes the header's user-headers length, which the constructor takes as given.
        return message.withUserHeaders(userHeaders);
    }

    /** The typed factories where the API has one; the record constructor for the wide integer kinds it lacks. */
    static HeaderValue headerValue(JsonNode raw) {
        String kind = raw.path("kind").asString();
        JsonNode value = raw.get("value");
        switch (kind) {
            case "raw":
                return HeaderValue.fromRaw(Base64.getDecoder().decode(value.asString()));
            case "string":
                return HeaderValue.fromString(value.asString());
            case "bool":
                return HeaderValue.fromBool(value.booleanValue());
            case "int8":
                return HeaderValue.fromInt8((byte) value.intValue());
            case "int16":
                return HeaderValue.fromInt16((short) value.intValue());
            case "int32":
                return HeaderValue.fromInt32(value.intValue());
            case "int64":
                return HeaderValue.fromInt64(bigInteger(value, BigInteger.ZERO).longValueExact());
            case "int128":
                return new HeaderValue(HeaderKind.Int128, littleEndian(bigInteger(value, BigInteger.ZERO), 16));
            case "uint8":
                return HeaderValue.fromUint8((short) value.intValue());
            case "uint16":
                return HeaderValue.fromUint16(value.intValue());
            case "uint32":
                return HeaderValue.fromUint32(value.longValue());
            case "uint64":
                return new HeaderValue(HeaderKind.Uint64, littleEndian(bigInteger(value, BigInteger.ZERO), 8));
            case "uint128":
                return new HeaderValue(HeaderKind.Uint128, littleEndian(bigInteger(value, BigInteger.ZERO), 16));
            case "float32":
                return HeaderValue.fromFloat32(value.floatValue());
            case "float64":
                return HeaderValue.fromFloat64(value.doubleValue());
            default:
                throw new Operations.Unsupported("header kind '" + kind + "'");
        }
    }

    Optional<Permissions> permissions(JsonNode raw) {
        if (raw == null || raw.isNull()) {
            return Optional.empty();
        }
        JsonNode global = raw.path("global");
        GlobalPermissions globalPermissions = new GlobalPermissions(
                flag(global, "manage_servers"), flag(global, "read_servers"), flag(global, "manage_users"),
                flag(global, "read_users"), flag(global, "manage_streams"), flag(global, "read_streams"),
                flag(global, "manage_topics"), flag(global, "read_topics"), flag(global, "poll_messages"),
                flag(global, "send_messages"));
        Map<Long, StreamPermissions> streams = new TreeMap<>();
        for (Map.Entry<String, JsonNode> stream : raw.path("streams").properties()) {
            JsonNode flags = stream.getValue();
            Map<Long, TopicPermissions> topics = new TreeMap<>();
            for (Map.Entry<String, JsonNode> topic : flags.path("topics").properties()) {
                JsonNode topicFlags = topic.getValue();
                topics.put(Long.parseLong(topic.getKey()), new TopicPermissions(
                        flag(topicFlags, "manage_topic"), flag(topicFlags, "read_topic"),
                        flag(topicFlags, "poll_messages"), flag(topicFlags, "send_messages")));
            }
            streams.put(Long.parseLong(stream.getKey()), new StreamPermissions(
                    flag(flags, "manage_stream"), flag(flags, "read_stream"), flag(flags, "manage_topics"),
                    flag(flags, "read_topics"), flag(flags, "poll_messages"), flag(flags, "send_messages"), topics));
        }
        return Optional.of(new Permissions(globalPermissions, streams));
    }

    private static boolean flag(JsonNode flags, String name) {
        return flags.path(name).asBoolean(false);
    }

    // --- client records → JSON -----------------------------------------------------------------------------

    ObjectNode stream(StreamBase stream) {
        ObjectNode json = mapper.createObjectNode();
        json.put("id", stream.id());
        json.put("name", stream.name());
        json.put("topics_count", stream.topicsCount());
        json.put("messages_count", stream.messagesCount());
        json.put("size_bytes", new BigInteger(stream.size()));
        return json;
    }

    ObjectNode stream(StreamDetails stream) {
        return stream(new StreamBase(stream.id(), stream.createdAt(), stream.name(), stream.size(),
                stream.messagesCount(), stream.topicsCount()));
    }

    ObjectNode streamDetails(StreamDetails details) {
        ObjectNode json = stream(details);
        ArrayNode topics = json.putArray("topics");
        details.topics().forEach(topic -> topics.add(topic(topic)));
        return json;
    }

    ObjectNode topic(Topic topic) {
        ObjectNode json = mapper.createObjectNode();
        json.put("id", topic.id());
        json.put("name", topic.name());
        json.put("partitions_count", topic.partitionsCount());
        json.put("messages_count", topic.messagesCount());
        json.put("size_bytes", new BigInteger(topic.size()));
        json.put("compression_algorithm", topic.compressionAlgorithm() == CompressionAlgorithm.Gzip ? "gzip" : "none");
        json.put("message_expiry", topic.messageExpiry());
        json.put("max_topic_size", topic.maxTopicSize());
        // the client reads the u8 into a signed byte before widening it to Short
        json.put("replication_factor", topic.replicationFactor() & U8_MASK);
        return json;
    }

    ObjectNode topicDetails(TopicDetails details) {
        ObjectNode json = topic(new Topic(details.id(), details.createdAt(), details.name(), details.size(),
                details.messageExpiry(), details.compressionAlgorithm(), details.maxTopicSize(),
                details.replicationFactor(), details.messagesCount(), details.partitionsCount()));
        ArrayNode partitions = json.putArray("partitions");
        for (Partition partition : details.partitions()) {
            ObjectNode item = partitions.addObject();
            item.put("id", partition.id());
            item.put("current_offset", partition.currentOffset());
            item.put("messages_count", partition.messagesCount());
            item.put("segments_count", partition.segmentsCount());
            item.put("size_bytes", new BigInteger(partition.size()));
        }
        return json;
    }

    ObjectNode polled(PolledMessages polled) {
        ObjectNode json = mapper.createObjectNode();
        json.put("partition_id", polled.partitionId());
        json.put("current_offset", polled.currentOffset());
        json.put("count", polled.count());
        ArrayNode messages = json.putArray("messages");
        for (Message message : polled.messages()) {
            ObjectNode item = messages.addObject();
            item.put("offset", message.header().offset());
            item.put("id", message.header().id().toBigInteger().toString());
            item.put("timestamp", message.header().timestamp());
            item.put("payload", Base64.getEncoder().encodeToString(message.payload()));
            ObjectNode headers = item.putObject("headers");
            for (Map.Entry<HeaderKey, HeaderValue> header : message.userHeaders().entrySet()) {
                headers.set(new String(header.getKey().value(), StandardCharsets.UTF_8), headerJson(header.getValue()));
            }
        }
        return json;
    }

    ObjectNode headerJson(HeaderValue value) {
        ObjectNode json = mapper.createObjectNode();
        byte[] bytes = value.value();
        switch (value.kind()) {
            case Raw:
                json.put("kind", "raw");
                json.put("value", Base64.getEncoder().encodeToString(bytes));
                break;
            case String:
                json.put("kind", "string");
                json.put("value", value.asString());
                break;
            case Bool:
                json.put("kind", "bool");
                json.put("value", value.asBool());
                break;
            case Int8:
                json.put("kind", "int8");
                json.put("value", value.asInt8());
                break;
            case Int16:
                json.put("kind", "int16");
                json.put("value", value.asInt16());
                break;
            case Int32:
                json.put("kind", "int32");
                json.put("value", value.asInt32());
                break;
            case Int64:
                json.put("kind", "int64");
                json.put("value", Long.toString(value.asInt64()));
                break;
            case Int128:
                json.put("kind", "int128");
                json.put("value", new BigInteger(bigEndian(bytes)).toString());
                break;
            case Uint8:
                json.put("kind", "uint8");
                json.put("value", value.asUint8());
                break;
            case Uint16:
                json.put("kind", "uint16");
                json.put("value", value.asUint16());
                break;
            case Uint32:
                json.put("kind", "uint32");
                json.put("value", value.asUint32());
                break;
            case Uint64:
                json.put("kind", "uint64");
                json.put("value", new BigInteger(1, bigEndian(bytes)).toString());
                break;
            case Uint128:
                json.put("kind", "uint128");
                json.put("value", new BigInteger(1, bigEndian(bytes)).toString());
                break;
            case Float32:
                json.put("kind", "float32");
                json.put("value", value.asFloat32());
                break;
            case Float64:
                json.put("kind", "float64");
                json.put("value", value.asFloat64());
                break;
            default:
                throw new IllegalStateException("header kind " + value.kind());
        }
        return json;
    }

    ObjectNode offsetInfo(ConsumerOffsetInfo info) {
        ObjectNode json = mapper.createObjectNode();
        json.put("partition_id", info.partitionId());
        json.put("current_offset", info.currentOffset());
        json.put("stored_offset", info.storedOffset());
        return json;
    }

    ObjectNode group(ConsumerGroup group) {
        ObjectNode json = mapper.createObjectNode();
        json.put("id", group.id());
        json.put("name", group.name());
        json.put("partitions_count", group.partitionsCount());
        json.put("members_count", group.membersCount());
        return json;
    }

    ObjectNode createdGroup(ConsumerGroupDetails details) {
        return group(new ConsumerGroup(details.id(), details.name(), details.partitionsCount(),
                details.membersCount()));
    }

    ObjectNode groupDetails(ConsumerGroupDetails details) {
        ObjectNode json = group(new ConsumerGroup(details.id(), details.name(), details.partitionsCount(),
                details.membersCount()));
        ArrayNode members = json.putArray("members");
        for (ConsumerGroupMember member : details.members()) {
            ObjectNode item = members.addObject();
            item.put("id", member.id());
            item.put("partitions_count", member.partitionsCount());
            ArrayNode partitions = item.putArray("partitions");
            member.partitions().forEach(partitions::add);
        }
        return json;
    }

    /** The client reads user id 0 as "no user" (Optional.empty), so empty stands for the wire value 0. */
    ObjectNode client(ClientInfo info) {
        ObjectNode json = mapper.createObjectNode();
        json.put("client_id", info.clientId());
        json.put("user_id", info.userId().orElse(0L));
        json.put("address", info.address());
        json.put("consumer_groups_count", info.consumerGroupsCount());
        return json;
    }

    ObjectNode clientDetails(ClientInfoDetails details) {
        ObjectNode json = client(new ClientInfo(details.clientId(), details.userId(), details.address(),
                details.transport(), details.consumerGroupsCount()));
        ArrayNode groups = json.putArray("consumer_groups");
        for (ConsumerGroupInfo group : details.consumerGroups()) {
            ObjectNode item = groups.addObject();
            item.put("stream_id", group.streamId());
            item.put("topic_id", group.topicId());
            item.put("group_id", group.consumerGroupId());
        }
        return json;
    }

    ObjectNode stats(Stats stats) {
        ObjectNode json = mapper.createObjectNode();
        json.put("streams_count", stats.streamsCount());
        json.put("topics_count", stats.topicsCount());
        json.put("partitions_count", stats.partitionsCount());
        json.put("segments_count", stats.segmentsCount());
        json.put("messages_count", stats.messagesCount());
        json.put("clients_count", stats.clientsCount());
        json.put("consumer_groups_count", stats.consumerGroupsCount());
        json.put("iggy_server_version", stats.iggyServerVersion());
        return json;
    }

    ObjectNode user(UserInfo user) {
        ObjectNode json = mapper.createObjectNode();
        json.put("id", user.id());
        json.put("username", user.username());
        json.put("status", user.status() == UserStatus.Inactive ? "inactive" : "active");
        return json;
    }

    ObjectNode userDetails(UserInfoDetails details) {
        ObjectNode json = user(new UserInfo(details.id(), details.createdAt(), details.status(), details.username()));
        json.set("permissions", details.permissions().map(this::permissionsJson).orElse(null));
        return json;
    }

    ObjectNode permissionsJson(Permissions permissions) {
        ObjectNode json = mapper.createObjectNode();
        GlobalPermissions global = permissions.global();
        ObjectNode globalJson = json.putObject("global");
        globalJson.put("manage_servers", global.manageServers());
        globalJson.put("read_servers", global.readServers());
        globalJson.put("manage_users", global.manageUsers());
        globalJson.put("read_users", global.readUsers());
        globalJson.put("manage_streams", global.manageStreams());
        globalJson.put("read_streams", global.readStreams());
        globalJson.put("manage_topics", global.manageTopics());
        globalJson.put("read_topics", global.readTopics());
        globalJson.put("poll_messages", global.pollMessages());
        globalJson.put("send_messages", global.sendMessages());
        ObjectNode streamsJson = json.putObject("streams");
        for (Map.Entry<Long, StreamPermissions> stream : new TreeMap<>(permissions.streams()).entrySet()) {
            StreamPermissions flags = stream.getValue();
            ObjectNode streamJson = streamsJson.putObject(Long.toString(stream.getKey()));
            streamJson.put("manage_stream", flags.manageStream());
            streamJson.put("read_stream", flags.readStream());
            streamJson.put("manage_topics", flags.manageTopics());
            streamJson.put("read_topics", flags.readTopics());
            streamJson.put("poll_messages", flags.pollMessages());
            streamJson.put("send_messages", flags.sendMessages());
            ObjectNode topicsJson = streamJson.putObject("topics");
            for (Map.Entry<Long, TopicPermissions> topic : new TreeMap<>(flags.topics()).entrySet()) {
                TopicPermissions topicFlags = topic.getValue();
                ObjectNode topicJson = topicsJson.putObject(Long.toString(topic.getKey()));
                topicJson.put("manage_topic", topicFlags.manageTopic());
                topicJson.put("read_topic", topicFlags.readTopic());
                topicJson.put("poll_messages", topicFlags.pollMessages());
                topicJson.put("send_messages", topicFlags.sendMessages());
            }
        }
        return json;
    }

    /** The client reads expiry 0 ("never") as Optional.empty, so empty stands for the wire value 0. */
    ObjectNode tokenInfo(PersonalAccessTokenInfo info) {
        ObjectNode json = mapper.createObjectNode();
        json.put("name", info.name());
        json.put("expiry_at", info.expiryAt().orElse(BigInteger.ZERO));
        return json;
    }

    // --- byte order ----------------------------------------------------------------------------------------

    /** Two's complement, little-endian, `width` bytes (arithmetic shifts sign-extend negative values). */
    static byte[] littleEndian(BigInteger value, int width) {
        byte[] bytes = new byte[width];
        for (int index = 0; index < width; index++) {
            bytes[index] = value.shiftRight(8 * index).byteValue();
        }
        return bytes;
    }

    static byte[] bigEndian(byte[] littleEndian) {
        byte[] bytes = new byte[littleEndian.length];
        for (int index = 0; index < bytes.length; index++) {
            bytes[index] = littleEndian[littleEndian.length - 1 - index];
        }
        return bytes;
    }
}
