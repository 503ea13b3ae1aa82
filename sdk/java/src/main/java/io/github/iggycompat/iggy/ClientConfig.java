package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.IggyException.InvalidConnectionStringException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every connection setting of a client. Build with {@link #builder()} or parse a connection string
 * ({@link #parse}): {@code iggy[+tcp]://[USER:PASS@|TOKEN@]HOST[:PORT][/][?option=value&...]}, the grammar and
 * option names of sdk/python (its README, "Connection strings").
 *
 * @param reconnectionRetries reconnect attempts after a lost connection; null = unlimited, 0 = never
 * @param heartbeatIntervalMs background Ping period; 0 = off
 */
public record ClientConfig(String host, int port, String username, String password, String token, boolean tls,
                           String tlsDomain, String tlsCaFile, boolean tlsInsecure, long connectTimeoutMs,
                           long requestTimeoutMs, Integer reconnectionRetries, long reconnectionIntervalMs,
                           long reconnectionMaxIntervalMs, long heartbeatIntervalMs, boolean nodelay) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8090;
    private static final Pattern DURATION = Pattern.compile("^\\s*(\\d+)\\s*(us|ms|s|m|h)?\\s*$");

    public ClientConfig {
        if (host == null || host.isEmpty()) {
            throw invalid("missing host");
        }
        if (port < 1 || port > 65535) {
            throw invalid("port must be 1..65535, got " + port);
        }
        if ((username == null) != (password == null)) {
            throw invalid("username and password must be given together");
        }
        if (token != null && username != null) {
            throw invalid("give either username/password or a token, not both");
        }
        if (connectTimeoutMs <= 0 || requestTimeoutMs <= 0) {
            throw invalid("timeouts must be positive");
        }
        if (reconnectionIntervalMs < 0 || reconnectionMaxIntervalMs < 0 || heartbeatIntervalMs < 0) {
            throw invalid("intervals must not be negative");
        }
        if (reconnectionRetries != null && reconnectionRetries < 0) {
            throw invalid("reconnection_retries must be >= 0 or null (unlimited)");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding the current values. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.host = host;
        b.port = port;
        b.username = username;
        b.password = password;
        b.token = token;
        b.tls = tls;
        b.tlsDomain = tlsDomain;
        b.tlsCaFile = tlsCaFile;
        b.tlsInsecure = tlsInsecure;
        b.connectTimeoutMs = connectTimeoutMs;
        b.requestTimeoutMs = requestTimeoutMs;
        b.reconnectionRetries = reconnectionRetries;
        b.reconnectionIntervalMs = reconnectionIntervalMs;
        b.reconnectionMaxIntervalMs = reconnectionMaxIntervalMs;
        b.heartbeatIntervalMs = heartbeatIntervalMs;
        b.nodelay = nodelay;
        return b;
    }

    /** "host:port" ("[v6]:port" for IPv6 literals). */
    public String address() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    /** A description safe for logs: no password, no token. */
    @Override
    public String toString() {
        String who = username != null ? username + "@" : token != null ? "<token>@" : "";
        return "iggy://" + who + address() + (tls ? " (tls)" : "");
    }

    /** Parses a connection string; a malformed one raises 8000 InvalidConnectionString. */
    public static ClientConfig parse(String connectionString) {
        String text = connectionString.strip();
        int sep = text.indexOf("://");
        if (sep < 0) {
            throw invalid("connection string must start with iggy://");
        }
        String scheme = text.substring(0, sep).toLowerCase(Locale.ROOT);
        if (!scheme.equals("iggy") && !scheme.equals("iggy+tcp")) {
            throw invalid("unsupported scheme '" + scheme + "': use iggy:// or iggy+tcp://");
        }
        String rest = text.substring(sep + 3);
        Builder b = builder();
        int at = rest.lastIndexOf('@');
        String hostPart = at >= 0 ? rest.substring(at + 1) : rest;
        String query = "";
        int q = hostPart.indexOf('?');
        if (q >= 0) {
            query = hostPart.substring(q + 1);
            hostPart = hostPart.substring(0, q);
        }
        while (hostPart.endsWith("/")) {
            hostPart = hostPart.substring(0, hostPart.length() - 1);
        }
        if (hostPart.contains("/")) {
            throw invalid("unexpected path in connection string: " + hostPart);
        }
        if (!hostPart.isEmpty()) {
            splitAddress(hostPart, b);
        }
        if (at >= 0) {
            String userinfo = rest.substring(0, at);
            if (userinfo.isEmpty()) {
                throw invalid("empty credentials before '@'");
            }
            int colon = userinfo.indexOf(':');
            if (colon >= 0) {
                String user = userinfo.substring(0, colon);
                String password = userinfo.substring(colon + 1);
                if (user.isEmpty() || password.isEmpty()) {
                    throw invalid("both username and password are required in USER:PASS@");
                }
                b.credentials(unquote(user), unquote(password));
            } else {
                b.token(unquote(userinfo));
            }
        }
        boolean tlsGiven = false;
        for (String item : query.split("&", -1)) {
            if (item.isEmpty()) {
                continue;
            }
            int eq = item.indexOf('=');
            if (eq < 0) {
                throw invalid("option '" + item + "' needs a value (name=value)");
            }
            String name = item.substring(0, eq).toLowerCase(Locale.ROOT);
            String value = unquote(item.substring(eq + 1));
            switch (name) {
                case "tls" -> {
                    b.tls = bool(value, name);
                    tlsGiven = true;
                }
                case "tls_domain" -> b.tlsDomain = value;
                case "tls_ca_file" -> b.tlsCaFile = value;
                case "tls_insecure" -> b.tlsInsecure = bool(value, name);
                case "connect_timeout", "connect_timeout_ms" -> b.connectTimeoutMs = durationMs(value, name);
                case "request_timeout", "request_timeout_ms" -> b.requestTimeoutMs = durationMs(value, name);
                case "reconnection_retries" -> b.reconnectionRetries = retries(value, name);
                case "reconnection_interval" -> b.reconnectionIntervalMs = durationMs(value, name);
                case "reconnection_max_interval" -> b.reconnectionMaxIntervalMs = durationMs(value, name);
                case "heartbeat_interval" -> b.heartbeatIntervalMs = durationMs(value, name);
                case "nodelay" -> b.nodelay = bool(value, name);
                default -> throw invalid("unknown option '" + name + "'");
            }
        }
        if (!tlsGiven && (b.tlsDomain != null || b.tlsCaFile != null || b.tlsInsecure)) {
            b.tls = true;
        }
        return b.build();
    }

    private static void splitAddress(String address, Builder b) {
        String host;
        String port = "";
        if (address.startsWith("[")) {
            int end = address.indexOf(']');
            if (end < 0) {
                throw invalid("unterminated IPv6 address in " + address);
            }
            host = address.substring(1, end);
            String rest = address.substring(end + 1);
            if (!rest.isEmpty() && !rest.startsWith(":")) {
                throw invalid("unexpected text after IPv6 address in " + address);
            }
            port = rest.isEmpty() ? "" : rest.substring(1);
        } else if (address.chars().filter(c -> c == ':').count() > 1) {
            throw invalid("IPv6 addresses must be bracketed, e.g. [::1]:8090");
        } else {
            int colon = address.indexOf(':');
            host = colon < 0 ? address : address.substring(0, colon);
            port = colon < 0 ? "" : address.substring(colon + 1);
        }
        if (host.isEmpty()) {
            throw invalid("missing host in address " + address);
        }
        b.host = host;
        if (!port.isEmpty()) {
            if (!port.matches("[0-9]{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535) {
                throw invalid("port must be 1..65535, got '" + port + "'");
            }
            b.port = Integer.parseInt(port);
        }
    }

    private static String unquote(String text) {
        try {
            return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw invalid("bad percent-encoding in '" + text + "'");
        }
    }

    private static boolean bool(String text, String option) {
        switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes", "on": return true;
            case "false", "0", "no", "off": return false;
            default: throw invalid("option " + option + ": '" + text + "' is not a boolean (true/false)");
        }
    }

    /** {@code 500ms}, {@code 5s}, {@code 1m}, {@code 2h}, {@code 250us} or a bare number of milliseconds. */
    static long durationMs(String text, String option) {
        Matcher m = DURATION.matcher(text);
        if (!m.matches() || m.group(1).length() > 15) {
            throw invalid("option " + option + ": '" + text + "' is not a duration (e.g. 500ms, 5s, 1m)");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "ms" : m.group(2);
        return switch (unit) {
            case "us" -> n / 1000;
            case "s" -> n * 1000;
            case "m" -> n * 60_000;
            case "h" -> n * 3_600_000;
            default -> n;
        };
    }

    private static Integer retries(String text, String option) {
        String lowered = text.strip().toLowerCase(Locale.ROOT);
        if (lowered.equals("unlimited") || lowered.equals("infinite") || lowered.equals("none")) {
            return null;
        }
        if (!lowered.matches("[0-9]{1,9}")) {
            throw invalid("option " + option + ": '" + text + "' is not a count (or 'unlimited')");
        }
        return Integer.parseInt(lowered);
    }

    private static InvalidConnectionStringException invalid(String message) {
        return new InvalidConnectionStringException(message);
    }

    /** Mutable settings; {@link #build} validates them. Defaults match sdk/python's ClientConfig. */
    public static final class Builder {
        private String host = DEFAULT_HOST;
        private int port = DEFAULT_PORT;
        private String username;
        private String password;
        private String token;
        private boolean tls;
        private String tlsDomain;
        private String tlsCaFile;
        private boolean tlsInsecure;
        private long connectTimeoutMs = 5_000;
        private long requestTimeoutMs = 30_000;
        private Integer reconnectionRetries = 3;
        private long reconnectionIntervalMs = 1_000;
        private long reconnectionMaxIntervalMs = 5_000;
        private long heartbeatIntervalMs = 5_000;
        private boolean nodelay = true;

        private Builder() {}

        /** "host:port", "[v6]:port" or "host" (port 8090). */
        public Builder address(String address) {
            splitAddress(address, this);
            return this;
        }

        public Builder host(String host) {
            this.host = host;
            return this;
        }

        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public Builder credentials(String username, String password) {
            this.username = username;
            this.password = password;
            return this;
        }

        public Builder token(String token) {
            this.token = token;
            return this;
        }

        public Builder tls(boolean tls) {
            this.tls = tls;
            return this;
        }

        public Builder tlsDomain(String tlsDomain) {
            this.tlsDomain = tlsDomain;
            return this;
        }

        public Builder tlsCaFile(String tlsCaFile) {
            this.tlsCaFile = tlsCaFile;
            return this;
        }

        public Builder tlsInsecure(boolean tlsInsecure) {
            this.tlsInsecure = tlsInsecure;
            return this;
        }

        public Builder connectTimeoutMs(long connectTimeoutMs) {
            this.connectTimeoutMs = connectTimeoutMs;
            return this;
        }

        public Builder requestTimeoutMs(long requestTimeoutMs) {
            this.requestTimeoutMs = requestTimeoutMs;
            return this;
        }

        public Builder reconnectionRetries(Integer reconnectionRetries) {
            this.reconnectionRetries = reconnectionRetries;
            return this;
        }

        public Builder reconnectionIntervalMs(long reconnectionIntervalMs) {
            this.reconnectionIntervalMs = reconnectionIntervalMs;
            return this;
        }

        public Builder reconnectionMaxIntervalMs(long reconnectionMaxIntervalMs) {
            this.reconnectionMaxIntervalMs = reconnectionMaxIntervalMs;
            return this;
        }

        public Builder heartbeatIntervalMs(long heartbeatIntervalMs) {
            this.heartbeatIntervalMs = heartbeatIntervalMs;
            return this;
        }

        public Builder nodelay(boolean nodelay) {
            this.nodelay = nodelay;
            return this;
        }

        public ClientConfig build() {
            return new ClientConfig(host, port, username, password, token, tls, tlsDomain, tlsCaFile, tlsInsecure,
                    connectTimeoutMs, requestTimeoutMs, reconnectionRetries, reconnectionIntervalMs,
                    reconnectionMaxIntervalMs, heartbeatIntervalMs, nodelay);
        }
    }
}
