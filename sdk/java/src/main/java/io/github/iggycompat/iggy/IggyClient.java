package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.IggyException.CannotConnectException;
import io.github.iggycompat.iggy.IggyException.ClientClosedException;
import io.github.iggycompat.iggy.IggyException.ConnectionLostException;
import io.github.iggycompat.iggy.IggyException.NotConnectedException;
import io.github.iggycompat.iggy.IggyException.OutcomeUnknownException;
import io.github.iggycompat.iggy.IggyException.ProtocolMismatchException;
import io.github.iggycompat.iggy.IggyException.RequestTimeoutException;
import io.github.iggycompat.iggy.internal.codec.CommandTable;
import io.github.iggycompat.iggy.internal.codec.Layout;
import io.github.iggycompat.iggy.internal.codec.Requests;
import io.github.iggycompat.iggy.internal.codec.SendBatchFrame;
import io.github.iggycompat.iggy.internal.codec.SendMessagesFrame;
import io.github.iggycompat.iggy.internal.codec.WireReader;
import io.github.iggycompat.iggy.internal.codec.WireWriter;
import io.github.iggycompat.iggy.internal.codec.XxHash;
import io.github.iggycompat.iggy.internal.net.Connection;
import io.github.iggycompat.iggy.internal.net.VsrSession;
import io.github.iggycompat.iggy.model.Permissions;
import io.github.iggycompat.iggy.model.Primitives;
import io.github.iggycompat.iggy.model.Structs;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A blocking, thread-safe client over one TCP/TLS connection: every command of Iggy 0.9 and 0.8, speaking the
 * protocol of {@link ClientConfig#protocol()} (the connection string's {@code protocol=0.9|0.8}, default 0.9). One
 * request is in flight at a time (callers queue on a lock); for concurrency use several clients. Login and
 * consumer-group membership belong to the connection (0.9: to its session).
 *
 * <p>After a lost connection the next request reconnects (bounded by {@code reconnection_retries}, backoff
 * doubling from {@code reconnection_interval} to {@code reconnection_max_interval}) and logs in again with the
 * remembered credentials or token (0.9: registers a new session under a new client id). The replay-safe commands
 * (the spec's {@code replay_safe}: Ping and the lookups) are replayed once on a fresh connection; any other
 * command whose answer was lost fails with {@link OutcomeUnknownException} and is never resent silently: in 0.9
 * the new identity would make it look new to the server, which could then apply it twice.
 *
 * <p>0.9 specifics: an eviction frame surfaces as an {@link IggyException} carrying its
 * {@link IggyException#evictionReason() reason} (after a session-ending one, NO_SESSION, STALE_CLIENT, ..., the
 * next request registers again); a transient reply (57/58) sends the identical frame again every 50 ms within
 * the request timeout; {@link #sendMessages} picks the partition on the client, as the official 0.9 clients do,
 * and returns the server's confirmation.
 */
public final class IggyClient implements AutoCloseable {
    /** What this SDK sends as LoginRegister's sdk_name (0.9). */
    public static final String SDK_NAME = "iggy-sdk-java";
    /** 0.9 producers pick a partition from the topic's partition count, read with GetTopic and kept this long. */
    public static final long TOPIC_CACHE_TTL_MS = 5_000;
    /** At most this many topics' partition counts are kept. */
    public static final int TOPIC_CACHE_MAX_ENTRIES = 1024;
    /** Between the sends of a frame the server answered 57/58 (the official clients' 50 ms). */
    static final long TRANSIENT_RETRY_MS = 50;
    /** Evictions after which the client connects and registers again (the session ended under it); the login
     * evictions (credentials, token, inactive user, incompatible protocol) are final. */
    private static final Set<Codes.EvictionReason> RECONNECT_AFTER = EnumSet.of(Codes.EvictionReason.NO_SESSION,
            Codes.EvictionReason.SESSION_TOO_LOW, Codes.EvictionReason.SESSION_RELEASE_MISMATCH,
            Codes.EvictionReason.STALE_CLIENT, Codes.EvictionReason.SESSION_ERROR);
    /** 0.8 commands whose OK answer always has a body: an empty one can only be the start of a 0.9 frame. */
    private static final Set<Integer> NEVER_EMPTY_0_8 = CommandTable.ALL.stream()
            .filter(e -> e.in(ProtocolVersion.V0_8) && e.responseType() != Void.class && !e.responseList()
                    && !e.emptyWhenMissing() && !e.emptyIn().contains(ProtocolVersion.V0_8))
            .map(CommandTable.Entry::code).collect(Collectors.toUnmodifiableSet());
    // The 0.9 option keys of a topic's typed settings and what the official 0.9 clients send on every CreateTopic.
    private static final String COMPRESSION_KEY = "compression_algorithm";
    private static final String EXPIRY_KEY = "message_expiry";
    private static final String MAX_SIZE_KEY = "max_topic_size";
    private static final Map<String, String> OFFICIAL_CREATE_DEFAULTS = Map.of(
            "durability", "replicated", "consumer_offset_durability", "replicated");

    private final ClientConfig config;
    private final ProtocolVersion protocol;
    private final ReentrantLock lock = new ReentrantLock();
    // 0.9 client-side partitioning, guarded by lock: (stream, topic) -> partition count and when it was read
    // (least recently used first), and the balanced cursors.
    private final LinkedHashMap<List<Identifier>, long[]> partitionCounts = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Identifier>, long[]> eldest) {
            return size() > TOPIC_CACHE_MAX_ENTRIES;
        }
    };
    private final Map<List<Identifier>, Long> cursors = new HashMap<>();
    private Connection connection;  // guarded by lock
    private boolean connectedOnce;  // guarded by lock
    private Auth auth;  // guarded by lock
    private volatile boolean closed;
    private volatile long lastRequestNanos = System.nanoTime();
    private ScheduledExecutorService heartbeat;  // guarded by lock
    private WireWriter sendFrame;  // reused SendMessages frame buffer, guarded by lock
    private AsyncIggyClient asyncFacade;  // guarded by lock
    /** A send frame buffer larger than this is not kept after its batch (it would pin the memory). */
    private static final int MAX_RETAINED_SEND_FRAME_BYTES = 16 << 20;

    /** The credentials re-sent after a reconnect: a username/password pair or a token. */
    private record Auth(String username, String password, String token) {}

    public IggyClient(ClientConfig config) {
        this.config = config;
        this.protocol = config.protocol();
    }

    /** A client for a connection string ({@link ClientConfig#parse}); call {@link #connect()} next. */
    public IggyClient(String connectionString) {
        this(ClientConfig.parse(connectionString));
    }

    /** Parses, connects and (with credentials in the string) logs in. */
    public static IggyClient connect(String connectionString) {
        IggyClient client = new IggyClient(connectionString);
        client.connect();
        return client;
    }

    public ClientConfig config() {
        return config;
    }

    /** The Iggy wire protocol this client speaks ({@link ClientConfig#protocol()}). */
    public ProtocolVersion protocol() {
        return protocol;
    }

    /** The open connection's 0.9 session (client id, session, numbering); null over 0.8 or when not connected. */
    VsrSession session() {
        lock.lock();
        try {
            return connection != null ? connection.session() : null;
        } finally {
            lock.unlock();
        }
    }

    /** The optional CompletableFuture facade over this client (one per client, stopped by {@link #close()}). */
    public AsyncIggyClient async() {
        lock.lock();
        try {
            if (asyncFacade == null || asyncFacade.isClosed()) {
                asyncFacade = new AsyncIggyClient(this);
            }
            return asyncFacade;
        } finally {
            lock.unlock();
        }
    }

    public boolean isConnected() {
        lock.lock();
        try {
            return connection != null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Opens the connection (1 + reconnection_retries attempts), logs in when the config carries credentials or a
     * token, and starts the heartbeat. Does nothing on a connected client.
     */
    public void connect() {
        lock.lock();
        try {
            if (closed) {
                throw new ClientClosedException("client is closed");
            }
            if (auth == null && config.username() != null) {
                auth = new Auth(config.username(), config.password(), null);
            } else if (auth == null && config.token() != null) {
                auth = new Auth(null, null, config.token());
            }
            connectedOnce = true;
            if (connection == null) {
                openLocked(1 + boundedRetries(), null, true);
            }
            if (config.heartbeatIntervalMs() > 0 && heartbeat == null) {
                heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "iggy-heartbeat");
                    t.setDaemon(true);
                    return t;
                });
                long period = config.heartbeatIntervalMs();
                heartbeat.scheduleWithFixedDelay(this::heartbeat, period, period, TimeUnit.MILLISECONDS);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Stops the heartbeat and closes the connection. Idempotent. */
    @Override
    public void close() {
        closed = true;
        lock.lock();
        try {
            if (heartbeat != null) {
                heartbeat.shutdownNow();
                heartbeat = null;
            }
            if (asyncFacade != null) {
                asyncFacade.close();
                asyncFacade = null;
            }
            dropLocked();
        } finally {
            lock.unlock();
        }
    }

    private int boundedRetries() {
        return config.reconnectionRetries() == null ? Integer.MAX_VALUE - 1 : config.reconnectionRetries();
    }

    private void heartbeat() {
        long idleNanos = System.nanoTime() - lastRequestNanos;
        if (closed || idleNanos < TimeUnit.MILLISECONDS.toNanos(config.heartbeatIntervalMs()) / 2) {
            return;
        }
        if (!lock.tryLock()) {
            return;  // a request is in flight: the connection is demonstrably alive
        }
        try {
            if (connection == null) {
                return;
            }
            WireWriter w = frame(new Requests.Ping());
            answer(Codes.Command.PING, connection, w.array(), w.position());
        } catch (IOException | RuntimeException e) {
            dropLocked();  // the next request reconnects; the heartbeat never throws
        } finally {
            lock.unlock();
        }
    }

    // --- request plumbing -----------------------------------------------------------------------------------

    /** Bytes in front of a request body: 0.8's {@code length | code}, 0.9's RequestHeader (stamped at send). */
    private int headerSize() {
        return protocol.atLeast(ProtocolVersion.V0_9) ? Layout.REQUEST_HEADER_SIZE
                : Codes.Constants.REQUEST_HEADER_SIZE;
    }

    private WireWriter frame(Requests.Request request) {
        int header = headerSize();
        WireWriter w = new WireWriter(64 + header, protocol);
        w.zeros(header);
        request.encode(w);
        if (header == Codes.Constants.REQUEST_HEADER_SIZE) {
            w.putU32At(0, w.position() - 4);
            w.putU32At(4, request.code());
        }
        return w;
    }

    private byte[] call(Requests.Request request) {
        CommandTable.Entry entry = CommandTable.BY_CODE.get(request.code());
        if (!entry.in(protocol)) {
            throw unavailable(entry);
        }
        WireWriter w = frame(request);
        try {
            return exchange(request.code(), w.array(), w.position());
        } catch (IggyException e) {
            throw e.nameRequestObjects(request::errorParam);
        }
    }

    /** SendMessages' error with its stream, topic and partition named, as the generated request names them. */
    private static IggyException sendError(IggyException e, Identifier stream, Identifier topic, Partitioning p) {
        Requests.SendMessages named = new Requests.SendMessages(stream, topic,
                new Primitives.Partitioning(p.kind(), p.valueRef()), List.of(), null);
        return e.nameRequestObjects(named::errorParam);
    }

    /** A command the connection's protocol does not have: name the protocol that has it. */
    private IggyException unavailable(CommandTable.Entry entry) {
        String needs = entry.versions().stream().map(ProtocolVersion::label)
                .reduce((a, b) -> a + " or " + b).map(v -> " (it needs protocol=" + v + ")").orElse("");
        return IggyException.of(ErrorCode.FEATURE_UNAVAILABLE.code(), constantName(entry.name())
                + " does not exist in Iggy protocol " + protocol.label() + needs);
    }

    private void require09(String what) {
        if (!protocol.atLeast(ProtocolVersion.V0_9)) {
            throw IggyException.of(ErrorCode.FEATURE_UNAVAILABLE.code(), what
                    + " needs Iggy protocol 0.9 (this client speaks " + protocol.label() + ")");
        }
    }

    /**
     * The spec's {@code replay_safe} commands (Ping and the lookups) can be replayed after a lost connection: their
     * outcome cannot have changed anything. An unknown code cannot. Package-private for the unit test.
     */
    static boolean replayable(int code) {
        CommandTable.Entry command = CommandTable.BY_CODE.get(code);
        return command != null && command.replaySafe();
    }

    private byte[] exchange(int code, byte[] frame, int length) {
        lock.lock();
        try {
            Connection c = ensureConnectionLocked();
            try {
                return answer(code, c, frame, length);
            } catch (SocketTimeoutException e) {
                throw timedOut(code, c, e);
            } catch (IOException e) {
                dropLocked();
                if (!replayable(code)) {
                    throw outcomeUnknown(code, e);
                }
                return replay(code, frame, length, e);
            } catch (IggyException e) {
                Codes.EvictionReason reason = e.evictionReason();
                if (reason != null && RECONNECT_AFTER.contains(reason)) {
                    // The server ended the session under us: the next request connects and registers again. A
                    // write is not sent again (it was refused, and a new identity would make it look new).
                    dropLocked();
                    if (!replayable(code) || boundedRetries() == 0) {
                        throw e;
                    }
                    return replay(code, frame, length, e);
                }
                if (e instanceof ConnectionLostException || e instanceof ProtocolMismatchException) {
                    dropLocked();
                }
                throw e;
            }
        } finally {
            lock.unlock();
        }
    }

    /** The one replay of a read-only request on a new connection (0.9: under a new identity and session). */
    private byte[] replay(int code, byte[] frame, int length, Throwable cause) {
        Connection fresh = reconnectLocked(cause);
        try {
            return answer(code, fresh, frame, length);
        } catch (SocketTimeoutException again) {
            throw timedOut(code, fresh, again);
        } catch (IOException again) {
            dropLocked();
            throw new ConnectionLostException("connection lost again while replaying " + commandName(code), again);
        } catch (ConnectionLostException | ProtocolMismatchException again) {
            dropLocked();
            throw again;
        }
    }

    private OutcomeUnknownException outcomeUnknown(int code, IOException cause) {
        String why = "connection lost during " + commandName(code) + ": the server may or may not have applied it; "
                + "not resent";
        if (protocol.atLeast(ProtocolVersion.V0_9)
                && CommandTable.BY_CODE.get(code).operation() != Codes.Operation.NON_REPLICATED) {
            why += " (under a new session the server could not tell it from a new request)";
        }
        return new OutcomeUnknownException(why, cause);
    }

    /** A late answer would be read as the next request's, so a timed-out connection is dropped. */
    private RequestTimeoutException timedOut(int code, Connection c, SocketTimeoutException cause) {
        dropLocked();
        String first = c.answers() == 0 ? " (the connection's first request; "
                + Connection.firstAnswerHint(protocol) + ")" : "";
        return new RequestTimeoutException("no answer within " + config.requestTimeoutMs() + " ms to "
                + commandName(code) + first + " (connection reset)", cause);
    }

    private byte[] answer(int code, Connection c, byte[] frame, int length) throws IOException {
        if (c.protocol().atLeast(ProtocolVersion.V0_9)) {
            return answerVsr(code, c, frame, length);
        }
        boolean first = c.answers() == 0;
        c.write(frame, length);
        Connection.Response response = c.read();
        lastRequestNanos = System.nanoTime();
        if (response.status() != Codes.Constants.STATUS_OK) {
            throw IggyException.of((int) response.status(), commandName(code) + ": "
                    + (ErrorCode.fromCode((int) response.status()) != null
                    ? IggyException.errorMessage((int) response.status(), Map.of()) : "error"));
        }
        if (first && response.body().length == 0 && NEVER_EMPTY_0_8.contains(code)) {
            // Its 0.8 answer always has a body: these 8 zero bytes start a 0.9 frame (its unsealed checksum).
            throw Connection.answeredIn09();
        }
        return response.body();
    }

    /**
     * One 0.9 request: the header stamped by the connection's session (identity, number, checksum), the OK body
     * returned (result section stripped). A transient reply (57/58) sends the identical frame again every
     * {@link #TRANSIENT_RETRY_MS} ms within the request timeout, as the official clients do; an eviction ends the
     * session's binding before it is raised.
     */
    private byte[] answerVsr(int code, Connection c, byte[] frame, int length) throws IOException {
        VsrSession session = c.session();
        Codes.Operation operation = session.stamp(frame, length, code);
        long request = operation == Codes.Operation.REGISTER ? 0
                : session.nextRequest() - (operation == Codes.Operation.NON_REPLICATED ? 0 : 1);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(config.requestTimeoutMs());
        while (true) {
            c.write(frame, length);
            Connection.VsrFrame reply = c.readVsr();
            lastRequestNanos = System.nanoTime();
            byte[] body;
            try {
                body = VsrSession.replyBody(reply.header(), reply.body(), commandName(code));
            } catch (VsrSession.TransientReplyException transientReply) {
                if (System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TRANSIENT_RETRY_MS) > deadline) {
                    throw IggyException.of(transientReply.code(), "request " + request + " ("
                            + commandName(code) + ") still not committed after " + config.requestTimeoutMs()
                            + " ms");
                }
                sleep(TRANSIENT_RETRY_MS);
                continue;
            } catch (IggyException e) {
                if (e.evictionReason() != null) {
                    session.onEviction();
                }
                throw e;
            }
            session.onReply(operation, body);
            return body;
        }
    }

    private static String commandName(int code) {
        CommandTable.Entry entry = CommandTable.BY_CODE.get(code);
        return entry != null ? entry.name() : "command " + code;
    }

    /** GetClusterMetadata -> GET_CLUSTER_METADATA, as the shared error texts name commands. */
    private static String constantName(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
    }

    private Connection ensureConnectionLocked() {
        if (closed) {
            throw new ClientClosedException("client is closed");
        }
        if (connection != null) {
            return connection;
        }
        if (!connectedOnce) {
            throw new NotConnectedException("not connected: call connect() first", null);
        }
        return reconnectLocked(null);
    }

    private Connection reconnectLocked(Throwable cause) {
        int attempts = boundedRetries();
        if (attempts == 0) {
            throw new ConnectionLostException("connection lost and reconnection_retries is 0", cause);
        }
        return openLocked(attempts, cause, false);
    }

    /** Up to {@code attempts} tries with doubling backoff; logs in on the new connection. */
    private Connection openLocked(int attempts, Throwable cause, boolean initial) {
        long backoffMs = Math.max(1, config.reconnectionIntervalMs());
        IOException last = null;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            if (closed) {
                throw new ClientClosedException("client is closed");
            }
            if (attempt > 1) {
                sleep(backoffMs);
                backoffMs = Math.min(backoffMs * 2, Math.max(1, config.reconnectionMaxIntervalMs()));
            }
            Connection c;
            try {
                c = Connection.open(config);
            } catch (IOException e) {
                last = e;
                continue;
            }
            try {
                login(c);
            } catch (SocketTimeoutException e) {
                c.close();
                if (c.answers() == 0) {
                    // The first request got no answer: the server may speak only the other protocol.
                    throw new RequestTimeoutException("no answer to the login within " + config.requestTimeoutMs()
                            + " ms (the connection's first request; " + Connection.firstAnswerHint(protocol) + ")",
                            e);
                }
                last = e;
                continue;
            } catch (IOException e) {
                c.close();
                last = e;
                continue;
            } catch (RuntimeException e) {
                c.close();
                throw e;
            }
            connection = c;
            lastRequestNanos = System.nanoTime();
            return c;
        }
        String message = "cannot connect to " + config.address() + " after " + attempts + " attempt(s)"
                + (last != null ? ": " + last.getMessage() : "");
        if (last != null && cause != null) {
            last.addSuppressed(cause);
        }
        if (initial) {
            throw new CannotConnectException(message, last);
        }
        throw new ConnectionLostException(message, last != null ? last : cause);
    }

    /** 0.8: LoginUser / LoginWithPersonalAccessToken; 0.9: Register with the password or the token shape. */
    private Requests.Request loginRequest(Auth credentials) {
        if (protocol.atLeast(ProtocolVersion.V0_9)) {
            return credentials.token() != null
                    ? new Requests.LoginRegisterWithPat(Codes.Constants.PROTOCOL_VERSION_0_9, SDK_NAME,
                            Version.SDK_VERSION, credentials.token(), "")
                    : new Requests.LoginRegister(Codes.Constants.PROTOCOL_VERSION_0_9, SDK_NAME, Version.SDK_VERSION,
                            credentials.username(), credentials.password(), "");
        }
        return credentials.token() != null
                ? new Requests.LoginWithPersonalAccessToken(credentials.token())
                : new Requests.LoginUser(credentials.username(), credentials.password(), Version.CLIENT_NAME, "");
    }

    /** The user id in a login answer (every login answer starts with it). */
    private long loggedInUser(byte[] body) {
        return new WireReader(body, protocol).u32();
    }

    private void login(Connection c) throws IOException {
        if (auth == null) {
            return;
        }
        Requests.Request request = loginRequest(auth);
        WireWriter w = frame(request);
        answer(request.code(), c, w.array(), w.position());
    }

    private void dropLocked() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientClosedException("interrupted while reconnecting");
        }
    }

    private <T> T one(byte[] body, Function<WireReader, T> decoder) {
        WireReader r = new WireReader(body, protocol);
        T value = decoder.apply(r);
        r.expectEnd("response");
        return value;
    }

    private <T> T optional(byte[] body, Function<WireReader, T> decoder) {
        return body.length == 0 ? null : one(body, decoder);
    }

    private <T> List<T> list(int code, byte[] body, Function<WireReader, T> decoder) {
        WireReader r = new WireReader(body, protocol);
        return CommandTable.listCounted(code, protocol)
                ? CommandTable.decodeList(r, decoder, java.util.Set.of(protocol))
                : CommandTable.decodeList(r, decoder);
    }

    private static Primitives.Consumer wire(Consumer consumer) {
        return new Primitives.Consumer(consumer.kind(), consumer.id());
    }

    // --- system ------------------------------------------------------------------------------------------

    public void ping() {
        call(new Requests.Ping());
    }

    public Structs.Stats getStats() {
        return one(call(new Requests.GetStats()), Structs.Stats::decode);
    }

    /** A diagnostic snapshot as ZIP bytes; {@code compression} from {@link Codes.SnapshotCompression},
     * {@code types} from {@link Codes.SnapshotType} ({@code ALL} alone for everything). */
    public byte[] getSnapshot(int compression, List<Integer> types) {
        return one(call(new Requests.GetSnapshot(compression, types)), Requests.GetSnapshotResponse::decode).data();
    }

    public Structs.ClusterMetadata getClusterMetadata() {
        return one(call(new Requests.GetClusterMetadata()), Structs.ClusterMetadata::decode);
    }

    public Structs.ClientDetails getMe() {
        return one(call(new Requests.GetMe()), Structs.ClientDetails::decode);
    }

    /** A client session by id, or null when there is none. */
    public Structs.ClientDetails getClient(long clientId) {
        return optional(call(new Requests.GetClient(clientId)), Structs.ClientDetails::decode);
    }

    public List<Structs.ClientInfo> getClients() {
        return list(Codes.Command.GET_CLIENTS, call(new Requests.GetClients()), Structs.ClientInfo::decode);
    }

    /**
     * 0.9: the option catalog of a scope (topics are the only scope with keys in 0.9): each key with its kind,
     * default ({@code defaultValue} bytes in the kind's encoding) and description.
     */
    public List<Structs.OptionDescriptor> describeOptions(Codes.OptionScope scope) {
        return one(call(new Requests.DescribeOptions(scope.value())), Requests.DescribeOptionsResponse::decode)
                .entries();
    }

    // --- users and sessions --------------------------------------------------------------------------------

    /**
     * Logs in; later reconnects log in again with these credentials. Returns the user id. 0.9: registers a new
     * session under a new client id.
     */
    public long loginUser(String username, String password) {
        Auth credentials = new Auth(username, password, null);
        long userId = loggedInUser(call(loginRequest(credentials)));
        lock.lock();
        try {
            auth = credentials;
        } finally {
            lock.unlock();
        }
        return userId;
    }

    /** Logs in with a personal access token; later reconnects reuse it. Returns the user id. */
    public long loginWithPersonalAccessToken(String token) {
        long userId = loggedInUser(call(loginRequest(new Auth(null, null, token))));
        lock.lock();
        try {
            auth = new Auth(null, null, token);
        } finally {
            lock.unlock();
        }
        return userId;
    }

    /** Logs out; the connection stays open, unauthenticated, and is not logged in again after a reconnect. */
    public void logoutUser() {
        call(new Requests.LogoutUser());
        lock.lock();
        try {
            auth = null;
        } finally {
            lock.unlock();
        }
    }

    public Structs.UserDetails getUser(Identifier user) {
        return optional(call(new Requests.GetUser(user)), Structs.UserDetails::decode);
    }

    public List<Structs.UserHeader> getUsers() {
        return list(Codes.Command.GET_USERS, call(new Requests.GetUsers()), Structs.UserHeader::decode);
    }

    /** {@code status} from {@link Codes.UserStatus}; {@code permissions} null = none. */
    public Structs.UserDetails createUser(String username, String password, int status, Permissions permissions) {
        return createUser(username, password, status, permissions, Options.none());
    }

    /** {@code options} (0.9): the user's options block (0.9 servers have no user keys yet and refuse any). */
    public Structs.UserDetails createUser(String username, String password, int status, Permissions permissions,
                                          Options options) {
        return one(call(new Requests.CreateUser(username, password, status, permissions, block(options))),
                Structs.UserDetails::decode);
    }

    public void deleteUser(Identifier user) {
        call(new Requests.DeleteUser(user));
    }

    /** Renames and/or changes the status; null leaves a value unchanged. */
    public void updateUser(Identifier user, String username, Integer status) {
        updateUser(user, username, status, Options.none());
    }

    /** As above, with the user's 0.9 options block. */
    public void updateUser(Identifier user, String username, Integer status, Options options) {
        call(new Requests.UpdateUser(user, username, status, block(options)));
    }

    /** Replaces the permissions; null clears them. */
    public void updatePermissions(Identifier user, Permissions permissions) {
        call(new Requests.UpdatePermissions(user, permissions));
    }

    public void changePassword(Identifier user, String currentPassword, String newPassword) {
        call(new Requests.ChangePassword(user, currentPassword, newPassword));
    }

    // --- personal access tokens ----------------------------------------------------------------------------

    public List<Structs.PersonalAccessTokenInfo> getPersonalAccessTokens() {
        return list(Codes.Command.GET_PERSONAL_ACCESS_TOKENS, call(new Requests.GetPersonalAccessTokens()),
                Structs.PersonalAccessTokenInfo::decode);
    }

    /** Creates a token living {@code expiryUs} µs (0 = never expires); the secret is returned only here. */
    public String createPersonalAccessToken(String name, long expiryUs) {
        return one(call(new Requests.CreatePersonalAccessToken(name, expiryUs)),
                Requests.CreatePersonalAccessTokenResponse::decode).token();
    }

    public void deletePersonalAccessToken(String name) {
        call(new Requests.DeletePersonalAccessToken(name));
    }

    // --- streams -------------------------------------------------------------------------------------------

    public Structs.StreamHeader createStream(String name) {
        return createStream(name, Options.none());
    }

    /** {@code options} (0.9): the stream's options block (0.9 servers have no stream keys yet and refuse any). */
    public Structs.StreamHeader createStream(String name, Options options) {
        return one(call(new Requests.CreateStream(name, block(options))), Structs.StreamHeader::decode);
    }

    public Structs.StreamDetails getStream(Identifier stream) {
        return optional(call(new Requests.GetStream(stream)), Structs.StreamDetails::decode);
    }

    public List<Structs.StreamHeader> getStreams() {
        return list(Codes.Command.GET_STREAMS, call(new Requests.GetStreams()), Structs.StreamHeader::decode);
    }

    public void updateStream(Identifier stream, String name) {
        updateStream(stream, name, Options.none());
    }

    /** As above, with the stream's 0.9 options block. */
    public void updateStream(Identifier stream, String name, Options options) {
        call(new Requests.UpdateStream(stream, name, block(options)));
    }

    public void deleteStream(Identifier stream) {
        call(new Requests.DeleteStream(stream));
    }

    public void purgeStream(Identifier stream) {
        call(new Requests.PurgeStream(stream));
    }

    // --- topics --------------------------------------------------------------------------------------------

    /**
     * Creates a topic. {@code compressionAlgorithm} from {@link Codes.CompressionAlgorithm}; {@code messageExpiryUs}
     * 0 = server default, -1 (u64::MAX) = never; {@code maxTopicSizeBytes} 0 = default, -1 = unlimited;
     * {@code replicationFactor} 0 = default (0.8 only: 0.9 topics have none).
     */
    public Structs.TopicDetails createTopic(Identifier stream, String name, long partitionsCount,
                                            int compressionAlgorithm, long messageExpiryUs, long maxTopicSizeBytes,
                                            int replicationFactor) {
        return createTopic(stream, name, partitionsCount, compressionAlgorithm, messageExpiryUs, maxTopicSizeBytes,
                replicationFactor, Options.none());
    }

    /** A topic with defaults: no compression, server-default expiry and size. */
    public Structs.TopicDetails createTopic(Identifier stream, String name, long partitionsCount) {
        return createTopic(stream, name, partitionsCount, Codes.CompressionAlgorithm.NONE, 0, 0, 0);
    }

    /** A 0.9 topic with the given options (any catalog key; the others take the server's defaults). */
    public Structs.TopicDetails createTopic(Identifier stream, String name, long partitionsCount, Options options) {
        return createTopic(stream, name, partitionsCount, 0, 0, 0, 0, options);
    }

    /**
     * Creates a topic with its settings and, in 0.9, any other option. 0.9 sends the settings as the topic's
     * options block: compression (0 = not sent), expiry and size (0 = not sent: the server default), the keys of
     * {@code options} (which may not repeat a setting's key), and {@code durability} /
     * {@code consumer_offset_durability} as "replicated" unless given, as the official 0.9 clients send them. The
     * answer's {@code options()} / {@code derivedOptions()} show what the server stored ({@link Options#decode}).
     */
    public Structs.TopicDetails createTopic(Identifier stream, String name, long partitionsCount,
                                            int compressionAlgorithm, long messageExpiryUs, long maxTopicSizeBytes,
                                            int replicationFactor, Options options) {
        Structs.TopicDetails created;
        if (!protocol.atLeast(ProtocolVersion.V0_9)) {
            if (!options.isEmpty()) {
                require09("topic options");
            }
            created = one(call(new Requests.CreateTopic(stream, partitionsCount,
                    compressionAlgorithm == 0 ? Codes.CompressionAlgorithm.NONE : compressionAlgorithm,
                    messageExpiryUs, maxTopicSizeBytes, replicationFactor, name, new byte[0])),
                    Structs.TopicDetails::decode);
        } else {
            byte[] block = topicOptions(compressionAlgorithm, messageExpiryUs, maxTopicSizeBytes, replicationFactor,
                    options, true);
            created = one(call(new Requests.CreateTopic(stream, partitionsCount, 0, 0, 0, 0, name, block)),
                    Structs.TopicDetails::decode);
        }
        forgetTopic(stream, Identifier.named(name));
        return created;
    }

    /** The options block of a 0.9 topic: the typed settings given, {@code options}, and the create defaults. */
    private byte[] topicOptions(int compressionAlgorithm, long messageExpiryUs, long maxTopicSizeBytes,
                                int replicationFactor, Options options, boolean create) {
        if (replicationFactor != 0) {
            throw IggyException.of(ErrorCode.FEATURE_UNAVAILABLE.code(),
                    "Iggy 0.9 topics have no replication_factor (0.8 only)");
        }
        Options.Builder merged = Options.builder();
        Map<String, HeaderValue> given = options.asMap();
        if (compressionAlgorithm != 0) {
            merged.set(COMPRESSION_KEY, compressionName(compressionAlgorithm));
        }
        if (messageExpiryUs != 0) {
            merged.set(EXPIRY_KEY, messageExpiryUs);
        }
        if (maxTopicSizeBytes != 0) {
            merged.set(MAX_SIZE_KEY, maxTopicSizeBytes);
        }
        Map<String, HeaderValue> typed = merged.build().asMap();
        for (Map.Entry<String, HeaderValue> e : given.entrySet()) {
            if (typed.containsKey(e.getKey())) {
                throw new IllegalArgumentException("option '" + e.getKey() + "' is given twice (as a setting and "
                        + "in options)");
            }
            merged.set(e.getKey(), e.getValue());
        }
        if (create) {
            OFFICIAL_CREATE_DEFAULTS.forEach((key, value) -> {
                if (!given.containsKey(key)) {
                    merged.set(key, value);
                }
            });
        }
        return merged.build().encode();
    }

    /** A 0.9 {@code compression_algorithm} value as the official clients send it ("none", "gzip"). */
    private static String compressionName(int compressionAlgorithm) {
        switch (compressionAlgorithm) {
            case Codes.CompressionAlgorithm.NONE: return "none";
            case Codes.CompressionAlgorithm.GZIP: return "gzip";
            default: throw IggyException.of(ErrorCode.INVALID_FORMAT.code(),
                    "unknown compression algorithm " + compressionAlgorithm);
        }
    }

    /** An options block for a 0.9 request; any option over 0.8 names the protocol it needs. */
    private byte[] block(Options options) {
        if (options.isEmpty()) {
            return new byte[0];
        }
        require09("options");
        return options.encode();
    }

    public Structs.TopicDetails getTopic(Identifier stream, Identifier topic) {
        return optional(call(new Requests.GetTopic(stream, topic)), Structs.TopicDetails::decode);
    }

    public List<Structs.TopicHeader> getTopics(Identifier stream) {
        return list(Codes.Command.GET_TOPICS, call(new Requests.GetTopics(stream)), Structs.TopicHeader::decode);
    }

    /**
     * Renames a topic and changes its settings. 0.8 replaces every setting; 0.9 changes only the settings given
     * (a patch: 0 leaves compression, expiry or size as it is).
     */
    public void updateTopic(Identifier stream, Identifier topic, String name, int compressionAlgorithm,
                            long messageExpiryUs, long maxTopicSizeBytes, int replicationFactor) {
        updateTopic(stream, topic, name, compressionAlgorithm, messageExpiryUs, maxTopicSizeBytes, replicationFactor,
                Options.none());
    }

    /** As above, plus (0.9) the updatable keys of {@code options} (an absent key is left as it is). */
    public void updateTopic(Identifier stream, Identifier topic, String name, int compressionAlgorithm,
                            long messageExpiryUs, long maxTopicSizeBytes, int replicationFactor, Options options) {
        if (!protocol.atLeast(ProtocolVersion.V0_9)) {
            if (!options.isEmpty()) {
                require09("topic options");
            }
            call(new Requests.UpdateTopic(stream, topic,
                    compressionAlgorithm == 0 ? Codes.CompressionAlgorithm.NONE : compressionAlgorithm,
                    messageExpiryUs, maxTopicSizeBytes, replicationFactor, name, new byte[0]));
            return;
        }
        byte[] block = topicOptions(compressionAlgorithm, messageExpiryUs, maxTopicSizeBytes, replicationFactor,
                options, false);
        call(new Requests.UpdateTopic(stream, topic, 0, 0, 0, 0, name, block));
    }

    public void deleteTopic(Identifier stream, Identifier topic) {
        call(new Requests.DeleteTopic(stream, topic));
        forgetTopic(stream, topic);
    }

    public void purgeTopic(Identifier stream, Identifier topic) {
        call(new Requests.PurgeTopic(stream, topic));
    }

    // --- partitions and segments ---------------------------------------------------------------------------

    public void createPartitions(Identifier stream, Identifier topic, long partitionsCount) {
        call(new Requests.CreatePartitions(stream, topic, partitionsCount));
        forgetTopic(stream, topic);
    }

    public void deletePartitions(Identifier stream, Identifier topic, long partitionsCount) {
        call(new Requests.DeletePartitions(stream, topic, partitionsCount));
        forgetTopic(stream, topic);
    }

    public void deleteSegments(Identifier stream, Identifier topic, long partitionId, long segmentsCount) {
        call(new Requests.DeleteSegments(stream, topic, partitionId, segmentsCount));
    }

    // --- messages ------------------------------------------------------------------------------------------

    /**
     * Appends messages to one partition (chosen by {@code partitioning}; null = balanced). The payload arrays are
     * copied once, into the request frame. If the connection breaks before the answer, this raises
     * {@link OutcomeUnknownException}: the batch may or may not be stored, and it is not resent.
     *
     * <p>0.9: the client picks the partition as the official 0.9 clients do (balanced: a round-robin cursor per
     * topic; a key: XXH32(key, seed 0) % partitions_count; the count from GetTopic, kept
     * {@link #TOPIC_CACHE_TTL_MS}) and returns the server's confirmation: the partition and the offset of the
     * batch's first message (null when the server reports none). 0.8 answers nothing: null.
     */
    public Structs.SendConfirmation sendMessages(Identifier stream, Identifier topic, Partitioning partitioning,
                                                 List<Message> messages) {
        Partitioning p = partitioning != null ? partitioning : Partitioning.balanced();
        long nowUs = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
        lock.lock();  // the frame buffer is reused: encode and exchange under the one lock
        try {
            if (!protocol.atLeast(ProtocolVersion.V0_9)) {
                WireWriter w = SendMessagesFrame.encode(sendFrame, stream, topic, p.kind(), p.valueRef(), messages,
                        nowUs);
                sendFrame = w.array().length <= MAX_RETAINED_SEND_FRAME_BYTES ? w : null;
                try {
                    exchange(Codes.Command.SEND_MESSAGES, w.array(), w.position());
                } catch (IggyException e) {
                    throw sendError(e, stream, topic, p);
                }
                return null;
            }
            boolean picked = p.kind() != Codes.PartitioningKind.PARTITION_ID;
            long partition = picked ? pickPartition(stream, topic, p) : p.partitionIdValue();
            WireWriter w = SendBatchFrame.encode(sendFrame, stream, topic, partition, messages, nowUs);
            sendFrame = w.array().length <= MAX_RETAINED_SEND_FRAME_BYTES ? w : null;
            byte[] body;
            try {
                body = exchange(Codes.Command.SEND_MESSAGES, w.array(), w.position());
            } catch (IggyException e) {
                if (picked && e.code() == ErrorCode.PARTITION_NOT_FOUND.code()) {
                    forgetTopic(stream, topic);  // the topic shrank: read its count again next time
                }
                throw sendError(e, stream, topic, Partitioning.partitionId(partition));
            }
            if (body.length == 0) {
                return null;
            }
            List<Structs.SendConfirmation> confirmations =
                    one(body, Requests.SendMessagesResponse::decode).confirmations();
            return confirmations.isEmpty() ? null : confirmations.get(0);
        } finally {
            lock.unlock();
        }
    }

    /** 0.9: the partition a balanced or keyed send goes to, from the topic's (cached) partition count. */
    private long pickPartition(Identifier stream, Identifier topic, Partitioning p) {
        List<Identifier> key = List.of(stream, topic);
        long[] cached = partitionCounts.get(key);
        long now = System.nanoTime();
        if (cached == null || now - cached[1] > TimeUnit.MILLISECONDS.toNanos(TOPIC_CACHE_TTL_MS)) {
            Structs.TopicDetails details = getTopic(stream, topic);
            if (details == null) {
                throw IggyException.of(ErrorCode.TOPIC_ID_NOT_FOUND.code(), "topic " + topic + " of stream "
                        + stream + " not found");
            }
            cached = new long[] {details.partitions().size(), now};
            partitionCounts.put(key, cached);
        }
        long count = cached[0];
        if (count == 0) {
            throw IggyException.of(ErrorCode.NO_PARTITIONS.code(), "topic " + topic + " of stream " + stream
                    + " has no partitions");
        }
        if (p.kind() == Codes.PartitioningKind.MESSAGES_KEY) {
            byte[] k = p.valueRef();
            return XxHash.xxh32(k, 0, k.length, 0) % count;
        }
        long cursor = cursors.getOrDefault(key, 0L);
        if (!cursors.containsKey(key) && cursors.size() >= TOPIC_CACHE_MAX_ENTRIES) {
            cursors.clear();  // bounded; a dropped cursor only restarts a round robin
        }
        cursors.put(key, (cursor + 1) % count);
        return cursor % count;
    }

    private void forgetTopic(Identifier stream, Identifier topic) {
        lock.lock();
        try {
            partitionCounts.remove(List.of(stream, topic));
        } finally {
            lock.unlock();
        }
    }

    /**
     * Polls up to {@code count} messages. {@code partitionId} null = the server chooses (0 for a consumer, the
     * member's next partition for a group); {@code consumer} null = consumer 0; {@code strategy} null = next.
     */
    public PolledMessages pollMessages(Identifier stream, Identifier topic, Long partitionId, Consumer consumer,
                                       PollingStrategy strategy, long count, boolean autoCommit) {
        Consumer who = consumer != null ? consumer : Consumer.consumer(Identifier.of(0));
        PollingStrategy from = strategy != null ? strategy : PollingStrategy.next();
        byte[] body = call(new Requests.PollMessages(wire(who), stream, topic, partitionId,
                new Primitives.PollingStrategy(from.kind(), from.value()), count, autoCommit));
        return PolledMessages.parse(body, protocol);
    }

    public void flushUnsavedBuffer(Identifier stream, Identifier topic, long partitionId, boolean fsync) {
        call(new Requests.FlushUnsavedBuffer(stream, topic, partitionId, fsync));
    }

    // --- consumer offsets ----------------------------------------------------------------------------------

    /** The stored offset, or null when none is stored (or the stream/topic/partition does not exist). */
    public Structs.ConsumerOffsetInfo getConsumerOffset(Consumer consumer, Identifier stream, Identifier topic,
                                                        Long partitionId) {
        return optional(call(new Requests.GetConsumerOffset(wire(consumer), stream, topic, partitionId)),
                Structs.ConsumerOffsetInfo::decode);
    }

    public void storeConsumerOffset(Consumer consumer, Identifier stream, Identifier topic, Long partitionId,
                                    long offset) {
        storeConsumerOffset(consumer, stream, topic, partitionId, offset, Codes.AckLevel.QUORUM);
    }

    /** {@code ack} (0.9): how far the store is acknowledged; the official clients always ask QUORUM. */
    public void storeConsumerOffset(Consumer consumer, Identifier stream, Identifier topic, Long partitionId,
                                    long offset, Codes.AckLevel ack) {
        call(new Requests.StoreConsumerOffset(wire(consumer), stream, topic, partitionId, offset, ack.value()));
    }

    public void deleteConsumerOffset(Consumer consumer, Identifier stream, Identifier topic, Long partitionId) {
        deleteConsumerOffset(consumer, stream, topic, partitionId, Codes.AckLevel.QUORUM);
    }

    public void deleteConsumerOffset(Consumer consumer, Identifier stream, Identifier topic, Long partitionId,
                                     Codes.AckLevel ack) {
        call(new Requests.DeleteConsumerOffset(wire(consumer), stream, topic, partitionId, ack.value()));
    }

    // --- consumer groups -----------------------------------------------------------------------------------

    public Structs.GroupHeader createConsumerGroup(Identifier stream, Identifier topic, String name) {
        return one(call(new Requests.CreateConsumerGroup(stream, topic, name)), Structs.GroupHeader::decode);
    }

    public Structs.GroupDetails getConsumerGroup(Identifier stream, Identifier topic, Identifier group) {
        return optional(call(new Requests.GetConsumerGroup(stream, topic, group)), Structs.GroupDetails::decode);
    }

    public List<Structs.GroupHeader> getConsumerGroups(Identifier stream, Identifier topic) {
        return list(Codes.Command.GET_CONSUMER_GROUPS, call(new Requests.GetConsumerGroups(stream, topic)),
                Structs.GroupHeader::decode);
    }

    public void deleteConsumerGroup(Identifier stream, Identifier topic, Identifier group) {
        call(new Requests.DeleteConsumerGroup(stream, topic, group));
    }

    /** Makes this connection a member (idempotent); membership ends with the connection. */
    public void joinConsumerGroup(Identifier stream, Identifier topic, Identifier group) {
        call(new Requests.JoinConsumerGroup(stream, topic, group));
    }

    public void leaveConsumerGroup(Identifier stream, Identifier topic, Identifier group) {
        call(new Requests.LeaveConsumerGroup(stream, topic, group));
    }

    /**
     * 0.9: this member's partitions in the group and the group's generation (it grows with every change of
     * membership or assignment), or null when this connection's session is not a member.
     */
    public GroupAssignment syncConsumerGroup(Identifier stream, Identifier topic, Identifier group) {
        Requests.SyncConsumerGroupResponse synced = optional(call(new Requests.SyncConsumerGroup(stream, topic,
                group)), Requests.SyncConsumerGroupResponse::decode);
        return synced == null ? null : new GroupAssignment(synced.generation(), synced.partitions());
    }

    @Override
    public String toString() {
        return "IggyClient(" + config + ")";
    }
}
