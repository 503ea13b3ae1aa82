package io.github.iggycompat.iggy.testing;

import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.internal.codec.WireReader;
import io.github.iggycompat.iggy.internal.codec.WireWriter;
import io.github.iggycompat.iggy.model.Permissions;
import io.github.iggycompat.iggy.model.Primitives;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts between generated codec records and the fixtures' language-neutral {@code fields} form
 * (protocol-spec/README.md "The fields of a fixture"), by reflection over record components, so one mapping covers
 * every generated type. Component names are the spec names in lowerCamelCase.
 */
public final class Fields {
    private static final BigInteger U64_MASK = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private Fields() {}

    public static String snake(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase();
    }

    /** A record (or list, scalar, runtime type) as its fields form. */
    public static Object toFields(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Long l) {
            return new BigInteger(Long.toUnsignedString(l));
        }
        if (value instanceof Integer i) {
            return BigInteger.valueOf(i);
        }
        if (value instanceof Float f) {
            return new BigDecimal(f.doubleValue());
        }
        if (value instanceof BigInteger || value instanceof String || value instanceof Boolean) {
            return value;
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        if (value instanceof Identifier id) {
            return id.isNumeric() ? BigInteger.valueOf(id.id()) : id.name();
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            for (Object item : list) {
                out.add(toFields(item));
            }
            return out;
        }
        if (value instanceof Permissions p) {
            return permissionsToFields(p);
        }
        if (value instanceof Primitives.Message m) {
            Map<String, Object> out = recordToFields(m);
            out.put("user_headers", toFields(userHeaders(m.userHeaders())));
            return out;
        }
        if (value instanceof Record record) {
            return recordToFields(record);
        }
        throw new IllegalArgumentException("no fields form for " + value.getClass());
    }

    private static Map<String, Object> recordToFields(Record record) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (RecordComponent c : record.getClass().getRecordComponents()) {
            try {
                out.put(snake(c.getName()), toFields(c.getAccessor().invoke(record)));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return out;
    }

    private static List<Primitives.UserHeader> userHeaders(byte[] bytes) {
        WireReader r = new WireReader(bytes);
        List<Primitives.UserHeader> out = new ArrayList<>();
        while (r.remaining() > 0) {
            out.add(Primitives.UserHeader.decode(r));
        }
        return out;
    }

    private static Map<String, Object> permissionsToFields(Permissions p) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (RecordComponent c : Permissions.class.getRecordComponents()) {
            if (!c.getName().equals("streams")) {
                out.put(snake(c.getName()), invoke(c, p));
            }
        }
        if (p.streams().isEmpty()) {
            out.put("streams", null);
            return out;
        }
        List<Object> streams = new ArrayList<>();
        p.streams().forEach((id, s) -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("stream_id", BigInteger.valueOf(id));
            for (RecordComponent c : Permissions.StreamPermissions.class.getRecordComponents()) {
                if (!c.getName().equals("topics")) {
                    entry.put(snake(c.getName()), invoke(c, s));
                }
            }
            if (s.topics().isEmpty()) {
                entry.put("topics", null);
            } else {
                List<Object> topics = new ArrayList<>();
                s.topics().forEach((topicId, t) -> {
                    Map<String, Object> topic = new LinkedHashMap<>();
                    topic.put("topic_id", BigInteger.valueOf(topicId));
                    topic.putAll(recordToFields(t));
                    topics.add(topic);
                });
                entry.put("topics", topics);
            }
            streams.add(entry);
        });
        out.put("streams", streams);
        return out;
    }

    private static Object invoke(RecordComponent c, Object target) {
        try {
            return c.getAccessor().invoke(target);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Builds a value of the given (generic) type from its fields form. */
    @SuppressWarnings("unchecked")
    public static Object fromFields(Type type, Object json) {
        if (type instanceof ParameterizedType parameterized) {
            Type element = parameterized.getActualTypeArguments()[0];
            List<Object> out = new ArrayList<>();
            for (Object item : (List<Object>) json) {
                out.add(fromFields(element, item));
            }
            return out;
        }
        Class<?> cls = (Class<?>) type;
        if (json == null) {
            if (cls.isPrimitive()) {
                throw new IllegalArgumentException("null for " + cls);
            }
            return null;
        }
        if (cls == long.class || cls == Long.class) {
            return ((BigInteger) json).and(U64_MASK).longValue();
        }
        if (cls == int.class || cls == Integer.class) {
            return ((BigInteger) json).intValueExact();
        }
        if (cls == float.class || cls == Float.class) {
            return ((Number) json).floatValue();
        }
        if (cls == boolean.class || cls == Boolean.class || cls == String.class || cls == BigInteger.class) {
            return json;
        }
        if (cls == byte[].class) {
            return Base64.getDecoder().decode((String) json);
        }
        if (cls == Identifier.class) {
            return json instanceof String name ? Identifier.named(name)
                    : Identifier.of(((BigInteger) json).longValue());
        }
        if (cls == Permissions.class) {
            return permissionsFromFields((Map<String, Object>) json);
        }
        if (cls.isRecord()) {
            return recordFromFields(cls, (Map<String, Object>) json);
        }
        throw new IllegalArgumentException("no mapping for " + cls);
    }

    @SuppressWarnings("unchecked")
    private static Object recordFromFields(Class<?> cls, Map<String, Object> json) {
        RecordComponent[] components = cls.getRecordComponents();
        if (!json.keySet().equals(componentNames(components))) {
            throw new IllegalArgumentException(cls.getSimpleName() + ": fields " + json.keySet() + " vs components "
                    + componentNames(components));
        }
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            types[i] = c.getType();
            Object value = json.get(snake(c.getName()));
            if (cls == Primitives.Message.class && c.getName().equals("userHeaders")) {
                WireWriter w = new WireWriter();
                for (Object header : (List<Object>) value) {
                    ((Primitives.UserHeader) fromFields(Primitives.UserHeader.class, header)).encode(w);
                }
                args[i] = w.toByteArray();
            } else {
                args[i] = fromFields(c.getGenericType(), value);
            }
        }
        try {
            return cls.getDeclaredConstructor(types).newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static java.util.Set<String> componentNames(RecordComponent[] components) {
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (RecordComponent c : components) {
            names.add(snake(c.getName()));
        }
        return names;
    }

    @SuppressWarnings("unchecked")
    private static Permissions permissionsFromFields(Map<String, Object> json) {
        Map<Long, Permissions.StreamPermissions> streams = new LinkedHashMap<>();
        List<Object> streamList = (List<Object>) json.get("streams");
        if (streamList != null) {
            for (Object item : streamList) {
                Map<String, Object> s = (Map<String, Object>) item;
                Map<Long, Permissions.TopicPermissions> topics = new LinkedHashMap<>();
                List<Object> topicList = (List<Object>) s.get("topics");
                if (topicList != null) {
                    for (Object t : topicList) {
                        Map<String, Object> topic = new LinkedHashMap<>((Map<String, Object>) t);
                        long topicId = ((BigInteger) topic.remove("topic_id")).longValue();
                        topics.put(topicId, (Permissions.TopicPermissions) recordFromFields(
                                Permissions.TopicPermissions.class, topic));
                    }
                }
                streams.put(((BigInteger) s.get("stream_id")).longValue(), new Permissions.StreamPermissions(
                        b(s, "manage_stream"), b(s, "read_stream"), b(s, "manage_topics"), b(s, "read_topics"),
                        b(s, "poll_messages"), b(s, "send_messages"), topics));
            }
        }
        return new Permissions(b(json, "manage_servers"), b(json, "read_servers"), b(json, "manage_users"),
                b(json, "read_users"), b(json, "manage_streams"), b(json, "read_streams"), b(json, "manage_topics"),
                b(json, "read_topics"), b(json, "poll_messages"), b(json, "send_messages"), streams);
    }

    private static boolean b(Map<String, Object> json, String key) {
        return (Boolean) json.get(key);
    }

    /** Deep equality of two fields-form values; f32 values compare as f32. */
    public static boolean same(Object expected, Object actual) {
        if (expected instanceof BigDecimal || actual instanceof BigDecimal) {
            return expected instanceof Number e && actual instanceof Number a && e.floatValue() == a.floatValue();
        }
        if (expected instanceof Map<?, ?> e && actual instanceof Map<?, ?> a) {
            if (!e.keySet().equals(a.keySet())) {
                return false;
            }
            return e.keySet().stream().allMatch(k -> same(e.get(k), a.get(k)));
        }
        if (expected instanceof List<?> e && actual instanceof List<?> a) {
            if (e.size() != a.size()) {
                return false;
            }
            for (int i = 0; i < e.size(); i++) {
                if (!same(e.get(i), a.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return java.util.Objects.equals(expected, actual);
    }
}
