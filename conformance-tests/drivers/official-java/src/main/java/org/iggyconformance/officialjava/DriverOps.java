// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package org.iggyconformance.officialjava;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The conformance driver op table (protocol-spec/spec/driver_ops.toml), and the check every step passes before the driver runs it. */
final class DriverOps {
    private DriverOps() {}

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    /** One JSON arg of an op; type: string, integer, boolean, object, array, identifier (an integer id or
     *  a name string); defaultJson: filled in when the optional arg is absent (null: absence means something
     *  of its own); versions: the protocol versions that have it (null: every one). */
    record Arg(String name, String type, boolean required, String defaultJson, List<String> versions) {}

    /** One op a driver may be sent. */
    record Op(String name, List<String> versions, List<Arg> args) {
        Arg arg(String key) {
            return args.stream().filter(arg -> arg.name().equals(key)).findFirst().orElse(null);
        }
    }

    /** A step the op table refuses; the driver answers it with its DriverError (code -1). */
    static final class StepException extends RuntimeException {
        StepException(String message) {
            super(message);
        }
    }

    static final Map<String, Op> OPS = table(
        new Op("reset", null, List.of()),
        new Op("connect", null, List.of(
            new Arg("address", "string", true, null, null),
            new Arg("username", "string", false, null, null),
            new Arg("password", "string", false, null, null),
            new Arg("token", "string", false, null, null))),
        new Op("disconnect", null, List.of()),
        new Op("ping", null, List.of()),
        new Op("login_user", null, List.of(
            new Arg("username", "string", true, null, null),
            new Arg("password", "string", true, null, null))),
        new Op("login_with_personal_access_token", null, List.of(
            new Arg("token", "string", true, null, null))),
        new Op("logout_user", null, List.of()),
        new Op("get_me", null, List.of()),
        new Op("get_client", null, List.of(
            new Arg("client_id", "integer", true, null, null))),
        new Op("get_snapshot", null, List.of(
            new Arg("compression", "string", false, "\"deflated\"", null),
            new Arg("types", "array", false, "[\"all\"]", null))),
        new Op("get_clients", null, List.of()),
        new Op("get_stats", null, List.of()),
        new Op("get_cluster_metadata", null, List.of()),
        new Op("create_stream", null, List.of(
            new Arg("name", "string", true, null, null))),
        new Op("get_stream", null, List.of(
            new Arg("stream", "identifier", true, null, null))),
        new Op("get_streams", null, List.of()),
        new Op("update_stream", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("name", "string", true, null, null))),
        new Op("delete_stream", null, List.of(
            new Arg("stream", "identifier", true, null, null))),
        new Op("purge_stream", null, List.of(
            new Arg("stream", "identifier", true, null, null))),
        new Op("create_topic", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("name", "string", true, null, null),
            new Arg("partitions_count", "integer", false, "1", null),
            new Arg("compression_algorithm", "string", false, null, null),
            new Arg("message_expiry", "integer", false, null, null),
            new Arg("max_topic_size", "integer", false, null, null),
            new Arg("replication_factor", "integer", false, null, null),
            new Arg("options", "object", false, null, List.of("0.9")))),
        new Op("get_topic", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null))),
        new Op("get_topics", null, List.of(
            new Arg("stream", "identifier", true, null, null))),
        new Op("update_topic", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("name", "string", true, null, null),
            new Arg("compression_algorithm", "string", false, null, null),
            new Arg("message_expiry", "integer", false, null, null),
            new Arg("max_topic_size", "integer", false, null, null),
            new Arg("replication_factor", "integer", false, null, null),
            new Arg("options", "object", false, null, List.of("0.9")))),
        new Op("delete_topic", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null))),
        new Op("purge_topic", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null))),
        new Op("create_partitions", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("partitions_count", "integer", true, null, null))),
        new Op("delete_partitions", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("partitions_count", "integer", true, null, null))),
        new Op("delete_segments", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("partition_id", "integer", true, null, null),
            new Arg("segments_count", "integer", true, null, null))),
        new Op("send_messages", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("partitioning", "object", true, null, null),
            new Arg("messages", "array", true, null, null))),
        new Op("poll_messages", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("partition_id", "integer", false, null, null),
            new Arg("consumer", "object", false, "{\"kind\":\"consumer\",\"id\":0}", null),
            new Arg("strategy", "object", false, "{\"kind\":\"offset\",\"value\":0}", null),
            new Arg("count", "integer", false, "10", null),
            new Arg("auto_commit", "boolean", false, "false", null))),
        new Op("flush_unsaved_buffer", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("partition_id", "integer", true, null, null),
            new Arg("fsync", "boolean", false, "false", null))),
        new Op("store_consumer_offset", null, List.of(
            new Arg("consumer", "object", false, "{\"kind\":\"consumer\",\"id\":0}", null),
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("partition_id", "integer", false, null, null),
            new Arg("offset", "integer", true, null, null))),
        new Op("get_consumer_offset", null, List.of(
            new Arg("consumer", "object", false, "{\"kind\":\"consumer\",\"id\":0}", null),
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("partition_id", "integer", false, null, null))),
        new Op("delete_consumer_offset", null, List.of(
            new Arg("consumer", "object", false, "{\"kind\":\"consumer\",\"id\":0}", null),
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("partition_id", "integer", false, null, null))),
        new Op("create_consumer_group", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("name", "string", true, null, null))),
        new Op("get_consumer_group", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("group", "identifier", true, null, null))),
        new Op("get_consumer_groups", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null))),
        new Op("delete_consumer_group", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("group", "identifier", true, null, null))),
        new Op("join_consumer_group", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("group", "identifier", true, null, null))),
        new Op("leave_consumer_group", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("group", "identifier", true, null, null))),
        new Op("consume_group", null, List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("group", "string", true, null, null),
            new Arg("count", "integer", true, null, null),
            new Arg("timeout_ms", "integer", false, "10000", null))),
        new Op("sync_consumer_group", List.of("0.9"), List.of(
            new Arg("stream", "identifier", true, null, null),
            new Arg("topic", "identifier", true, null, null),
            new Arg("group", "identifier", true, null, null))),
        new Op("describe_options", List.of("0.9"), List.of(
            new Arg("scope", "string", false, "\"topic\"", null))),
        new Op("create_user", null, List.of(
            new Arg("username", "string", true, null, null),
            new Arg("password", "string", true, null, null),
            new Arg("status", "string", false, "\"active\"", null),
            new Arg("permissions", "object", false, null, null))),
        new Op("get_user", null, List.of(
            new Arg("user", "identifier", true, null, null))),
        new Op("get_users", null, List.of()),
        new Op("update_user", null, List.of(
            new Arg("user", "identifier", true, null, null),
            new Arg("username", "string", false, null, null),
            new Arg("status", "string", false, null, null))),
        new Op("update_permissions", null, List.of(
            new Arg("user", "identifier", true, null, null),
            new Arg("permissions", "object", false, null, null))),
        new Op("change_password", null, List.of(
            new Arg("user", "identifier", true, null, null),
            new Arg("current_password", "string", true, null, null),
            new Arg("new_password", "string", true, null, null))),
        new Op("delete_user", null, List.of(
            new Arg("user", "identifier", true, null, null))),
        new Op("create_personal_access_token", null, List.of(
            new Arg("name", "string", true, null, null),
            new Arg("expiry", "integer", false, "0", null))),
        new Op("get_personal_access_tokens", null, List.of()),
        new Op("delete_personal_access_token", null, List.of(
            new Arg("name", "string", true, null, null))));

    private static Map<String, Op> table(Op... ops) {
        Map<String, Op> table = new LinkedHashMap<>();
        for (Op op : ops) {
            table.put(op.name(), op);
        }
        return Collections.unmodifiableMap(table);
    }

    private static boolean inVersion(List<String> versions, String protocol) {
        return versions == null || versions.contains(protocol);
    }

    /** The op of a step, or a StepException naming it when the table has none for `protocol`. */
    static Op op(String opName, String protocol) {
        Op op = OPS.get(opName);
        if (op == null) {
            throw new StepException("unknown op \"" + opName + "\" (not in protocol-spec/spec/driver_ops.toml)");
        }
        if (!inVersion(op.versions(), protocol)) {
            throw new StepException("op \"" + opName + "\" is not in protocol " + protocol);
        }
        return op;
    }

    /** The arg `key` of `op`, checked to exist in `protocol` and to be of its JSON type (`typeOk`). */
    static Arg checkArg(Op op, String key, String protocol, java.util.function.Predicate<String> typeOk) {
        Arg arg = op.arg(key);
        if (arg == null) {
            throw new StepException("op \"" + op.name() + "\": unknown arg \"" + key + "\"");
        }
        if (!inVersion(arg.versions(), protocol)) {
            throw new StepException("op \"" + op.name() + "\": arg \"" + key + "\" is not in protocol "
                    + protocol);
        }
        if (!typeOk.test(arg.type())) {
            throw new StepException("op \"" + op.name() + "\": arg \"" + key + "\" must be of type "
                    + arg.type());
        }
        return arg;
    }

    /** The args of `op` absent from a step that `protocol` has: a StepException for a required one. */
    static List<Arg> absent(Op op, java.util.Set<String> given, String protocol) {
        List<Arg> absent = new java.util.ArrayList<>();
        for (Arg arg : op.args()) {
            if (given.contains(arg.name()) || !inVersion(arg.versions(), protocol)) {
                continue;
            }
            if (arg.required()) {
                throw new StepException("op \"" + op.name() + "\": missing required arg \"" + arg.name()
                        + "\"");
            }
            absent.add(arg);
        }
        return absent;
    }

    static boolean hasType(JsonNode value, String type) {
        return switch (type) {
            case "string" -> value.isString();
            case "integer" -> value.isIntegralNumber();
            case "boolean" -> value.isBoolean();
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            case "identifier" -> value.isString() || value.isIntegralNumber();
            default -> false;
        };
    }

    /** `args` checked against the op table for `protocol` ("0.8", "0.9"), with every absent optional arg
     *  that has a default filled in (a copy). Throws StepException naming op and key. */
    static ObjectNode checkStep(String opName, JsonNode args, String protocol) {
        Op op = op(opName, protocol);
        if (args.isMissingNode() || args.isNull()) {
            args = MAPPER.createObjectNode();
        }
        if (!(args instanceof ObjectNode given)) {
            throw new StepException("op \"" + opName + "\": args must be an object");
        }
        ObjectNode filled = given.deepCopy();
        for (String key : filled.propertyNames()) {
            checkArg(op, key, protocol, type -> hasType(filled.get(key), type));
        }
        for (Arg arg : absent(op, new java.util.HashSet<>(filled.propertyNames()), protocol)) {
            if (arg.defaultJson() != null) {
                filled.set(arg.name(), MAPPER.readTree(arg.defaultJson()));
            }
        }
        return filled;
    }
}
