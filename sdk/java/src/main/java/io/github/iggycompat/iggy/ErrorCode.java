// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Every Iggy 0.8 and 0.9 error code with its name and the server's message text. */
public enum ErrorCode {
    ERROR(1, "Error", "Error", ErrorKind.INTERNAL, List.of()),
    INVALID_CONFIGURATION(2, "InvalidConfiguration", "Invalid configuration", ErrorKind.CONFIG, List.of()),
    INVALID_COMMAND(3, "InvalidCommand", "Invalid command", ErrorKind.UNSUPPORTED, List.of()),
    INVALID_FORMAT(4, "InvalidFormat", "Invalid format", ErrorKind.INVALID_INPUT, List.of()),
    FEATURE_UNAVAILABLE(5, "FeatureUnavailable", "Feature is unavailable", ErrorKind.UNSUPPORTED, List.of()),
    INVALID_IDENTIFIER(6, "InvalidIdentifier", "Invalid identifier", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_VERSION(7, "InvalidVersion", "Invalid version: …", ErrorKind.UNSUPPORTED, List.of("value")),
    DISCONNECTED(8, "Disconnected", "Disconnected", ErrorKind.UNAVAILABLE, List.of()),
    CANNOT_ESTABLISH_CONNECTION(9, "CannotEstablishConnection", "Cannot establish connection", ErrorKind.UNAVAILABLE, List.of()),
    CANNOT_CREATE_BASE_DIRECTORY(10, "CannotCreateBaseDirectory", "Cannot create base directory, Path: …", ErrorKind.INTERNAL, List.of("path")),
    CANNOT_CREATE_RUNTIME_DIRECTORY(11, "CannotCreateRuntimeDirectory", "Cannot create runtime directory, Path: …", ErrorKind.INTERNAL, List.of("path")),
    CANNOT_REMOVE_RUNTIME_DIRECTORY(12, "CannotRemoveRuntimeDirectory", "Cannot remove runtime directory, Path: …", ErrorKind.INTERNAL, List.of("path")),
    CANNOT_CREATE_STATE_DIRECTORY(13, "CannotCreateStateDirectory", "Cannot create state directory, Path: …", ErrorKind.INTERNAL, List.of("path")),
    STATE_FILE_NOT_FOUND(14, "StateFileNotFound", "State file not found", ErrorKind.INTERNAL, List.of()),
    STATE_FILE_CORRUPTED(15, "StateFileCorrupted", "State file corrupted", ErrorKind.INTERNAL, List.of()),
    INVALID_STATE_ENTRY_CHECKSUM(16, "InvalidStateEntryChecksum", "Invalid state entry checksum: …, expected: …, for index: …", ErrorKind.INTERNAL, List.of("value", "expected", "index")),
    CANNOT_OPEN_DATABASE(19, "CannotOpenDatabase", "Cannot open database, Path: …", ErrorKind.INTERNAL, List.of("path")),
    RESOURCE_NOT_FOUND(20, "ResourceNotFound", "Resource with key: … was not found.", ErrorKind.NOT_FOUND, List.of("key")),
    CANNOT_CLOSE_WEB_SOCKET_CONNECTION(21, "CannotCloseWebSocketConnection", "Cannot close WebSocket connection", ErrorKind.UNAVAILABLE, List.of()),
    STALE_CLIENT(30, "StaleClient", "Stale client", ErrorKind.SESSION, List.of()),
    TCP_ERROR(31, "TcpError", "TCP error", ErrorKind.UNAVAILABLE, List.of()),
    QUIC_ERROR(32, "QuicError", "QUIC error", ErrorKind.UNAVAILABLE, List.of()),
    INVALID_SERVER_ADDRESS(33, "InvalidServerAddress", "Invalid server address", ErrorKind.CONFIG, List.of()),
    INVALID_CLIENT_ADDRESS(34, "InvalidClientAddress", "Invalid client address", ErrorKind.CONFIG, List.of()),
    INVALID_IP_ADDRESS(35, "InvalidIpAddress", "Invalid IP address: …:…", ErrorKind.CONFIG, List.of("address", "port")),
    HTTP_ERROR(36, "HttpError", "Http error …", ErrorKind.UNAVAILABLE, List.of("reason")),
    INVALID_API_URL(37, "InvalidApiUrl", "Invalid API URL: …", ErrorKind.CONFIG, List.of("address")),
    UNAUTHENTICATED(40, "Unauthenticated", "Unauthenticated", ErrorKind.UNAUTHENTICATED, List.of()),
    UNAUTHORIZED(41, "Unauthorized", "Unauthorized", ErrorKind.UNAUTHORIZED, List.of()),
    INVALID_CREDENTIALS(42, "InvalidCredentials", "Invalid credentials", ErrorKind.INVALID_CREDENTIALS, List.of()),
    INVALID_USERNAME(43, "InvalidUsername", "Invalid username", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_PASSWORD(44, "InvalidPassword", "Invalid password", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_USER_STATUS(45, "InvalidUserStatus", "Invalid user status", ErrorKind.INVALID_INPUT, List.of()),
    USER_ALREADY_EXISTS(46, "UserAlreadyExists", "User already exists", ErrorKind.ALREADY_EXISTS, List.of()),
    USER_INACTIVE(47, "UserInactive", "User inactive", ErrorKind.INVALID_CREDENTIALS, List.of()),
    CANNOT_DELETE_USER(48, "CannotDeleteUser", "Cannot delete user with ID: …", ErrorKind.CONFLICT, List.of("user")),
    CANNOT_CHANGE_PERMISSIONS(49, "CannotChangePermissions", "Cannot change permissions for user with ID: …", ErrorKind.CONFLICT, List.of("user")),
    INVALID_PERSONAL_ACCESS_TOKEN_NAME(50, "InvalidPersonalAccessTokenName", "Invalid personal access token name", ErrorKind.INVALID_INPUT, List.of()),
    PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS(51, "PersonalAccessTokenAlreadyExists", "Personal access token: … for user with ID: … already exists", ErrorKind.ALREADY_EXISTS, List.of("name", "user")),
    PERSONAL_ACCESS_TOKENS_LIMIT_REACHED(52, "PersonalAccessTokensLimitReached", "User with ID: … has reached the maximum number of personal access tokens: …", ErrorKind.LIMIT_EXCEEDED, List.of("user", "limit")),
    INVALID_PERSONAL_ACCESS_TOKEN(53, "InvalidPersonalAccessToken", "Invalid personal access token", ErrorKind.INVALID_CREDENTIALS, List.of()),
    PERSONAL_ACCESS_TOKEN_EXPIRED(54, "PersonalAccessTokenExpired", "Personal access token: … for user with ID: … has expired.", ErrorKind.INVALID_CREDENTIALS, List.of("token", "user")),
    USERS_LIMIT_REACHED(55, "UsersLimitReached", "Users limit reached.", ErrorKind.LIMIT_EXCEEDED, List.of()),
    INVALID_PERSONAL_ACCESS_TOKEN_EXPIRY(56, "InvalidPersonalAccessTokenExpiry", "Invalid personal access token expiry", ErrorKind.INVALID_INPUT, List.of()),
    TRANSIENT_NOT_COMMITTED(57, "TransientNotCommitted", "Request transiently not committed; retry", ErrorKind.TRANSIENT, List.of()),
    TRANSIENT_NOT_ACCEPTED(58, "TransientNotAccepted", "Request transiently not accepted; retry, on any replica", ErrorKind.TRANSIENT, List.of()),
    REQUEST_ALREADY_APPLIED(59, "RequestAlreadyApplied", "Request already applied; its reply is no longer available", ErrorKind.SESSION, List.of()),
    NOT_CONNECTED(61, "NotConnected", "Not connected", ErrorKind.UNAVAILABLE, List.of()),
    CLIENT_SHUTDOWN(63, "ClientShutdown", "Client shutdown", ErrorKind.CLOSED, List.of()),
    INVALID_TLS_DOMAIN(64, "InvalidTlsDomain", "Invalid TLS domain", ErrorKind.CONFIG, List.of()),
    INVALID_TLS_CERTIFICATE_PATH(65, "InvalidTlsCertificatePath", "Invalid TLS certificate path", ErrorKind.CONFIG, List.of()),
    INVALID_TLS_CERTIFICATE(66, "InvalidTlsCertificate", "Invalid TLS certificate", ErrorKind.CONFIG, List.of()),
    FAILED_TO_ADD_CERTIFICATE(67, "FailedToAddCertificate", "Failed to add certificate", ErrorKind.CONFIG, List.of()),
    INVALID_ENCRYPTION_KEY(70, "InvalidEncryptionKey", "Invalid encryption key", ErrorKind.CONFIG, List.of()),
    CANNOT_ENCRYPT_DATA(71, "CannotEncryptData", "Cannot encrypt data", ErrorKind.INTERNAL, List.of()),
    CANNOT_DECRYPT_DATA(72, "CannotDecryptData", "Cannot decrypt data", ErrorKind.INTERNAL, List.of()),
    INVALID_JWT_ALGORITHM(73, "InvalidJwtAlgorithm", "Invalid JWT algorithm: …", ErrorKind.CONFIG, List.of("value")),
    INVALID_JWT_SECRET(74, "InvalidJwtSecret", "Invalid JWT secret", ErrorKind.CONFIG, List.of()),
    JWT_MISSING(75, "JwtMissing", "JWT is missing", ErrorKind.UNAUTHENTICATED, List.of()),
    CANNOT_GENERATE_JWT(76, "CannotGenerateJwt", "Cannot generate JWT", ErrorKind.INTERNAL, List.of()),
    ACCESS_TOKEN_MISSING(77, "AccessTokenMissing", "Access token is missing", ErrorKind.UNAUTHENTICATED, List.of()),
    INVALID_ACCESS_TOKEN(78, "InvalidAccessToken", "Invalid access token", ErrorKind.UNAUTHENTICATED, List.of()),
    CANNOT_FETCH_JWKS(79, "CannotFetchJwks", "Cannot fetch JWKS from URL: …", ErrorKind.UNAVAILABLE, List.of("address")),
    INVALID_SIZE_BYTES(80, "InvalidSizeBytes", "Invalid size bytes", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_UTF8(81, "InvalidUtf8", "Invalid UTF-8", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_NUMBER_ENCODING(82, "InvalidNumberEncoding", "Invalid number encoding", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_BOOLEAN_VALUE(83, "InvalidBooleanValue", "Invalid boolean value", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_NUMBER_VALUE(84, "InvalidNumberValue", "Invalid number value", ErrorKind.INVALID_INPUT, List.of()),
    CLIENT_NOT_FOUND(100, "ClientNotFound", "Client with ID: … was not found.", ErrorKind.NOT_FOUND, List.of("client")),
    INVALID_CLIENT_ID(101, "InvalidClientId", "Invalid client ID", ErrorKind.INVALID_INPUT, List.of()),
    CONNECTION_CLOSED(206, "ConnectionClosed", "Connection closed", ErrorKind.UNAVAILABLE, List.of()),
    CANNOT_PARSE_HEADER_KIND(209, "CannotParseHeaderKind", "Cannot parse header kind from …", ErrorKind.INVALID_INPUT, List.of("value")),
    HTTP_RESPONSE_ERROR(300, "HttpResponseError", "HTTP response error, status: …, body: …", ErrorKind.UNAVAILABLE, List.of("status", "reason")),
    INVALID_HTTP_REQUEST(301, "InvalidHttpRequest", "Invalid HTTP request", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_JSON_RESPONSE(302, "InvalidJsonResponse", "Invalid JSON response", ErrorKind.UNSUPPORTED, List.of()),
    INVALID_BYTES_RESPONSE(303, "InvalidBytesResponse", "Invalid bytes response", ErrorKind.UNSUPPORTED, List.of()),
    EMPTY_RESPONSE(304, "EmptyResponse", "Empty response", ErrorKind.UNSUPPORTED, List.of()),
    CANNOT_CREATE_ENDPOINT(305, "CannotCreateEndpoint", "Cannot create endpoint", ErrorKind.CONFIG, List.of()),
    CANNOT_PARSE_URL(306, "CannotParseUrl", "Cannot parse URL", ErrorKind.CONFIG, List.of()),
    WEB_SOCKET_ERROR(400, "WebSocketError", "WebSocket error", ErrorKind.UNAVAILABLE, List.of()),
    WEB_SOCKET_CONNECTION_ERROR(401, "WebSocketConnectionError", "WebSocket connection error", ErrorKind.UNAVAILABLE, List.of()),
    WEB_SOCKET_CLOSE_ERROR(402, "WebSocketCloseError", "WebSocket close error", ErrorKind.UNAVAILABLE, List.of()),
    WEB_SOCKET_RECEIVE_ERROR(403, "WebSocketReceiveError", "WebSocket receive error", ErrorKind.UNAVAILABLE, List.of()),
    WEB_SOCKET_SEND_ERROR(404, "WebSocketSendError", "WebSocket send error", ErrorKind.UNAVAILABLE, List.of()),
    CANNOT_CREATE_STREAMS_DIRECTORY(1000, "CannotCreateStreamsDirectory", "Cannot create streams directory, Path: …", ErrorKind.INTERNAL, List.of("path")),
    CANNOT_CREATE_STREAM_DIRECTORY(1001, "CannotCreateStreamDirectory", "Cannot create stream with ID: … directory, Path: …", ErrorKind.INTERNAL, List.of("stream", "path")),
    CANNOT_CREATE_STREAM_INFO(1002, "CannotCreateStreamInfo", "Failed to create stream info file for stream with ID: …", ErrorKind.INTERNAL, List.of("stream")),
    CANNOT_UPDATE_STREAM_INFO(1003, "CannotUpdateStreamInfo", "Failed to update stream info for stream with ID: …", ErrorKind.INTERNAL, List.of("stream")),
    CANNOT_OPEN_STREAM_INFO(1004, "CannotOpenStreamInfo", "Failed to open stream info file for stream with ID: …", ErrorKind.INTERNAL, List.of("stream")),
    CANNOT_READ_STREAM_INFO(1005, "CannotReadStreamInfo", "Failed to read stream info file for stream with ID: …", ErrorKind.INTERNAL, List.of("stream")),
    CANNOT_CREATE_STREAM(1006, "CannotCreateStream", "Failed to create stream with ID: …", ErrorKind.INTERNAL, List.of("stream")),
    CANNOT_DELETE_STREAM(1007, "CannotDeleteStream", "Failed to delete stream with ID: …", ErrorKind.INTERNAL, List.of("stream")),
    CANNOT_DELETE_STREAM_DIRECTORY(1008, "CannotDeleteStreamDirectory", "Failed to delete stream directory with ID: …", ErrorKind.INTERNAL, List.of("stream")),
    STREAM_ID_NOT_FOUND(1009, "StreamIdNotFound", "Stream with ID: … was not found.", ErrorKind.NOT_FOUND, List.of("stream")),
    STREAM_NAME_NOT_FOUND(1010, "StreamNameNotFound", "Stream with name: … was not found.", ErrorKind.NOT_FOUND, List.of("stream")),
    STREAM_DIRECTORY_NOT_FOUND(1011, "StreamDirectoryNotFound", "Stream with directory … was not found.", ErrorKind.INTERNAL, List.of("path")),
    STREAM_NAME_ALREADY_EXISTS(1012, "StreamNameAlreadyExists", "Stream with name: … already exists.", ErrorKind.ALREADY_EXISTS, List.of("name")),
    INVALID_STREAM_NAME(1013, "InvalidStreamName", "Invalid stream name", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_STREAM_ID(1014, "InvalidStreamId", "Invalid stream ID", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_READ_STREAMS(1015, "CannotReadStreams", "Cannot read streams", ErrorKind.INTERNAL, List.of()),
    INVALID_TOPIC_SIZE(1019, "InvalidTopicSize", "Max topic size cannot be lower than segment size", ErrorKind.INVALID_INPUT, List.of()),
    TOO_MANY_STREAMS(1020, "TooManyStreams", "Too many streams", ErrorKind.LIMIT_EXCEEDED, List.of()),
    CANNOT_CREATE_TOPICS_DIRECTORY(2000, "CannotCreateTopicsDirectory", "Cannot create topics directory for stream with ID: …, Path: …", ErrorKind.INTERNAL, List.of("stream", "path")),
    CANNOT_CREATE_TOPIC_DIRECTORY(2001, "CannotCreateTopicDirectory", "Failed to create directory for topic with ID: … for stream with ID: …, Path: …", ErrorKind.INTERNAL, List.of("topic", "stream", "path")),
    CANNOT_CREATE_TOPIC_INFO(2002, "CannotCreateTopicInfo", "Failed to create topic info file for topic with ID: … for stream with ID: ….", ErrorKind.INTERNAL, List.of("topic", "stream")),
    CANNOT_UPDATE_TOPIC_INFO(2003, "CannotUpdateTopicInfo", "Failed to update topic info for topic with ID: … for stream with ID: ….", ErrorKind.INTERNAL, List.of("topic", "stream")),
    CANNOT_OPEN_TOPIC_INFO(2004, "CannotOpenTopicInfo", "Failed to open topic info file for topic with ID: … for stream with ID: ….", ErrorKind.INTERNAL, List.of("topic", "stream")),
    CANNOT_READ_TOPIC_INFO(2005, "CannotReadTopicInfo", "Failed to read topic info file for topic with ID: … for stream with ID: ….", ErrorKind.INTERNAL, List.of("topic", "stream")),
    CANNOT_CREATE_TOPIC(2006, "CannotCreateTopic", "Failed to create topic with ID: … for stream with ID: ….", ErrorKind.INTERNAL, List.of("topic", "stream")),
    CANNOT_DELETE_TOPIC(2007, "CannotDeleteTopic", "Failed to delete topic with ID: … for stream with ID: ….", ErrorKind.INTERNAL, List.of("topic", "stream")),
    CANNOT_DELETE_TOPIC_DIRECTORY(2008, "CannotDeleteTopicDirectory", "Failed to delete topic directory with ID: … for stream with ID: …, Path: …", ErrorKind.INTERNAL, List.of("topic", "stream", "path")),
    CANNOT_POLL_TOPIC(2009, "CannotPollTopic", "Cannot poll topic", ErrorKind.INTERNAL, List.of()),
    TOPIC_ID_NOT_FOUND(2010, "TopicIdNotFound", "Topic with ID: … for stream with ID: … was not found.", ErrorKind.NOT_FOUND, List.of("topic", "stream")),
    TOPIC_NAME_NOT_FOUND(2011, "TopicNameNotFound", "Topic with name: … for stream with ID: … was not found.", ErrorKind.NOT_FOUND, List.of("topic", "stream")),
    TOPIC_NAME_ALREADY_EXISTS(2013, "TopicNameAlreadyExists", "Topic with name: … for stream with ID: … already exists.", ErrorKind.ALREADY_EXISTS, List.of("name", "stream")),
    INVALID_TOPIC_NAME(2014, "InvalidTopicName", "Invalid topic name", ErrorKind.INVALID_INPUT, List.of()),
    TOO_MANY_PARTITIONS(2015, "TooManyPartitions", "Too many partitions", ErrorKind.LIMIT_EXCEEDED, List.of()),
    INVALID_TOPIC_ID(2016, "InvalidTopicId", "Invalid topic ID", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_READ_TOPICS(2017, "CannotReadTopics", "Cannot read topics for stream with ID: …", ErrorKind.INTERNAL, List.of("stream")),
    INVALID_REPLICATION_FACTOR(2018, "InvalidReplicationFactor", "Invalid replication factor", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_PARTITIONS_COUNT(2019, "InvalidPartitionsCount", "Invalid partitions count", ErrorKind.INVALID_INPUT, List.of()),
    TOPIC_DIRECTORY_NOT_FOUND(2020, "TopicDirectoryNotFound", "Topic directory: … not found", ErrorKind.INTERNAL, List.of("path")),
    TOO_MANY_TOPICS(2021, "TooManyTopics", "Too many topics", ErrorKind.LIMIT_EXCEEDED, List.of()),
    CANNOT_CREATE_PARTITION(3000, "CannotCreatePartition", "Cannot create partition with ID: … for stream with ID: … and topic with ID: …", ErrorKind.INTERNAL, List.of("partition", "stream", "topic")),
    CANNOT_CREATE_PARTITIONS_DIRECTORY(3001, "CannotCreatePartitionsDirectory", "Failed to create directory for partitions", ErrorKind.INTERNAL, List.of()),
    CANNOT_CREATE_PARTITION_DIRECTORY(3002, "CannotCreatePartitionDirectory", "Failed to create directory for partition", ErrorKind.INTERNAL, List.of()),
    CANNOT_OPEN_PARTITION_LOG_FILE(3003, "CannotOpenPartitionLogFile", "Cannot open partition log file", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_PARTITIONS(3004, "CannotReadPartitions", "Cannot read partitions directories.", ErrorKind.INTERNAL, List.of()),
    CANNOT_DELETE_PARTITION(3005, "CannotDeletePartition", "Failed to delete partition", ErrorKind.INTERNAL, List.of()),
    CANNOT_DELETE_PARTITION_DIRECTORY(3006, "CannotDeletePartitionDirectory", "Failed to delete partition directory", ErrorKind.INTERNAL, List.of()),
    PARTITION_NOT_FOUND(3007, "PartitionNotFound", "Partition with ID: … for topic with ID: … for stream with ID: … was not found.", ErrorKind.NOT_FOUND, List.of("partition", "topic", "stream")),
    NO_PARTITIONS(3008, "NoPartitions", "Topic with ID: … for stream with ID: … has no partitions.", ErrorKind.CONFLICT, List.of("topic", "stream")),
    TOPIC_FULL(3009, "TopicFull", "Cannot read partitions for topic with ID: … for stream with ID: …", ErrorKind.LIMIT_EXCEEDED, List.of("topic", "stream")),
    CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY(3010, "CannotDeleteConsumerOffsetsDirectory", "Failed to delete consumer offsets directory for path: …", ErrorKind.INTERNAL, List.of("path")),
    CANNOT_DELETE_CONSUMER_OFFSET_FILE(3011, "CannotDeleteConsumerOffsetFile", "Failed to delete consumer offset file for path: …", ErrorKind.INTERNAL, List.of("path")),
    CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY(3012, "CannotCreateConsumerOffsetsDirectory", "Failed to create consumer offsets directory for path: …", ErrorKind.INTERNAL, List.of("path")),
    PARTITION_ID_SPACE_EXHAUSTED(3013, "PartitionIdSpaceExhausted", "Partition id space exhausted for this topic", ErrorKind.LIMIT_EXCEEDED, List.of()),
    CANNOT_READ_CONSUMER_OFFSETS(3020, "CannotReadConsumerOffsets", "Failed to read consumers offsets from path: …", ErrorKind.INTERNAL, List.of("path")),
    CONSUMER_OFFSET_NOT_FOUND(3021, "ConsumerOffsetNotFound", "Consumer offset for consumer with ID: … was not found.", ErrorKind.NOT_FOUND, List.of("consumer")),
    NOT_RESOLVED_CONSUMER(3022, "NotResolvedConsumer", "Failed to resolve consumer with ID: …", ErrorKind.NOT_FOUND, List.of("consumer")),
    CANNOT_OPEN_CONSUMER_OFFSETS_FILE(3023, "CannotOpenConsumerOffsetsFile", "Cannot open consumer offsets file for path: …", ErrorKind.INTERNAL, List.of("path")),
    TOO_MANY_CONSUMER_OFFSETS(3024, "TooManyConsumerOffsets", "Consumer offset limit reached for partition, raise [partition] consumer_offsets_max", ErrorKind.LIMIT_EXCEEDED, List.of()),
    SEGMENT_NOT_FOUND(4000, "SegmentNotFound", "Segment not found", ErrorKind.NOT_FOUND, List.of()),
    SEGMENT_CLOSED(4001, "SegmentClosed", "Segment with start offset: … and partition with ID: … is closed", ErrorKind.CONFLICT, List.of("offset", "partition")),
    INVALID_SEGMENT_SIZE(4002, "InvalidSegmentSize", "Segment size is invalid", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_CREATE_SEGMENT_LOG_FILE(4003, "CannotCreateSegmentLogFile", "Failed to create segment log file for Path: ….", ErrorKind.INTERNAL, List.of("path")),
    CANNOT_CREATE_SEGMENT_INDEX_FILE(4004, "CannotCreateSegmentIndexFile", "Failed to create segment index file for Path: ….", ErrorKind.INTERNAL, List.of("path")),
    CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE(4005, "CannotCreateSegmentTimeIndexFile", "Failed to create segment time index file for Path: ….", ErrorKind.INTERNAL, List.of("path")),
    CANNOT_SAVE_MESSAGES_TO_SEGMENT(4006, "CannotSaveMessagesToSegment", "Cannot save messages to segment.", ErrorKind.INTERNAL, List.of()),
    CANNOT_SAVE_INDEX_TO_SEGMENT(4007, "CannotSaveIndexToSegment", "Cannot save index to segment.", ErrorKind.INTERNAL, List.of()),
    CANNOT_SAVE_TIME_INDEX_TO_SEGMENT(4008, "CannotSaveTimeIndexToSegment", "Cannot save time index to segment.", ErrorKind.INTERNAL, List.of()),
    INVALID_MESSAGES_COUNT(4009, "InvalidMessagesCount", "Invalid messages count", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_APPEND_MESSAGE(4010, "CannotAppendMessage", "Cannot append message", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_MESSAGE(4011, "CannotReadMessage", "Cannot read message", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_READ_MESSAGE_ID(4012, "CannotReadMessageId", "Cannot read message ID", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_READ_MESSAGE_STATE(4013, "CannotReadMessageState", "Cannot read message state", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_READ_MESSAGE_TIMESTAMP(4014, "CannotReadMessageTimestamp", "Cannot read message timestamp", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_READ_HEADERS_LENGTH(4015, "CannotReadHeadersLength", "Cannot read headers length", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_READ_HEADERS_PAYLOAD(4016, "CannotReadHeadersPayload", "Cannot read headers payload", ErrorKind.INVALID_INPUT, List.of()),
    TOO_BIG_USER_HEADERS(4017, "TooBigUserHeaders", "Too big headers payload", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_HEADER_KEY(4018, "InvalidHeaderKey", "Invalid header key", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_HEADER_VALUE(4019, "InvalidHeaderValue", "Invalid header value", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_READ_MESSAGE_LENGTH(4020, "CannotReadMessageLength", "Cannot read message length", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_READ_MESSAGE_PAYLOAD(4021, "CannotReadMessagePayload", "Cannot save messages to segment", ErrorKind.INVALID_INPUT, List.of()),
    TOO_BIG_MESSAGE_PAYLOAD(4022, "TooBigMessagePayload", "Too big message payload", ErrorKind.INVALID_INPUT, List.of()),
    TOO_MANY_MESSAGES(4023, "TooManyMessages", "Too many messages", ErrorKind.INVALID_INPUT, List.of()),
    EMPTY_MESSAGE_PAYLOAD(4024, "EmptyMessagePayload", "Empty message payload", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_MESSAGE_PAYLOAD_LENGTH(4025, "InvalidMessagePayloadLength", "Invalid message payload length", ErrorKind.INVALID_INPUT, List.of()),
    CANNOT_READ_MESSAGE_CHECKSUM(4026, "CannotReadMessageChecksum", "Cannot read message checksum", ErrorKind.INVALID_INPUT, List.of()),
    INVALID_MESSAGE_CHECKSUM(4027, "InvalidMessageChecksum", "Invalid message checksum: …, expected: …, for offset: …", ErrorKind.INVALID_INPUT, List.of("value", "expected", "offset")),
    INVALID_KEY_VALUE_LENGTH(4028, "InvalidKeyValueLength", "Invalid key value length", ErrorKind.INVALID_INPUT, List.of()),
    COMMAND_LENGTH_ERROR(4029, "CommandLengthError", "Command length error: …", ErrorKind.INVALID_INPUT, List.of("reason")),
    INVALID_SEGMENTS_COUNT(4030, "InvalidSegmentsCount", "Incorrect Segments Count size: …", ErrorKind.INVALID_INPUT, List.of("value")),
    NON_ZERO_OFFSET(4031, "NonZeroOffset", "Non-zero offset: … at index: …", ErrorKind.INVALID_INPUT, List.of("value", "index")),
    NON_ZERO_TIMESTAMP(4032, "NonZeroTimestamp", "Non-zero timestamp: … at index: …", ErrorKind.INVALID_INPUT, List.of("value", "index")),
    MISSING_INDEX(4033, "MissingIndex", "Missing index: …", ErrorKind.INVALID_INPUT, List.of("index")),
    INVALID_INDEXES_BYTE_SIZE(4034, "InvalidIndexesByteSize", "Invalid indexes byte size: …B, should be divisible by 16", ErrorKind.INVALID_INPUT, List.of("value")),
    INVALID_INDEXES_COUNT(4035, "InvalidIndexesCount", "Invalid indexes count: …, expected: …", ErrorKind.INVALID_INPUT, List.of("value", "expected")),
    INVALID_MESSAGES_SIZE(4036, "InvalidMessagesSize", "Invalid messages byte size: …B, expected: …B", ErrorKind.INVALID_INPUT, List.of("value", "expected")),
    TOO_SMALL_MESSAGE(4037, "TooSmallMessage", "Too small message: …B, expected: …B", ErrorKind.INVALID_INPUT, List.of("value", "expected")),
    INVALID_MESSAGE_TIMESTAMP_DELTA(4038, "InvalidMessageTimestampDelta", "Invalid message timestamp delta: … microseconds exceeds the per-batch limit", ErrorKind.INVALID_INPUT, List.of("value")),
    INVALID_BATCH_CHECKSUM(4039, "InvalidBatchChecksum", "Invalid batch checksum: …, expected: …, for base offset: …", ErrorKind.INVALID_INPUT, List.of("value", "expected", "offset")),
    INVALID_HEADER_KIND(4040, "InvalidHeaderKind", "Invalid header kind code: …", ErrorKind.INVALID_INPUT, List.of("value")),
    UNSUPPORTED_OPTION_KEY(4041, "UnsupportedOptionKey", "Unsupported option key: …", ErrorKind.INVALID_INPUT, List.of("option")),
    INVALID_OPTION_VALUE(4042, "InvalidOptionValue", "Invalid option value for key: …", ErrorKind.INVALID_INPUT, List.of("option")),
    OPTIONS_BLOCK_TOO_LARGE(4043, "OptionsBlockTooLarge", "Options block exceeds its limits: …", ErrorKind.INVALID_INPUT, List.of("reason")),
    CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION(4050, "CannotSendMessagesDueToClientDisconnection", "Cannot sed messages due to client disconnection", ErrorKind.UNAVAILABLE, List.of()),
    BACKGROUND_SEND_ERROR(4051, "BackgroundSendError", "Background send error", ErrorKind.INTERNAL, List.of()),
    BACKGROUND_SEND_TIMEOUT(4052, "BackgroundSendTimeout", "Background send timeout", ErrorKind.TRANSIENT, List.of()),
    BACKGROUND_SEND_BUFFER_FULL(4053, "BackgroundSendBufferFull", "Background send buffer is full", ErrorKind.TRANSIENT, List.of()),
    BACKGROUND_WORKER_DISCONNECTED(4054, "BackgroundWorkerDisconnected", "Background worker disconnected", ErrorKind.UNAVAILABLE, List.of()),
    BACKGROUND_SEND_BUFFER_OVERFLOW(4055, "BackgroundSendBufferOverflow", "Background send buffer overflow", ErrorKind.LIMIT_EXCEEDED, List.of()),
    PRODUCER_SEND_FAILED(4056, "ProducerSendFailed", "Producer send failed (client-side)", ErrorKind.INTERNAL, List.of()),
    PRODUCER_CLOSED(4057, "ProducerClosed", "Producer closed", ErrorKind.CLOSED, List.of()),
    INVALID_OFFSET(4100, "InvalidOffset", "Invalid offset: …", ErrorKind.INVALID_INPUT, List.of("offset")),
    INVALID_RESERVED_FIELD(4101, "InvalidReservedField", "Invalid reserved field value: …, expected: 0", ErrorKind.INVALID_INPUT, List.of("value")),
    SEGMENT_SIZE_MISMATCH_AT_OPEN(4102, "SegmentSizeMismatchAtOpen", "Segment file size on disk: … does not match expected size: …", ErrorKind.INTERNAL, List.of("value", "expected")),
    CONSUMER_GROUP_ID_NOT_FOUND(5000, "ConsumerGroupIdNotFound", "Consumer group with ID: … for topic with ID: … was not found.", ErrorKind.NOT_FOUND, List.of("group", "topic")),
    INVALID_CONSUMER_GROUP_ID(5002, "InvalidConsumerGroupId", "Invalid consumer group ID", ErrorKind.INVALID_INPUT, List.of()),
    CONSUMER_GROUP_NAME_NOT_FOUND(5003, "ConsumerGroupNameNotFound", "Consumer group with name: … for topic with ID: … was not found.", ErrorKind.NOT_FOUND, List.of("group", "topic")),
    CONSUMER_GROUP_NAME_ALREADY_EXISTS(5004, "ConsumerGroupNameAlreadyExists", "Consumer group with name: … for topic with ID: … already exists.", ErrorKind.ALREADY_EXISTS, List.of("name", "topic")),
    INVALID_CONSUMER_GROUP_NAME(5005, "InvalidConsumerGroupName", "Invalid consumer group name", ErrorKind.INVALID_INPUT, List.of()),
    CONSUMER_GROUP_MEMBER_NOT_FOUND(5006, "ConsumerGroupMemberNotFound", "Consumer group member (client) not found in group", ErrorKind.NOT_FOUND, List.of()),
    CANNOT_CREATE_CONSUMER_GROUP_INFO(5007, "CannotCreateConsumerGroupInfo", "Failed to create consumer group info file", ErrorKind.INTERNAL, List.of()),
    CANNOT_DELETE_CONSUMER_GROUP_INFO(5008, "CannotDeleteConsumerGroupInfo", "Failed to delete consumer group info file", ErrorKind.INTERNAL, List.of()),
    CONSUMER_GROUP_PARTITION_NOT_OWNED(5009, "ConsumerGroupPartitionNotOwned", "Consumer group member with client ID: … does not own partition: … at the current generation (rebalance in progress).", ErrorKind.CONFLICT, List.of("client", "partition")),
    MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH(6000, "MissingBaseOffsetRetainedMessageBatch", "Base offset is missing", ErrorKind.INTERNAL, List.of()),
    MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH(6001, "MissingLastOffsetDeltaRetainedMessageBatch", "Last offset delta is missing", ErrorKind.INTERNAL, List.of()),
    MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH(6002, "MissingMaxTimestampRetainedMessageBatch", "Max timestamp is missing", ErrorKind.INTERNAL, List.of()),
    MISSING_LENGTH_RETAINED_MESSAGE_BATCH(6003, "MissingLengthRetainedMessageBatch", "Length is missing", ErrorKind.INTERNAL, List.of()),
    MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH(6004, "MissingPayloadRetainedMessageBatch", "Payload is missing", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_BATCH_BASE_OFFSET(7000, "CannotReadBatchBaseOffset", "Cannot read batch base offset", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_BATCH_LENGTH(7001, "CannotReadBatchLength", "Cannot read batch length", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_LAST_OFFSET_DELTA(7002, "CannotReadLastOffsetDelta", "Cannot read batch last offset delta", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_MAX_TIMESTAMP(7003, "CannotReadMaxTimestamp", "Cannot read batch maximum timestamp", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_BATCH_PAYLOAD(7004, "CannotReadBatchPayload", "Cannot read batch payload", ErrorKind.INTERNAL, List.of()),
    INVALID_CONNECTION_STRING(8000, "InvalidConnectionString", "Invalid connection string", ErrorKind.CONFIG, List.of()),
    SNAPSHOT_FILE_COMPLETION_FAILED(9000, "SnapshotFileCompletionFailed", "Snapshot file completion failed", ErrorKind.INTERNAL, List.of()),
    CANNOT_SERIALIZE_RESOURCE(10000, "CannotSerializeResource", "Cannot serialize resource", ErrorKind.INTERNAL, List.of()),
    CANNOT_DESERIALIZE_RESOURCE(10001, "CannotDeserializeResource", "Cannot deserialize resource", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_FILE(10002, "CannotReadFile", "Cannot read file", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_FILE_METADATA(10003, "CannotReadFileMetadata", "Cannot read file metadata", ErrorKind.INTERNAL, List.of()),
    CANNOT_SEEK_FILE(10004, "CannotSeekFile", "Cannot seek file", ErrorKind.INTERNAL, List.of()),
    CANNOT_APPEND_TO_FILE(10005, "CannotAppendToFile", "Cannot append to file", ErrorKind.INTERNAL, List.of()),
    CANNOT_WRITE_TO_FILE(10006, "CannotWriteToFile", "Cannot write to file", ErrorKind.INTERNAL, List.of()),
    CANNOT_OVERWRITE_FILE(10007, "CannotOverwriteFile", "Cannot overwrite file", ErrorKind.INTERNAL, List.of()),
    CANNOT_DELETE_FILE(10008, "CannotDeleteFile", "Cannot delete file", ErrorKind.INTERNAL, List.of()),
    CANNOT_SYNC_FILE(10009, "CannotSyncFile", "Cannot sync file", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_INDEX_OFFSET(10010, "CannotReadIndexOffset", "Cannot read index offset", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_INDEX_POSITION(10011, "CannotReadIndexPosition", "Cannot read index position", ErrorKind.INTERNAL, List.of()),
    CANNOT_READ_INDEX_TIMESTAMP(10012, "CannotReadIndexTimestamp", "Cannot read index timestamp", ErrorKind.INTERNAL, List.of()),
    TIMESTAMP_OUT_OF_RANGE(10013, "TimestampOutOfRange", "Timestamp out of range: …", ErrorKind.INVALID_INPUT, List.of("value")),
    SHARD_NOT_FOUND(11000, "ShardNotFound", "Shard not found for stream ID: …, topic ID: …, partition ID: …", ErrorKind.INTERNAL, List.of("stream", "topic", "partition")),
    SHARD_COMMUNICATION_ERROR(11001, "ShardCommunicationError", "Shard communication error", ErrorKind.INTERNAL, List.of()),
    CANNOT_BIND_TO_SOCKET(12000, "CannotBindToSocket", "Cannot bind to socket with addr: …", ErrorKind.CONFIG, List.of("address")),
    TASK_TIMEOUT(12001, "TaskTimeout", "Task execution timeout", ErrorKind.TRANSIENT, List.of()),
    IO_ERROR(13000, "IoError", "IO error: …", ErrorKind.INTERNAL, List.of("reason")),
    ALREADY_AUTHENTICATED(14000, "AlreadyAuthenticated", "VSR session already bound; reset before re-binding", ErrorKind.SESSION, List.of()),
    INVALID_SESSION(14001, "InvalidSession", "VSR session value … is invalid (must be non-zero)", ErrorKind.SESSION, List.of("value")),
    INCOMPATIBLE_PROTOCOL_VERSION(14003, "IncompatibleProtocolVersion", "Incompatible binary protocol version: client …, server accepts […, …]", ErrorKind.UNSUPPORTED, List.of("value", "minimum", "maximum"));

    private static final Map<Integer, ErrorCode> BY_CODE = Arrays.stream(values())
            .collect(Collectors.toUnmodifiableMap(ErrorCode::code, Function.identity()));

    private final int code;
    private final String iggyName;
    private final String message;
    private final ErrorKind kind;
    private final List<String> params;

    ErrorCode(int code, String iggyName, String message, ErrorKind kind, List<String> params) {
        this.code = code;
        this.iggyName = iggyName;
        this.message = message;
        this.kind = kind;
        this.params = params;
    }

    /** The wire code. */
    public int code() {
        return code;
    }

    /** Iggy's CamelCase name, e.g. {@code StreamIdNotFound}. */
    public String iggyName() {
        return iggyName;
    }

    /** The server's message text ('…' stands for a runtime value, see {@link #params()}). */
    public String message() {
        return message;
    }

    /** What a caller branches on (protocol-spec/spec/errors.toml {@code [[kind]]}). */
    public ErrorKind kind() {
        return kind;
    }

    /** What each '…' of {@link #message()} names, in order (errors.toml params: stream, topic, ...). */
    public List<String> params() {
        return params;
    }

    /** The entry for a wire code, or null for a code no protocol version defines. */
    public static ErrorCode fromCode(int code) {
        return BY_CODE.get(code);
    }
}
