package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.IggyException.CannotConnectException;
import io.github.iggycompat.iggy.IggyException.ClientClosedException;
import io.github.iggycompat.iggy.IggyException.ConnectionLostException;
import io.github.iggycompat.iggy.IggyException.NotConnectedException;
import io.github.iggycompat.iggy.IggyException.OutcomeUnknownException;
import io.github.iggycompat.iggy.IggyException.RequestTimeoutException;
import io.github.iggycompat.iggy.internal.codec.CommandTable;
import io.github.iggycompat.iggy.internal.codec.Requests;
import io.github.iggycompat.iggy.internal.codec.SendMessagesFrame;
import io.github.iggycompat.iggy.internal.codec.WireReader;
import io.github.iggycompat.iggy.internal.codec.WireWriter;
import io.github.iggycompat.iggy.internal.net.Connection;
import io.github.iggycompat.iggy.model.Permissions;
import io.github.iggycompat.iggy.model.Primitives;
import io.github.iggycompat.iggy.model.Structs;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A blocking, thread-safe client over one TCP/TLS connection: every command of the Iggy 0.8 protocol. The
 * protocol has no request ids, so one request is in flight at a time (callers queue on a lock); for concurrency
 * use several clients. Login and consumer-group membership belong to the connection.
 *
 * <p>After a lost connection the next request reconnects (bounded by {@code reconnection_retries}, backoff
 * doubling from {@code reconnection_interval} to {@code reconnection_max_interval}) and logs in again with the
 * remembered credentials or token. Read-only commands (Get*, Ping) are replayed once on a fresh connection; any
 * other command whose answer was lost fails with {@link OutcomeUnknownException} and is never resent silently.
 */
public final class IggyClient implements AutoCloseable {

    private final ClientConfig config;
    private final ReentrantLock lock = new ReentrantLock();
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
            connection.write(w.array(), w.position());
            connection.read();
            lastRequestNanos = System.nanoTime();
        } catch (IOException e) {
            dropLocked();  // the next request reconnects; the heartbeat never throws
        } finally {
            lock.unlock();
        }
    }

    // --- request plumbing -----------------------------------------------------------------------------------

    private static WireWriter frame(Requests.Request request) {
        WireWriter w = new WireWriter(64);
        int lengthAt = w.reserveU32();
        w.u32(request.code());
        request.encode(w);
        w.patchSpan(lengthAt);
        return w;
    }

    private byte[] call(Requests.Request request) {
        WireWriter w = frame(request);
        return exchange(request.code(), w.array(), w.position());
    }

    /** Read-only commands can be replayed after a lost connection: their outcome cannot have changed anything. */
    private static boolean replayable(int code) {
        return code == Codes.Command.PING || CommandTable.BY_CODE.get(code).name().startsWith("Get");
    }

    private byte[] exchange(int code, byte[] frame, int length) {
        lock.lock();
        try {
            Connection c = ensureConnectionLocked();
            try {
                return answer(code, c, frame, length);
            } catch (SocketTimeoutException e) {
                throw timedOut(code, e);
            } catch (IOException e) {
                dropLocked();
                if (!replayable(code)) {
                    throw new OutcomeUnknownException("connection lost during " + commandName(code)
                            + ": the server may or may not have applied it; not resent", e);
                }
                Connection fresh = reconnectLocked(e);
                try {
                    return answer(code, fresh, frame, length);
                } catch (SocketTimeoutException again) {
                    throw timedOut(code, again);
                } catch (IOException again) {
                    dropLocked();
                    throw new ConnectionLostException("connection lost again while replaying "
                            + commandName(code), again);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** A late answer would be read as the next request's, so a timed-out connection is dropped. */
    private RequestTimeoutException timedOut(int code, SocketTimeoutException cause) {
        dropLocked();
        return new RequestTimeoutException("no answer within " + config.requestTimeoutMs() + " ms to "
                + commandName(code) + " (connection reset)", cause);
    }

    private byte[] answer(int code, Connection c, byte[] frame, int length) throws IOException {
        c.write(frame, length);
        Connection.Response response = c.read();
        lastRequestNanos = System.nanoTime();
        if (response.status() != Codes.Constants.STATUS_OK) {
            throw IggyException.of((int) response.status(), commandName(code) + ": "
                    + (ErrorCode.fromCode((int) response.status()) != null
                    ? ErrorCode.fromCode((int) response.status()).message() : "error"));
        }
        return response.body();
    }

    private static String commandName(int code) {
        CommandTable.Entry entry = CommandTable.BY_CODE.get(code);
        return entry != null ? entry.name() : "command " + code;
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

    private void login(Connection c) throws IOException {
        if (auth == null) {
            return;
        }
        Requests.Request request = auth.token() != null
                ? new Requests.LoginWithPersonalAccessToken(auth.token())
                : new Requests.LoginUser(auth.username(), auth.password(), Version.CLIENT_NAME, "");
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

    private static <T> T one(byte[] body, Function<WireReader, T> decoder) {
        WireReader r = new WireReader(body);
        T value = decoder.apply(r);
        r.expectEnd("response");
        return value;
    }

    private static <T> T optional(byte[] body, Function<WireReader, T> decoder) {
        return body.length == 0 ? null : one(body, decoder);
    }

    private static <T> List<T> list(byte[] body, Function<WireReader, T> decoder) {
        return CommandTable.decodeList(new WireReader(body), decoder);
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
        return list(call(new Requests.GetClients()), Structs.ClientInfo::decode);
    }

    // --- users and sessions --------------------------------------------------------------------------------

    /** Logs in; later reconnects log in again with these credentials. Returns the user id. */
    public long loginUser(String username, String password) {
        long userId = one(call(new Requests.LoginUser(username, password, Version.CLIENT_NAME, "")),
                Requests.LoginUserResponse::decode).userId();
        lock.lock();
        try {
            auth = new Auth(username, password, null);
        } finally {
            lock.unlock();
        }
        return userId;
    }

    /** Logs in with a personal access token; later reconnects reuse it. Returns the user id. */
    public long loginWithPersonalAccessToken(String token) {
        long userId = one(call(new Requests.LoginWithPersonalAccessToken(token)),
                Requests.LoginWithPersonalAccessTokenResponse::decode).userId();
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
        return list(call(new Requests.GetUsers()), Structs.UserHeader::decode);
    }

    /** {@code status} from {@link Codes.UserStatus}; {@code permissions} null = none. */
    public Structs.UserDetails createUser(String username, String password, int status, Permissions permissions) {
        return one(call(new Requests.CreateUser(username, password, status, permissions)),
                Structs.UserDetails::decode);
    }

    public void deleteUser(Identifier user) {
        call(new Requests.DeleteUser(user));
    }

    /** Renames and/or changes the status; null leaves a value unchanged. */
    public void updateUser(Identifier user, String username, Integer status) {
        call(new Requests.UpdateUser(user, username, status));
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
        return list(call(new Requests.GetPersonalAccessTokens()), Structs.PersonalAccessTokenInfo::decode);
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
        return one(call(new Requests.CreateStream(name)), Structs.StreamHeader::decode);
    }

    public Structs.StreamDetails getStream(Identifier stream) {
        return optional(call(new Requests.GetStream(stream)), Structs.StreamDetails::decode);
    }

    public List<Structs.StreamHeader> getStreams() {
        return list(call(new Requests.GetStreams()), Structs.StreamHeader::decode);
    }

    public void updateStream(Identifier stream, String name) {
        call(new Requests.UpdateStream(stream, name));
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
     * {@code replicationFactor} 0 = default.
     */
    public Structs.TopicDetails createTopic(Identifier stream, String name, long partitionsCount,
                                            int compressionAlgorithm, long messageExpiryUs, long maxTopicSizeBytes,
                                            int replicationFactor) {
        return one(call(new Requests.CreateTopic(stream, partitionsCount, compressionAlgorithm, messageExpiryUs,
                maxTopicSizeBytes, replicationFactor, name)), Structs.TopicDetails::decode);
    }

    /** A topic with defaults: no compression, server-default expiry and size. */
    public Structs.TopicDetails createTopic(Identifier stream, String name, long partitionsCount) {
        return createTopic(stream, name, partitionsCount, Codes.CompressionAlgorithm.NONE, 0, 0, 0);
    }

    public Structs.TopicDetails getTopic(Identifier stream, Identifier topic) {
        return optional(call(new Requests.GetTopic(stream, topic)), Structs.TopicDetails::decode);
    }

    public List<Structs.TopicHeader> getTopics(Identifier stream) {
        return list(call(new Requests.GetTopics(stream)), Structs.TopicHeader::decode);
    }

    public void updateTopic(Identifier stream, Identifier topic, String name, int compressionAlgorithm,
                            long messageExpiryUs, long maxTopicSizeBytes, int replicationFactor) {
        call(new Requests.UpdateTopic(stream, topic, compressionAlgorithm, messageExpiryUs, maxTopicSizeBytes,
                replicationFactor, name));
    }

    public void deleteTopic(Identifier stream, Identifier topic) {
        call(new Requests.DeleteTopic(stream, topic));
    }

    public void purgeTopic(Identifier stream, Identifier topic) {
        call(new Requests.PurgeTopic(stream, topic));
    }

    // --- partitions and segments ---------------------------------------------------------------------------

    public void createPartitions(Identifier stream, Identifier topic, long partitionsCount) {
        call(new Requests.CreatePartitions(stream, topic, partitionsCount));
    }

    public void deletePartitions(Identifier stream, Identifier topic, long partitionsCount) {
        call(new Requests.DeletePartitions(stream, topic, partitionsCount));
    }

    public void deleteSegments(Identifier stream, Identifier topic, long partitionId, long segmentsCount) {
        call(new Requests.DeleteSegments(stream, topic, partitionId, segmentsCount));
    }

    // --- messages ------------------------------------------------------------------------------------------

    /**
     * Appends messages to one partition (chosen by {@code partitioning}; null = balanced). The payload arrays are
     * copied once, into the request frame. If the connection breaks before the answer, this raises
     * {@link OutcomeUnknownException}: the batch may or may not be stored, and it is not resent.
     */
    public void sendMessages(Identifier stream, Identifier topic, Partitioning partitioning, List<Message> messages) {
        Partitioning p = partitioning != null ? partitioning : Partitioning.balanced();
        long nowUs = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
        lock.lock();  // the frame buffer is reused: encode and exchange under the one lock
        try {
            WireWriter w = SendMessagesFrame.encode(sendFrame, stream, topic, p.kind(), p.valueRef(), messages,
                    nowUs);
            sendFrame = w.array().length <= MAX_RETAINED_SEND_FRAME_BYTES ? w : null;
            exchange(Codes.Command.SEND_MESSAGES, w.array(), w.position());
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
        return PolledMessages.parse(body);
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
        call(new Requests.StoreConsumerOffset(wire(consumer), stream, topic, partitionId, offset));
    }

    public void deleteConsumerOffset(Consumer consumer, Identifier stream, Identifier topic, Long partitionId) {
        call(new Requests.DeleteConsumerOffset(wire(consumer), stream, topic, partitionId));
    }

    // --- consumer groups -----------------------------------------------------------------------------------

    public Structs.GroupHeader createConsumerGroup(Identifier stream, Identifier topic, String name) {
        return one(call(new Requests.CreateConsumerGroup(stream, topic, name)), Structs.GroupHeader::decode);
    }

    public Structs.GroupDetails getConsumerGroup(Identifier stream, Identifier topic, Identifier group) {
        return optional(call(new Requests.GetConsumerGroup(stream, topic, group)), Structs.GroupDetails::decode);
    }

    public List<Structs.GroupHeader> getConsumerGroups(Identifier stream, Identifier topic) {
        return list(call(new Requests.GetConsumerGroups(stream, topic)), Structs.GroupHeader::decode);
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

    @Override
    public String toString() {
        return "IggyClient(" + config + ")";
    }
}
