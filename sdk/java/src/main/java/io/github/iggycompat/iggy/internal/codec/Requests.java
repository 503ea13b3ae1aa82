// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy.internal.codec;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.ProtocolVersion;
import io.github.iggycompat.iggy.model.Permissions;
import io.github.iggycompat.iggy.model.Primitives;
import io.github.iggycompat.iggy.model.Structs;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/** One request record per command of Iggy 0.8 and 0.9 (spec/commands.toml), and inline responses. */
public final class Requests {
    private Requests() {}

    /** A command's request payload; the frame adds its header (0.8: {@code length u32 | code u32}). */
    public sealed interface Request permits
            Ping,
            GetStats,
            GetSnapshot,
            GetClusterMetadata,
            DescribeOptions,
            GetMe,
            GetClient,
            GetClients,
            GetUser,
            GetUsers,
            CreateUser,
            DeleteUser,
            UpdateUser,
            UpdatePermissions,
            ChangePassword,
            LoginUser,
            LogoutUser,
            LoginRegister,
            GetPersonalAccessTokens,
            CreatePersonalAccessToken,
            DeletePersonalAccessToken,
            LoginWithPersonalAccessToken,
            LoginRegisterWithPat,
            PollMessages,
            SendMessages,
            FlushUnsavedBuffer,
            GetConsumerOffset,
            StoreConsumerOffset,
            DeleteConsumerOffset,
            GetStream,
            GetStreams,
            CreateStream,
            DeleteStream,
            UpdateStream,
            PurgeStream,
            GetTopic,
            GetTopics,
            CreateTopic,
            DeleteTopic,
            UpdateTopic,
            PurgeTopic,
            CreatePartitions,
            DeletePartitions,
            DeleteSegments,
            GetConsumerGroup,
            GetConsumerGroups,
            CreateConsumerGroup,
            DeleteConsumerGroup,
            JoinConsumerGroup,
            LeaveConsumerGroup,
            SyncConsumerGroup {
        int code();

        void encode(WireWriter w);

        /** The text of the field that names an error param (commands.toml error_param), or null: what an
         * error's {@code <param>} placeholder becomes when this request failed. */
        default String errorParam(String param) {
            return null;
        }
    }

    /** Liveness check and heartbeat; refreshes the client's last heartbeat. */
    public record Ping() implements Request {
        public int code() { return Codes.Command.PING; }

        public static Ping decode(WireReader r) {
            return new Ping();
        }

        public void encode(WireWriter w) {
        }
    }

    /** Server statistics. */
    public record GetStats() implements Request {
        public int code() { return Codes.Command.GET_STATS; }

        public static GetStats decode(WireReader r) {
            return new GetStats();
        }

        public void encode(WireWriter w) {
        }
    }

    /** Diagnostic snapshot of the server as a ZIP file. */
    public record GetSnapshot(int compression, List<Integer> snapshotTypes) implements Request {
        public GetSnapshot {
            snapshotTypes = List.copyOf(snapshotTypes);
        }

        /** Number of snapshot types that follow. */
        public int typesCount() { return snapshotTypes.size(); }

        public int code() { return Codes.Command.GET_SNAPSHOT; }

        public static GetSnapshot decode(WireReader r) {
            int _compression = r.u8();
            int _typesCount = r.u8();
            int _snapshotTypesN = r.count(_typesCount, 1);
            List<Integer> _snapshotTypes = new ArrayList<>(_snapshotTypesN);
            for (int i = 0; i < _snapshotTypesN; i++) { _snapshotTypes.add(r.u8()); }
            return new GetSnapshot(_compression, _snapshotTypes);
        }

        public void encode(WireWriter w) {
            w.u8(compression);
            w.u8(snapshotTypes.size());
            for (Integer e : snapshotTypes) { w.u8(e); }
        }
    }

    /** The answer to GetSnapshot. */
    public record GetSnapshotResponse(byte[] data) {
        public static GetSnapshotResponse decode(WireReader r) {
            byte[] _data = r.rest();
            return new GetSnapshotResponse(_data);
        }

        public void encode(WireWriter w) {
            w.bytes(data);
        }
    }

    /** Cluster topology; the official clients send it right after every login. */
    public record GetClusterMetadata() implements Request {
        public int code() { return Codes.Command.GET_CLUSTER_METADATA; }

        public static GetClusterMetadata decode(WireReader r) {
            return new GetClusterMetadata();
        }

        public void encode(WireWriter w) {
        }
    }

    /** The option catalog of a scope: each key with its kind, default and description (streams and users have none). (protocol 0.9) */
    public record DescribeOptions(int scope) implements Request {
        public int code() { return Codes.Command.DESCRIBE_OPTIONS; }

        public static DescribeOptions decode(WireReader r) {
            int _scope = r.u8();
            return new DescribeOptions(_scope);
        }

        public void encode(WireWriter w) {
            w.u8(scope);
        }
    }

    /** The answer to DescribeOptions. */
    public record DescribeOptionsResponse(List<Structs.OptionDescriptor> entries) {
        public DescribeOptionsResponse {
            entries = List.copyOf(entries);
        }

        /** Number of catalog entries. */
        public long entriesCount() { return entries.size(); }

        public static DescribeOptionsResponse decode(WireReader r) {
            long _entriesCount = r.u32();
            int _entriesN = r.count(_entriesCount, 7);
            List<Structs.OptionDescriptor> _entries = new ArrayList<>(_entriesN);
            for (int i = 0; i < _entriesN; i++) { _entries.add(Structs.OptionDescriptor.decode(r)); }
            return new DescribeOptionsResponse(_entries);
        }

        public void encode(WireWriter w) {
            w.u32(entries.size());
            for (Structs.OptionDescriptor e : entries) { e.encode(w); }
        }
    }

    /** The caller's own client session (unknown session: 100 ClientNotFound). */
    public record GetMe() implements Request {
        public int code() { return Codes.Command.GET_ME; }

        public static GetMe decode(WireReader r) {
            return new GetMe();
        }

        public void encode(WireWriter w) {
        }
    }

    /** One client session by id. */
    public record GetClient(long clientId) implements Request {
        public int code() { return Codes.Command.GET_CLIENT; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "client": return ParamText.of(clientId);
                default: return null;
            }
        }

        public static GetClient decode(WireReader r) {
            long _clientId = r.u32();
            return new GetClient(_clientId);
        }

        public void encode(WireWriter w) {
            w.u32(clientId);
        }
    }

    /** Every connected client, including unauthenticated ones. */
    public record GetClients() implements Request {
        public int code() { return Codes.Command.GET_CLIENTS; }

        public static GetClients decode(WireReader r) {
            return new GetClients();
        }

        public void encode(WireWriter w) {
        }
    }

    /** One user with permissions. */
    public record GetUser(Identifier userId) implements Request {
        public int code() { return Codes.Command.GET_USER; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "user": case "key": return ParamText.of(userId);
                default: return null;
            }
        }

        public static GetUser decode(WireReader r) {
            Identifier _userId = r.identifier();
            return new GetUser(_userId);
        }

        public void encode(WireWriter w) {
            w.identifier(userId);
        }
    }

    /** Every user, ordered by id. */
    public record GetUsers() implements Request {
        public int code() { return Codes.Command.GET_USERS; }

        public static GetUsers decode(WireReader r) {
            return new GetUsers();
        }

        public void encode(WireWriter w) {
        }
    }

    /** Create a user; answers the new user. */
    public record CreateUser(String username, String password, int status, Permissions permissions, byte[] options) implements Request {
        public int code() { return Codes.Command.CREATE_USER; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "name": return ParamText.of(username);
                default: return null;
            }
        }

        public static CreateUser decode(WireReader r) {
            String _username = r.name();
            String _password = r.password();
            int _status = r.u8();
            int _hasPermissions = r.flag();
            int _permissionsLenAt = 0;
            long _permissionsLen = 0;
            if (_hasPermissions == 1) {
                _permissionsLen = r.u32();
                _permissionsLenAt = r.position();
            }
            Permissions _permissions = null;
            if (_hasPermissions == 1) {
                _permissions = PermissionsCodec.decode(r);
                r.expectSpan(_permissionsLenAt, _permissionsLen, "CreateUser.permissions_len");
            }
            byte[] _options = new byte[0];
            if (r.version().atLeast(ProtocolVersion.V0_9)) {
                _options = r.rest();
            }
            return new CreateUser(_username, _password, _status, _permissions, _options);
        }

        public void encode(WireWriter w) {
            w.name(username);
            w.password(password);
            w.u8(status);
            w.u8((permissions != null ? 1 : 0));
            int permissionsLenAt = 0;
            if ((permissions != null ? 1 : 0) == 1) {
                permissionsLenAt = w.reserveU32();
            }
            if ((permissions != null ? 1 : 0) == 1) {
                PermissionsCodec.encode(w, permissions);
                w.patchSpan(permissionsLenAt);
            }
            if (w.version().atLeast(ProtocolVersion.V0_9)) {
                w.bytes(options);
            }
        }
    }

    /** Delete a user (root answers 48; unknown answers 20). */
    public record DeleteUser(Identifier userId) implements Request {
        public int code() { return Codes.Command.DELETE_USER; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "user": case "key": return ParamText.of(userId);
                default: return null;
            }
        }

        public static DeleteUser decode(WireReader r) {
            Identifier _userId = r.identifier();
            return new DeleteUser(_userId);
        }

        public void encode(WireWriter w) {
            w.identifier(userId);
        }
    }

    /** Rename a user and/or change its status. */
    public record UpdateUser(Identifier userId, String username, Integer status, byte[] options) implements Request {
        public int code() { return Codes.Command.UPDATE_USER; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "user": case "key": return ParamText.of(userId);
                case "name": return ParamText.of(username);
                default: return null;
            }
        }

        public static UpdateUser decode(WireReader r) {
            Identifier _userId = r.identifier();
            int _hasUsername = r.flag();
            String _username = null;
            if (_hasUsername == 1) {
                _username = r.name();
            }
            int _hasStatus = r.flag();
            Integer _status = null;
            if (_hasStatus == 1) {
                _status = r.u8();
            }
            byte[] _options = new byte[0];
            if (r.version().atLeast(ProtocolVersion.V0_9)) {
                _options = r.rest();
            }
            return new UpdateUser(_userId, _username, _status, _options);
        }

        public void encode(WireWriter w) {
            w.identifier(userId);
            w.u8((username != null ? 1 : 0));
            if ((username != null ? 1 : 0) == 1) {
                w.name(username);
            }
            w.u8((status != null ? 1 : 0));
            if ((status != null ? 1 : 0) == 1) {
                w.u8(status);
            }
            if (w.version().atLeast(ProtocolVersion.V0_9)) {
                w.bytes(options);
            }
        }
    }

    /** Replace a user's permissions (root answers 49). */
    public record UpdatePermissions(Identifier userId, Permissions permissions) implements Request {
        public int code() { return Codes.Command.UPDATE_PERMISSIONS; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "user": case "key": return ParamText.of(userId);
                default: return null;
            }
        }

        public static UpdatePermissions decode(WireReader r) {
            Identifier _userId = r.identifier();
            int _hasPermissions = r.flag();
            int _permissionsLenAt = 0;
            long _permissionsLen = 0;
            if (_hasPermissions == 1) {
                _permissionsLen = r.u32();
                _permissionsLenAt = r.position();
            }
            Permissions _permissions = null;
            if (_hasPermissions == 1) {
                _permissions = PermissionsCodec.decode(r);
                r.expectSpan(_permissionsLenAt, _permissionsLen, "UpdatePermissions.permissions_len");
            }
            return new UpdatePermissions(_userId, _permissions);
        }

        public void encode(WireWriter w) {
            w.identifier(userId);
            w.u8((permissions != null ? 1 : 0));
            int permissionsLenAt = 0;
            if ((permissions != null ? 1 : 0) == 1) {
                permissionsLenAt = w.reserveU32();
            }
            if ((permissions != null ? 1 : 0) == 1) {
                PermissionsCodec.encode(w, permissions);
                w.patchSpan(permissionsLenAt);
            }
        }
    }

    /** Change a password; a wrong current password answers 42. */
    public record ChangePassword(Identifier userId, String currentPassword, String newPassword) implements Request {
        public int code() { return Codes.Command.CHANGE_PASSWORD; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "user": case "key": return ParamText.of(userId);
                default: return null;
            }
        }

        public static ChangePassword decode(WireReader r) {
            Identifier _userId = r.identifier();
            String _currentPassword = r.password();
            String _newPassword = r.password();
            return new ChangePassword(_userId, _currentPassword, _newPassword);
        }

        public void encode(WireWriter w) {
            w.identifier(userId);
            w.password(currentPassword);
            w.password(newPassword);
        }
    }

    /** Log in with username and password (42 when wrong, 47 when inactive); replaces any previous login. (protocol 0.8) */
    public record LoginUser(String username, String password, String version, String context) implements Request {
        public int code() { return Codes.Command.LOGIN_USER; }

        public static LoginUser decode(WireReader r) {
            String _username = r.name();
            String _password = r.password();
            String _version = r.string32();
            String _context = r.string32();
            return new LoginUser(_username, _password, _version, _context);
        }

        public void encode(WireWriter w) {
            w.name(username);
            w.password(password);
            w.string32(version);
            w.string32(context);
        }
    }

    /** The answer to LoginUser. */
    public record LoginUserResponse(long userId) {
        public static LoginUserResponse decode(WireReader r) {
            long _userId = r.u32();
            return new LoginUserResponse(_userId);
        }

        public void encode(WireWriter w) {
            w.u32(userId);
        }
    }

    /** Log out; the connection stays open and unauthenticated. */
    public record LogoutUser() implements Request {
        public int code() { return Codes.Command.LOGOUT_USER; }

        public static LogoutUser decode(WireReader r) {
            return new LogoutUser();
        }

        public void encode(WireWriter w) {
        }
    }

    /** Log in with username and password and register a session (wrong credentials: eviction InvalidCredentials; inactive user: UserInactive). The code is not on the wire: operation Register carries it, and the server tries this shape before LoginRegisterWithPat's. (protocol 0.9) */
    public record LoginRegister(long protocolVersion, String sdkName, String sdkVersion, String username, String password, String context) implements Request {
        public int code() { return Codes.Command.LOGIN_REGISTER; }

        public static LoginRegister decode(WireReader r) {
            long _protocolVersion = r.u32();
            String _sdkName = r.name();
            String _sdkVersion = r.name();
            String _username = r.name();
            String _password = r.password();
            String _context = r.string32();
            return new LoginRegister(_protocolVersion, _sdkName, _sdkVersion, _username, _password, _context);
        }

        public void encode(WireWriter w) {
            w.u32(protocolVersion);
            w.name(sdkName);
            w.name(sdkVersion);
            w.name(username);
            w.password(password);
            w.string32(context);
        }
    }

    /** The answer to LoginRegister. */
    public record LoginRegisterResponse(long userId, long session, long serverProtocolVersion, String serverVersion) {
        public static LoginRegisterResponse decode(WireReader r) {
            long _userId = r.u32();
            long _session = r.u64();
            long _serverProtocolVersion = r.u32();
            String _serverVersion = r.name();
            return new LoginRegisterResponse(_userId, _session, _serverProtocolVersion, _serverVersion);
        }

        public void encode(WireWriter w) {
            w.u32(userId);
            w.u64(session);
            w.u32(serverProtocolVersion);
            w.name(serverVersion);
        }
    }

    /** The caller's personal access tokens, without secrets. */
    public record GetPersonalAccessTokens() implements Request {
        public int code() { return Codes.Command.GET_PERSONAL_ACCESS_TOKENS; }

        public static GetPersonalAccessTokens decode(WireReader r) {
            return new GetPersonalAccessTokens();
        }

        public void encode(WireWriter w) {
        }
    }

    /** Create a personal access token; the secret is returned once. */
    public record CreatePersonalAccessToken(String name, long expiry) implements Request {
        public int code() { return Codes.Command.CREATE_PERSONAL_ACCESS_TOKEN; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "name": return ParamText.of(name);
                default: return null;
            }
        }

        public static CreatePersonalAccessToken decode(WireReader r) {
            String _name = r.name();
            long _expiry = r.u64();
            return new CreatePersonalAccessToken(_name, _expiry);
        }

        public void encode(WireWriter w) {
            w.name(name);
            w.u64(expiry);
        }
    }

    /** The answer to CreatePersonalAccessToken. */
    public record CreatePersonalAccessTokenResponse(String token) {
        public static CreatePersonalAccessTokenResponse decode(WireReader r) {
            String _token = r.name();
            return new CreatePersonalAccessTokenResponse(_token);
        }

        public void encode(WireWriter w) {
            w.name(token);
        }
    }

    /** Delete one of the caller's tokens (unknown answers 20). */
    public record DeletePersonalAccessToken(String name) implements Request {
        public int code() { return Codes.Command.DELETE_PERSONAL_ACCESS_TOKEN; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "token": case "key": return ParamText.of(name);
                default: return null;
            }
        }

        public static DeletePersonalAccessToken decode(WireReader r) {
            String _name = r.name();
            return new DeletePersonalAccessToken(_name);
        }

        public void encode(WireWriter w) {
            w.name(name);
        }
    }

    /** Log in with a token secret (unknown answers 20, expired 54). (protocol 0.8) */
    public record LoginWithPersonalAccessToken(String token) implements Request {
        public int code() { return Codes.Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN; }

        public static LoginWithPersonalAccessToken decode(WireReader r) {
            String _token = r.name();
            return new LoginWithPersonalAccessToken(_token);
        }

        public void encode(WireWriter w) {
            w.name(token);
        }
    }

    /** The answer to LoginWithPersonalAccessToken. */
    public record LoginWithPersonalAccessTokenResponse(long userId) {
        public static LoginWithPersonalAccessTokenResponse decode(WireReader r) {
            long _userId = r.u32();
            return new LoginWithPersonalAccessTokenResponse(_userId);
        }

        public void encode(WireWriter w) {
            w.u32(userId);
        }
    }

    /** Log in with a personal access token and register a session (unknown or expired token: eviction InvalidToken). (protocol 0.9) */
    public record LoginRegisterWithPat(long protocolVersion, String sdkName, String sdkVersion, String token, String context) implements Request {
        public int code() { return Codes.Command.LOGIN_REGISTER_WITH_PAT; }

        public static LoginRegisterWithPat decode(WireReader r) {
            long _protocolVersion = r.u32();
            String _sdkName = r.name();
            String _sdkVersion = r.name();
            String _token = r.name();
            String _context = r.string32();
            return new LoginRegisterWithPat(_protocolVersion, _sdkName, _sdkVersion, _token, _context);
        }

        public void encode(WireWriter w) {
            w.u32(protocolVersion);
            w.name(sdkName);
            w.name(sdkVersion);
            w.name(token);
            w.string32(context);
        }
    }

    /** The answer to LoginRegisterWithPat. */
    public record LoginRegisterWithPatResponse(long userId, long session, long serverProtocolVersion, String serverVersion) {
        public static LoginRegisterWithPatResponse decode(WireReader r) {
            long _userId = r.u32();
            long _session = r.u64();
            long _serverProtocolVersion = r.u32();
            String _serverVersion = r.name();
            return new LoginRegisterWithPatResponse(_userId, _session, _serverProtocolVersion, _serverVersion);
        }

        public void encode(WireWriter w) {
            w.u32(userId);
            w.u64(session);
            w.u32(serverProtocolVersion);
            w.name(serverVersion);
        }
    }

    /** Read messages from one partition; always answers at least the 16-byte prefix. */
    public record PollMessages(Primitives.Consumer consumer, Identifier streamId, Identifier topicId, Long partitionId, Primitives.PollingStrategy strategy, long count, boolean autoCommit) implements Request {
        public int code() { return Codes.Command.POLL_MESSAGES; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "consumer": return ParamText.of(consumer);
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "partition": return ParamText.of(partitionId);
                default: return null;
            }
        }

        public static PollMessages decode(WireReader r) {
            Primitives.Consumer _consumer = Primitives.Consumer.decode(r);
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            Long _partitionId = r.optionalPartition();
            Primitives.PollingStrategy _strategy = Primitives.PollingStrategy.decode(r);
            long _count = r.u32();
            boolean _autoCommit = r.bool();
            return new PollMessages(_consumer, _streamId, _topicId, _partitionId, _strategy, _count, _autoCommit);
        }

        public void encode(WireWriter w) {
            consumer.encode(w);
            w.identifier(streamId);
            w.identifier(topicId);
            w.optionalPartition(partitionId);
            strategy.encode(w);
            w.u32(count);
            w.bool(autoCommit);
        }
    }

    /** Append a batch of messages to one partition; the server assigns offsets, timestamps, ids and checksums. */
    public record SendMessages(Identifier streamId, Identifier topicId, Primitives.Partitioning partitioning, List<Primitives.Message> messages, Primitives.MessageBatch batch) implements Request {
        public SendMessages {
            messages = List.copyOf(messages);
        }

        public int code() { return Codes.Command.SEND_MESSAGES; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "partition": return ParamText.of(partitioning);
                default: return null;
            }
        }

        public static SendMessages decode(WireReader r) {
            int _metadataLengthAt = 0;
            long _metadataLength = r.u32();
            _metadataLengthAt = r.position();
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            Primitives.Partitioning _partitioning = Primitives.Partitioning.decode(r);
            long _messagesCount = r.u32();
            r.expectSpan(_metadataLengthAt, _metadataLength, "SendMessages.metadata_length");
            List<Primitives.Message> _messages = List.of();
            if (r.version().atMost(ProtocolVersion.V0_8)) {
                r.skip(r.count(_messagesCount, 16) * 16);
                int _messagesN = r.count(_messagesCount, 64);
                _messages = new ArrayList<>(_messagesN);
                for (int i = 0; i < _messagesN; i++) { _messages.add(Primitives.Message.decode(r)); }
            }
            Primitives.MessageBatch _batch = null;
            if (r.version().atLeast(ProtocolVersion.V0_9)) {
                _batch = Primitives.MessageBatch.decode(r);
                r.expectCount(_messagesCount, _batch.frames().size(), "SendMessages.messages_count");
            }
            return new SendMessages(_streamId, _topicId, _partitioning, _messages, _batch);
        }

        public void encode(WireWriter w) {
            int metadataLengthAt = 0;
            metadataLengthAt = w.reserveU32();
            w.identifier(streamId);
            w.identifier(topicId);
            partitioning.encode(w);
            w.u32((w.version().atMost(ProtocolVersion.V0_8) ? messages.size() : batch.frames().size()));
            w.patchSpan(metadataLengthAt);
            if (w.version().atMost(ProtocolVersion.V0_8)) {
                int indexesAt = w.position();
                w.zeros(16 * messages.size());
                int messagesStart = w.position();
                int messagesI = 0;
                for (Primitives.Message e : messages) {
                    e.encode(w);
                    w.putU32At(indexesAt + messagesI++ * Layout.INDEX_SIZE + Layout.INDEX_POSITION_OFFSET, w.position() - messagesStart);
                }
            }
            if (w.version().atLeast(ProtocolVersion.V0_9)) {
                batch.encode(w);
            }
        }
    }

    /** The answer to SendMessages. */
    public record SendMessagesResponse(List<Structs.SendConfirmation> confirmations) {
        public SendMessagesResponse {
            confirmations = List.copyOf(confirmations);
        }

        /** Number of confirmations (1 from a single node; 0 = committed, nothing reported). */
        public long confirmationsCount() { return confirmations.size(); }

        public static SendMessagesResponse decode(WireReader r) {
            long _confirmationsCount = 0L;
            List<Structs.SendConfirmation> _confirmations = List.of();
            if (r.version().atLeast(ProtocolVersion.V0_9)) {
                _confirmationsCount = r.u32();
                int _confirmationsN = r.count(_confirmationsCount, 20);
                _confirmations = new ArrayList<>(_confirmationsN);
                for (int i = 0; i < _confirmationsN; i++) { _confirmations.add(Structs.SendConfirmation.decode(r)); }
            }
            return new SendMessagesResponse(_confirmations);
        }

        public void encode(WireWriter w) {
            if (w.version().atLeast(ProtocolVersion.V0_9)) {
                w.u32(confirmations.size());
                for (Structs.SendConfirmation e : confirmations) { e.encode(w); }
            }
        }
    }

    /** Write a partition's buffered messages to disk. */
    public record FlushUnsavedBuffer(Identifier streamId, Identifier topicId, long partitionId, boolean fsync) implements Request {
        public int code() { return Codes.Command.FLUSH_UNSAVED_BUFFER; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "partition": return ParamText.of(partitionId);
                default: return null;
            }
        }

        public static FlushUnsavedBuffer decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            long _partitionId = r.u32();
            boolean _fsync = r.bool();
            return new FlushUnsavedBuffer(_streamId, _topicId, _partitionId, _fsync);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
            w.u32(partitionId);
            w.bool(fsync);
        }
    }

    /** The stored offset of a consumer or group; every lookup failure answers an empty OK. */
    public record GetConsumerOffset(Primitives.Consumer consumer, Identifier streamId, Identifier topicId, Long partitionId) implements Request {
        public int code() { return Codes.Command.GET_CONSUMER_OFFSET; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "consumer": return ParamText.of(consumer);
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "partition": return ParamText.of(partitionId);
                default: return null;
            }
        }

        public static GetConsumerOffset decode(WireReader r) {
            Primitives.Consumer _consumer = Primitives.Consumer.decode(r);
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            Long _partitionId = r.optionalPartition();
            return new GetConsumerOffset(_consumer, _streamId, _topicId, _partitionId);
        }

        public void encode(WireWriter w) {
            consumer.encode(w);
            w.identifier(streamId);
            w.identifier(topicId);
            w.optionalPartition(partitionId);
        }
    }

    /** Store a consumer's offset (beyond the partition's last offset answers 4100). */
    public record StoreConsumerOffset(Primitives.Consumer consumer, Identifier streamId, Identifier topicId, Long partitionId, long offset, int ack) implements Request {
        public int code() { return Codes.Command.STORE_CONSUMER_OFFSET; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "consumer": return ParamText.of(consumer);
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "partition": return ParamText.of(partitionId);
                case "offset": return ParamText.of(offset);
                default: return null;
            }
        }

        public static StoreConsumerOffset decode(WireReader r) {
            Primitives.Consumer _consumer = Primitives.Consumer.decode(r);
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            Long _partitionId = r.optionalPartition();
            long _offset = r.u64();
            int _ack = 1;
            if (r.version().atLeast(ProtocolVersion.V0_9)) {
                _ack = r.u8();
            }
            return new StoreConsumerOffset(_consumer, _streamId, _topicId, _partitionId, _offset, _ack);
        }

        public void encode(WireWriter w) {
            consumer.encode(w);
            w.identifier(streamId);
            w.identifier(topicId);
            w.optionalPartition(partitionId);
            w.u64(offset);
            if (w.version().atLeast(ProtocolVersion.V0_9)) {
                w.u8(ack);
            }
        }
    }

    /** Forget a consumer's stored offset (nothing stored answers 3021). */
    public record DeleteConsumerOffset(Primitives.Consumer consumer, Identifier streamId, Identifier topicId, Long partitionId, int ack) implements Request {
        public int code() { return Codes.Command.DELETE_CONSUMER_OFFSET; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "consumer": return ParamText.of(consumer);
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "partition": return ParamText.of(partitionId);
                default: return null;
            }
        }

        public static DeleteConsumerOffset decode(WireReader r) {
            Primitives.Consumer _consumer = Primitives.Consumer.decode(r);
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            Long _partitionId = r.optionalPartition();
            int _ack = 1;
            if (r.version().atLeast(ProtocolVersion.V0_9)) {
                _ack = r.u8();
            }
            return new DeleteConsumerOffset(_consumer, _streamId, _topicId, _partitionId, _ack);
        }

        public void encode(WireWriter w) {
            consumer.encode(w);
            w.identifier(streamId);
            w.identifier(topicId);
            w.optionalPartition(partitionId);
            if (w.version().atLeast(ProtocolVersion.V0_9)) {
                w.u8(ack);
            }
        }
    }

    /** One stream with its topics. */
    public record GetStream(Identifier streamId) implements Request {
        public int code() { return Codes.Command.GET_STREAM; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                default: return null;
            }
        }

        public static GetStream decode(WireReader r) {
            Identifier _streamId = r.identifier();
            return new GetStream(_streamId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
        }
    }

    /** Every stream, sorted by id. */
    public record GetStreams() implements Request {
        public int code() { return Codes.Command.GET_STREAMS; }

        public static GetStreams decode(WireReader r) {
            return new GetStreams();
        }

        public void encode(WireWriter w) {
        }
    }

    /** Create a stream (ids are server-assigned); a taken name answers 1012. */
    public record CreateStream(String name, byte[] options) implements Request {
        public int code() { return Codes.Command.CREATE_STREAM; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "name": return ParamText.of(name);
                default: return null;
            }
        }

        public static CreateStream decode(WireReader r) {
            String _name = r.name();
            byte[] _options = new byte[0];
            if (r.version().atLeast(ProtocolVersion.V0_9)) {
                _options = r.rest();
            }
            return new CreateStream(_name, _options);
        }

        public void encode(WireWriter w) {
            w.name(name);
            if (w.version().atLeast(ProtocolVersion.V0_9)) {
                w.bytes(options);
            }
        }
    }

    /** Delete a stream with all its topics and messages. */
    public record DeleteStream(Identifier streamId) implements Request {
        public int code() { return Codes.Command.DELETE_STREAM; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                default: return null;
            }
        }

        public static DeleteStream decode(WireReader r) {
            Identifier _streamId = r.identifier();
            return new DeleteStream(_streamId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
        }
    }

    /** Rename a stream (another stream's name answers 1012). */
    public record UpdateStream(Identifier streamId, String name, byte[] options) implements Request {
        public int code() { return Codes.Command.UPDATE_STREAM; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "name": return ParamText.of(name);
                default: return null;
            }
        }

        public static UpdateStream decode(WireReader r) {
            Identifier _streamId = r.identifier();
            String _name = r.name();
            byte[] _options = new byte[0];
            if (r.version().atLeast(ProtocolVersion.V0_9)) {
                _options = r.rest();
            }
            return new UpdateStream(_streamId, _name, _options);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.name(name);
            if (w.version().atLeast(ProtocolVersion.V0_9)) {
                w.bytes(options);
            }
        }
    }

    /** Delete every message of every topic of a stream, keeping the topics. */
    public record PurgeStream(Identifier streamId) implements Request {
        public int code() { return Codes.Command.PURGE_STREAM; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                default: return null;
            }
        }

        public static PurgeStream decode(WireReader r) {
            Identifier _streamId = r.identifier();
            return new PurgeStream(_streamId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
        }
    }

    /** One topic with its partitions. */
    public record GetTopic(Identifier streamId, Identifier topicId) implements Request {
        public int code() { return Codes.Command.GET_TOPIC; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                default: return null;
            }
        }

        public static GetTopic decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            return new GetTopic(_streamId, _topicId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
        }
    }

    /** Every topic of a stream, sorted by id; empty if the stream does not exist. */
    public record GetTopics(Identifier streamId) implements Request {
        public int code() { return Codes.Command.GET_TOPICS; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                default: return null;
            }
        }

        public static GetTopics decode(WireReader r) {
            Identifier _streamId = r.identifier();
            return new GetTopics(_streamId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
        }
    }

    /** Create a topic with its partitions; a taken name answers 2013. */
    public record CreateTopic(Identifier streamId, long partitionsCount, int compressionAlgorithm, long messageExpiry, long maxTopicSize, int replicationFactor, String name, byte[] options) implements Request {
        public int code() { return Codes.Command.CREATE_TOPIC; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "name": return ParamText.of(name);
                default: return null;
            }
        }

        public static CreateTopic decode(WireReader r) {
            Identifier _streamId = r.identifier();
            long _partitionsCount = r.u32();
            int _compressionAlgorithm = 0;
            long _messageExpiry = 0L;
            long _maxTopicSize = 0L;
            int _replicationFactor = 0;
            if (r.version().atMost(ProtocolVersion.V0_8)) {
                _compressionAlgorithm = r.u8();
                _messageExpiry = r.u64();
                _maxTopicSize = r.u64();
                _replicationFactor = r.u8();
            }
            String _name = r.name();
            byte[] _options = new byte[0];
            if (r.version().atLeast(ProtocolVersion.V0_9)) {
                _options = r.rest();
            }
            return new CreateTopic(_streamId, _partitionsCount, _compressionAlgorithm, _messageExpiry, _maxTopicSize, _replicationFactor, _name, _options);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.u32(partitionsCount);
            if (w.version().atMost(ProtocolVersion.V0_8)) {
                w.u8(compressionAlgorithm);
                w.u64(messageExpiry);
                w.u64(maxTopicSize);
                w.u8(replicationFactor);
            }
            w.name(name);
            if (w.version().atLeast(ProtocolVersion.V0_9)) {
                w.bytes(options);
            }
        }
    }

    /** Delete a topic with its messages. */
    public record DeleteTopic(Identifier streamId, Identifier topicId) implements Request {
        public int code() { return Codes.Command.DELETE_TOPIC; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                default: return null;
            }
        }

        public static DeleteTopic decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            return new DeleteTopic(_streamId, _topicId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
        }
    }

    /** Change a topic's settings and name (the name comes last). */
    public record UpdateTopic(Identifier streamId, Identifier topicId, int compressionAlgorithm, long messageExpiry, long maxTopicSize, int replicationFactor, String name, byte[] options) implements Request {
        public int code() { return Codes.Command.UPDATE_TOPIC; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "name": return ParamText.of(name);
                default: return null;
            }
        }

        public static UpdateTopic decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            int _compressionAlgorithm = 0;
            long _messageExpiry = 0L;
            long _maxTopicSize = 0L;
            int _replicationFactor = 0;
            if (r.version().atMost(ProtocolVersion.V0_8)) {
                _compressionAlgorithm = r.u8();
                _messageExpiry = r.u64();
                _maxTopicSize = r.u64();
                _replicationFactor = r.u8();
            }
            String _name = r.name();
            byte[] _options = new byte[0];
            if (r.version().atLeast(ProtocolVersion.V0_9)) {
                _options = r.rest();
            }
            return new UpdateTopic(_streamId, _topicId, _compressionAlgorithm, _messageExpiry, _maxTopicSize, _replicationFactor, _name, _options);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
            if (w.version().atMost(ProtocolVersion.V0_8)) {
                w.u8(compressionAlgorithm);
                w.u64(messageExpiry);
                w.u64(maxTopicSize);
                w.u8(replicationFactor);
            }
            w.name(name);
            if (w.version().atLeast(ProtocolVersion.V0_9)) {
                w.bytes(options);
            }
        }
    }

    /** Delete every message of a topic, keeping its partitions. */
    public record PurgeTopic(Identifier streamId, Identifier topicId) implements Request {
        public int code() { return Codes.Command.PURGE_TOPIC; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                default: return null;
            }
        }

        public static PurgeTopic decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            return new PurgeTopic(_streamId, _topicId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
        }
    }

    /** Append partitions to a topic (new ids follow the highest). */
    public record CreatePartitions(Identifier streamId, Identifier topicId, long partitionsCount) implements Request {
        public int code() { return Codes.Command.CREATE_PARTITIONS; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                default: return null;
            }
        }

        public static CreatePartitions decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            long _partitionsCount = r.u32();
            return new CreatePartitions(_streamId, _topicId, _partitionsCount);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
            w.u32(partitionsCount);
        }
    }

    /** Remove the highest-numbered partitions of a topic. */
    public record DeletePartitions(Identifier streamId, Identifier topicId, long partitionsCount) implements Request {
        public int code() { return Codes.Command.DELETE_PARTITIONS; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                default: return null;
            }
        }

        public static DeletePartitions decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            long _partitionsCount = r.u32();
            return new DeletePartitions(_streamId, _topicId, _partitionsCount);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
            w.u32(partitionsCount);
        }
    }

    /** Delete the oldest segments of a partition. */
    public record DeleteSegments(Identifier streamId, Identifier topicId, long partitionId, long segmentsCount) implements Request {
        public int code() { return Codes.Command.DELETE_SEGMENTS; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "partition": return ParamText.of(partitionId);
                default: return null;
            }
        }

        public static DeleteSegments decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            long _partitionId = r.u32();
            long _segmentsCount = r.u32();
            return new DeleteSegments(_streamId, _topicId, _partitionId, _segmentsCount);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
            w.u32(partitionId);
            w.u32(segmentsCount);
        }
    }

    /** One consumer group with its members and their partitions. */
    public record GetConsumerGroup(Identifier streamId, Identifier topicId, Identifier groupId) implements Request {
        public int code() { return Codes.Command.GET_CONSUMER_GROUP; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "group": return ParamText.of(groupId);
                default: return null;
            }
        }

        public static GetConsumerGroup decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            Identifier _groupId = r.identifier();
            return new GetConsumerGroup(_streamId, _topicId, _groupId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
            w.identifier(groupId);
        }
    }

    /** Every consumer group of a topic. */
    public record GetConsumerGroups(Identifier streamId, Identifier topicId) implements Request {
        public int code() { return Codes.Command.GET_CONSUMER_GROUPS; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                default: return null;
            }
        }

        public static GetConsumerGroups decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            return new GetConsumerGroups(_streamId, _topicId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
        }
    }

    /** Create a consumer group over the topic's current partitions; a taken name answers 5004. */
    public record CreateConsumerGroup(Identifier streamId, Identifier topicId, String name) implements Request {
        public int code() { return Codes.Command.CREATE_CONSUMER_GROUP; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "name": return ParamText.of(name);
                default: return null;
            }
        }

        public static CreateConsumerGroup decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            String _name = r.name();
            return new CreateConsumerGroup(_streamId, _topicId, _name);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
            w.name(name);
        }
    }

    /** Delete a consumer group. */
    public record DeleteConsumerGroup(Identifier streamId, Identifier topicId, Identifier groupId) implements Request {
        public int code() { return Codes.Command.DELETE_CONSUMER_GROUP; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "group": return ParamText.of(groupId);
                default: return null;
            }
        }

        public static DeleteConsumerGroup decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            Identifier _groupId = r.identifier();
            return new DeleteConsumerGroup(_streamId, _topicId, _groupId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
            w.identifier(groupId);
        }
    }

    /** Make the caller's connection a member (idempotent); read the assignment with GetConsumerGroup. */
    public record JoinConsumerGroup(Identifier streamId, Identifier topicId, Identifier groupId) implements Request {
        public int code() { return Codes.Command.JOIN_CONSUMER_GROUP; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "group": return ParamText.of(groupId);
                default: return null;
            }
        }

        public static JoinConsumerGroup decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            Identifier _groupId = r.identifier();
            return new JoinConsumerGroup(_streamId, _topicId, _groupId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
            w.identifier(groupId);
        }
    }

    /** Remove the caller's connection from a group (the group rebalances). */
    public record LeaveConsumerGroup(Identifier streamId, Identifier topicId, Identifier groupId) implements Request {
        public int code() { return Codes.Command.LEAVE_CONSUMER_GROUP; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "group": return ParamText.of(groupId);
                default: return null;
            }
        }

        public static LeaveConsumerGroup decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            Identifier _groupId = r.identifier();
            return new LeaveConsumerGroup(_streamId, _topicId, _groupId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
            w.identifier(groupId);
        }
    }

    /** The caller's partitions in a group at the group's current generation; an empty body when the caller is not a member. Members poll only these partitions and sync again when a poll is fenced. (protocol 0.9) */
    public record SyncConsumerGroup(Identifier streamId, Identifier topicId, Identifier groupId) implements Request {
        public int code() { return Codes.Command.SYNC_CONSUMER_GROUP; }

        @Override
        public String errorParam(String param) {
            switch (param) {
                case "stream": return ParamText.of(streamId);
                case "topic": return ParamText.of(topicId);
                case "group": return ParamText.of(groupId);
                default: return null;
            }
        }

        public static SyncConsumerGroup decode(WireReader r) {
            Identifier _streamId = r.identifier();
            Identifier _topicId = r.identifier();
            Identifier _groupId = r.identifier();
            return new SyncConsumerGroup(_streamId, _topicId, _groupId);
        }

        public void encode(WireWriter w) {
            w.identifier(streamId);
            w.identifier(topicId);
            w.identifier(groupId);
        }
    }

    /** The answer to SyncConsumerGroup. */
    public record SyncConsumerGroupResponse(long generation, List<Long> partitions) {
        public SyncConsumerGroupResponse {
            partitions = List.copyOf(partitions);
        }

        /** Number of partitions assigned to the caller. */
        public long partitionsCount() { return partitions.size(); }

        public static SyncConsumerGroupResponse decode(WireReader r) {
            long _generation = r.u64();
            long _partitionsCount = r.u32();
            int _partitionsN = r.count(_partitionsCount, 4);
            List<Long> _partitions = new ArrayList<>(_partitionsN);
            for (int i = 0; i < _partitionsN; i++) { _partitions.add(r.u32()); }
            return new SyncConsumerGroupResponse(_generation, _partitions);
        }

        public void encode(WireWriter w) {
            w.u64(generation);
            w.u32(partitions.size());
            for (Long e : partitions) { w.u32(e); }
        }
    }
}
