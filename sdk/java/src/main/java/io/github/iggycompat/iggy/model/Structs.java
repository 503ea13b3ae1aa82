// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy.model;

import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.internal.codec.PermissionsCodec;
import io.github.iggycompat.iggy.internal.codec.WireReader;
import io.github.iggycompat.iggy.internal.codec.WireWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/** Response bodies of Iggy 0.8.0 (spec/structs.toml) with their wire codec. */
public final class Structs {
    private Structs() {}

    /** A stream without its topics (33 + name bytes). GetStreams answers StreamHeader x n. */
    public record StreamHeader(long id, long createdAt, long topicsCount, long sizeBytes, long messagesCount, String name) {
        public static StreamHeader decode(WireReader r) {
            long _id = r.u32();
            long _createdAt = r.u64();
            long _topicsCount = r.u32();
            long _sizeBytes = r.u64();
            long _messagesCount = r.u64();
            String _name = r.name();
            return new StreamHeader(_id, _createdAt, _topicsCount, _sizeBytes, _messagesCount, _name);
        }

        public void encode(WireWriter w) {
            w.u32(id);
            w.u64(createdAt);
            w.u32(topicsCount);
            w.u64(sizeBytes);
            w.u64(messagesCount);
            w.name(name);
        }
    }

    /** A stream with its topics (GetStream). */
    public record StreamDetails(long id, long createdAt, long sizeBytes, long messagesCount, String name, List<Structs.TopicHeader> topics) {
        public StreamDetails {
            topics = List.copyOf(topics);
        }

        /** Number of topics in the stream. */
        public long topicsCount() { return topics.size(); }

        public static StreamDetails decode(WireReader r) {
            long _id = r.u32();
            long _createdAt = r.u64();
            long _topicsCount = r.u32();
            long _sizeBytes = r.u64();
            long _messagesCount = r.u64();
            String _name = r.name();
            int _topicsN = r.count(_topicsCount, 51);
            List<Structs.TopicHeader> _topics = new ArrayList<>(_topicsN);
            for (int i = 0; i < _topicsN; i++) { _topics.add(Structs.TopicHeader.decode(r)); }
            return new StreamDetails(_id, _createdAt, _sizeBytes, _messagesCount, _name, _topics);
        }

        public void encode(WireWriter w) {
            w.u32(id);
            w.u64(createdAt);
            w.u32(topics.size());
            w.u64(sizeBytes);
            w.u64(messagesCount);
            w.name(name);
            for (Structs.TopicHeader e : topics) { e.encode(w); }
        }
    }

    /** A topic without its partitions (51 + name bytes). Expiry comes before compression. */
    public record TopicHeader(long id, long createdAt, long partitionsCount, long messageExpiry, int compressionAlgorithm, long maxTopicSize, int replicationFactor, long sizeBytes, long messagesCount, String name) {
        public static TopicHeader decode(WireReader r) {
            long _id = r.u32();
            long _createdAt = r.u64();
            long _partitionsCount = r.u32();
            long _messageExpiry = r.u64();
            int _compressionAlgorithm = r.u8();
            long _maxTopicSize = r.u64();
            int _replicationFactor = r.u8();
            long _sizeBytes = r.u64();
            long _messagesCount = r.u64();
            String _name = r.name();
            return new TopicHeader(_id, _createdAt, _partitionsCount, _messageExpiry, _compressionAlgorithm, _maxTopicSize, _replicationFactor, _sizeBytes, _messagesCount, _name);
        }

        public void encode(WireWriter w) {
            w.u32(id);
            w.u64(createdAt);
            w.u32(partitionsCount);
            w.u64(messageExpiry);
            w.u8(compressionAlgorithm);
            w.u64(maxTopicSize);
            w.u8(replicationFactor);
            w.u64(sizeBytes);
            w.u64(messagesCount);
            w.name(name);
        }
    }

    /** A topic with its partitions (GetTopic, CreateTopic). */
    public record TopicDetails(long id, long createdAt, long messageExpiry, int compressionAlgorithm, long maxTopicSize, int replicationFactor, long sizeBytes, long messagesCount, String name, List<Structs.PartitionDetails> partitions) {
        public TopicDetails {
            partitions = List.copyOf(partitions);
        }

        /** Number of partitions. */
        public long partitionsCount() { return partitions.size(); }

        public static TopicDetails decode(WireReader r) {
            long _id = r.u32();
            long _createdAt = r.u64();
            long _partitionsCount = r.u32();
            long _messageExpiry = r.u64();
            int _compressionAlgorithm = r.u8();
            long _maxTopicSize = r.u64();
            int _replicationFactor = r.u8();
            long _sizeBytes = r.u64();
            long _messagesCount = r.u64();
            String _name = r.name();
            int _partitionsN = r.count(_partitionsCount, 40);
            List<Structs.PartitionDetails> _partitions = new ArrayList<>(_partitionsN);
            for (int i = 0; i < _partitionsN; i++) { _partitions.add(Structs.PartitionDetails.decode(r)); }
            return new TopicDetails(_id, _createdAt, _messageExpiry, _compressionAlgorithm, _maxTopicSize, _replicationFactor, _sizeBytes, _messagesCount, _name, _partitions);
        }

        public void encode(WireWriter w) {
            w.u32(id);
            w.u64(createdAt);
            w.u32(partitions.size());
            w.u64(messageExpiry);
            w.u8(compressionAlgorithm);
            w.u64(maxTopicSize);
            w.u8(replicationFactor);
            w.u64(sizeBytes);
            w.u64(messagesCount);
            w.name(name);
            for (Structs.PartitionDetails e : partitions) { e.encode(w); }
        }
    }

    /** One partition (40 bytes). */
    public record PartitionDetails(long id, long createdAt, long segmentsCount, long currentOffset, long sizeBytes, long messagesCount) {
        public static PartitionDetails decode(WireReader r) {
            long _id = r.u32();
            long _createdAt = r.u64();
            long _segmentsCount = r.u32();
            long _currentOffset = r.u64();
            long _sizeBytes = r.u64();
            long _messagesCount = r.u64();
            return new PartitionDetails(_id, _createdAt, _segmentsCount, _currentOffset, _sizeBytes, _messagesCount);
        }

        public void encode(WireWriter w) {
            w.u32(id);
            w.u64(createdAt);
            w.u32(segmentsCount);
            w.u64(currentOffset);
            w.u64(sizeBytes);
            w.u64(messagesCount);
        }
    }

    /** A user without permissions (14 + username bytes). GetUsers answers UserHeader x n. */
    public record UserHeader(long id, long createdAt, int status, String username) {
        public static UserHeader decode(WireReader r) {
            long _id = r.u32();
            long _createdAt = r.u64();
            int _status = r.u8();
            String _username = r.name();
            return new UserHeader(_id, _createdAt, _status, _username);
        }

        public void encode(WireWriter w) {
            w.u32(id);
            w.u64(createdAt);
            w.u8(status);
            w.name(username);
        }
    }

    /** A user with permissions (GetUser, CreateUser). No permissions = four zero bytes. */
    public record UserDetails(long id, long createdAt, int status, String username, Permissions permissions) {
        public static UserDetails decode(WireReader r) {
            long _id = r.u32();
            long _createdAt = r.u64();
            int _status = r.u8();
            String _username = r.name();
            int _hasPermissions = r.flag();
            byte[] _padding = null;
            if (_hasPermissions == 0) {
                _padding = r.bytes(3);
            }
            int _permissionsLenAt = 0;
            long _permissionsLen = 0;
            if (_hasPermissions == 1) {
                _permissionsLen = r.u32();
                _permissionsLenAt = r.position();
            }
            Permissions _permissions = null;
            if (_hasPermissions == 1) {
                _permissions = PermissionsCodec.decode(r);
                r.expectSpan(_permissionsLenAt, _permissionsLen, "UserDetails.permissions_len");
            }
            return new UserDetails(_id, _createdAt, _status, _username, _permissions);
        }

        public void encode(WireWriter w) {
            w.u32(id);
            w.u64(createdAt);
            w.u8(status);
            w.name(username);
            w.u8((permissions != null ? 1 : 0));
            if ((permissions != null ? 1 : 0) == 0) {
                w.zeros(3);
            }
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

    /** A connected client (17 + address bytes). GetClients answers ClientInfo x n, without group triples. */
    public record ClientInfo(long clientId, long userId, int transport, String address, long consumerGroupsCount) {
        public static ClientInfo decode(WireReader r) {
            long _clientId = r.u32();
            long _userId = r.u32();
            int _transport = r.u8();
            String _address = r.string32();
            long _consumerGroupsCount = r.u32();
            return new ClientInfo(_clientId, _userId, _transport, _address, _consumerGroupsCount);
        }

        public void encode(WireWriter w) {
            w.u32(clientId);
            w.u32(userId);
            w.u8(transport);
            w.string32(address);
            w.u32(consumerGroupsCount);
        }
    }

    /** A client with its group memberships (GetMe, GetClient). */
    public record ClientDetails(long clientId, long userId, int transport, String address, List<Structs.ClientGroupInfo> consumerGroups) {
        public ClientDetails {
            consumerGroups = List.copyOf(consumerGroups);
        }

        /** Number of consumer groups the client is a member of. */
        public long consumerGroupsCount() { return consumerGroups.size(); }

        public static ClientDetails decode(WireReader r) {
            long _clientId = r.u32();
            long _userId = r.u32();
            int _transport = r.u8();
            String _address = r.string32();
            long _consumerGroupsCount = r.u32();
            int _consumerGroupsN = r.count(_consumerGroupsCount, 12);
            List<Structs.ClientGroupInfo> _consumerGroups = new ArrayList<>(_consumerGroupsN);
            for (int i = 0; i < _consumerGroupsN; i++) { _consumerGroups.add(Structs.ClientGroupInfo.decode(r)); }
            return new ClientDetails(_clientId, _userId, _transport, _address, _consumerGroups);
        }

        public void encode(WireWriter w) {
            w.u32(clientId);
            w.u32(userId);
            w.u8(transport);
            w.string32(address);
            w.u32(consumerGroups.size());
            for (Structs.ClientGroupInfo e : consumerGroups) { e.encode(w); }
        }
    }

    /** One group membership of a client (12 bytes). */
    public record ClientGroupInfo(long streamId, long topicId, long groupId) {
        public static ClientGroupInfo decode(WireReader r) {
            long _streamId = r.u32();
            long _topicId = r.u32();
            long _groupId = r.u32();
            return new ClientGroupInfo(_streamId, _topicId, _groupId);
        }

        public void encode(WireWriter w) {
            w.u32(streamId);
            w.u32(topicId);
            w.u32(groupId);
        }
    }

    /** Cluster description; a single-node 0.8 server answers name "single-node" and one leader node. */
    public record ClusterMetadata(String name, List<Structs.ClusterNode> nodes) {
        public ClusterMetadata {
            nodes = List.copyOf(nodes);
        }

        /** Number of nodes. */
        public long nodesCount() { return nodes.size(); }

        public static ClusterMetadata decode(WireReader r) {
            String _name = r.string32();
            long _nodesCount = r.u32();
            int _nodesN = r.count(_nodesCount, 12);
            List<Structs.ClusterNode> _nodes = new ArrayList<>(_nodesN);
            for (int i = 0; i < _nodesN; i++) { _nodes.add(Structs.ClusterNode.decode(r)); }
            return new ClusterMetadata(_name, _nodes);
        }

        public void encode(WireWriter w) {
            w.string32(name);
            w.u32(nodes.size());
            for (Structs.ClusterNode e : nodes) { e.encode(w); }
        }
    }

    /** One node of the cluster. */
    public record ClusterNode(String name, String ip, int tcpPort, int quicPort, int httpPort, int websocketPort, int role, int status) {
        public static ClusterNode decode(WireReader r) {
            String _name = r.string32();
            String _ip = r.string32();
            int _tcpPort = r.u16();
            int _quicPort = r.u16();
            int _httpPort = r.u16();
            int _websocketPort = r.u16();
            int _role = r.u8();
            int _status = r.u8();
            return new ClusterNode(_name, _ip, _tcpPort, _quicPort, _httpPort, _websocketPort, _role, _status);
        }

        public void encode(WireWriter w) {
            w.string32(name);
            w.string32(ip);
            w.u16(tcpPort);
            w.u16(quicPort);
            w.u16(httpPort);
            w.u16(websocketPort);
            w.u8(role);
            w.u8(status);
        }
    }

    /** Server statistics (GetStats); every field is mandatory for the Rust decoder. Fixed part 108 bytes. */
    public record Stats(long processId, float cpuUsage, float totalCpuUsage, long memoryUsage, long totalMemory, long availableMemory, long runTime, long startTime, long readBytes, long writtenBytes, long messagesSizeBytes, long streamsCount, long topicsCount, long partitionsCount, long segmentsCount, long messagesCount, long clientsCount, long consumerGroupsCount, String hostname, String osName, String osVersion, String kernelVersion, String iggyServerVersion, long iggyServerSemver, List<Structs.CacheMetric> cacheMetrics, long threadsCount, long freeDiskSpace, long totalDiskSpace, List<Structs.StatsExtension> extensions) {
        public Stats {
            cacheMetrics = List.copyOf(cacheMetrics);
            extensions = List.copyOf(extensions);
        }

        /** Number of cache metric entries. */
        public long cacheMetricsCount() { return cacheMetrics.size(); }

        public static Stats decode(WireReader r) {
            long _processId = r.u32();
            float _cpuUsage = r.f32();
            float _totalCpuUsage = r.f32();
            long _memoryUsage = r.u64();
            long _totalMemory = r.u64();
            long _availableMemory = r.u64();
            long _runTime = r.u64();
            long _startTime = r.u64();
            long _readBytes = r.u64();
            long _writtenBytes = r.u64();
            long _messagesSizeBytes = r.u64();
            long _streamsCount = r.u32();
            long _topicsCount = r.u32();
            long _partitionsCount = r.u32();
            long _segmentsCount = r.u32();
            long _messagesCount = r.u64();
            long _clientsCount = r.u32();
            long _consumerGroupsCount = r.u32();
            String _hostname = r.string32();
            String _osName = r.string32();
            String _osVersion = r.string32();
            String _kernelVersion = r.string32();
            String _iggyServerVersion = r.string32();
            long _iggyServerSemver = r.u32();
            long _cacheMetricsCount = r.u32();
            int _cacheMetricsN = r.count(_cacheMetricsCount, 32);
            List<Structs.CacheMetric> _cacheMetrics = new ArrayList<>(_cacheMetricsN);
            for (int i = 0; i < _cacheMetricsN; i++) { _cacheMetrics.add(Structs.CacheMetric.decode(r)); }
            long _threadsCount = r.u32();
            long _freeDiskSpace = r.u64();
            long _totalDiskSpace = r.u64();
            List<Structs.StatsExtension> _extensions = new ArrayList<>();
            // An extension area (spec `tolerant`): a tail that does not parse is ignored.
            while (r.remaining() > 0) { try { _extensions.add(Structs.StatsExtension.decode(r)); } catch (io.github.iggycompat.iggy.IggyException e) { r.skip(r.remaining()); break; } }
            return new Stats(_processId, _cpuUsage, _totalCpuUsage, _memoryUsage, _totalMemory, _availableMemory, _runTime, _startTime, _readBytes, _writtenBytes, _messagesSizeBytes, _streamsCount, _topicsCount, _partitionsCount, _segmentsCount, _messagesCount, _clientsCount, _consumerGroupsCount, _hostname, _osName, _osVersion, _kernelVersion, _iggyServerVersion, _iggyServerSemver, _cacheMetrics, _threadsCount, _freeDiskSpace, _totalDiskSpace, _extensions);
        }

        public void encode(WireWriter w) {
            w.u32(processId);
            w.f32(cpuUsage);
            w.f32(totalCpuUsage);
            w.u64(memoryUsage);
            w.u64(totalMemory);
            w.u64(availableMemory);
            w.u64(runTime);
            w.u64(startTime);
            w.u64(readBytes);
            w.u64(writtenBytes);
            w.u64(messagesSizeBytes);
            w.u32(streamsCount);
            w.u32(topicsCount);
            w.u32(partitionsCount);
            w.u32(segmentsCount);
            w.u64(messagesCount);
            w.u32(clientsCount);
            w.u32(consumerGroupsCount);
            w.string32(hostname);
            w.string32(osName);
            w.string32(osVersion);
            w.string32(kernelVersion);
            w.string32(iggyServerVersion);
            w.u32(iggyServerSemver);
            w.u32(cacheMetrics.size());
            for (Structs.CacheMetric e : cacheMetrics) { e.encode(w); }
            w.u32(threadsCount);
            w.u64(freeDiskSpace);
            w.u64(totalDiskSpace);
            for (Structs.StatsExtension e : extensions) { e.encode(w); }
        }
    }

    /** A tagged block at the end of Stats (this project's extension). Tags are STATS_EXTENSION_* constants; a block only ever grows at its end, so decoders read the fields they know and skip the rest by `length`. */
    public record StatsExtension(long tag, byte[] body) {
        public static StatsExtension decode(WireReader r) {
            long _tag = r.u32();
            long _length = r.u32();
            byte[] _body = r.bytes(_length);
            return new StatsExtension(_tag, _body);
        }

        public void encode(WireWriter w) {
            w.u32(tag);
            w.u32Length(body.length);
            w.bytes(body);
        }
    }

    /** Server hot-path counters (StatsExtension tag 1): segment writer and buffer pool. Fixed part 139 bytes. */
    public record HotPathStats(int writer, boolean ioUringAvailable, boolean directIo, long poolCapacity, long poolReserved, long poolInUse, long poolInUseBuffers, long poolFreeBuffers, long poolHits, long poolMisses, long poolEvictions, long poolExhausted, long receiveFallbacks, long readFallbacks, long writes, long datasyncs, long bytesWritten, long writeQueue, long backgroundSubmissions, long backgroundBatches) {
        public static HotPathStats decode(WireReader r) {
            int _writer = r.u8();
            boolean _ioUringAvailable = r.bool();
            boolean _directIo = r.bool();
            long _poolCapacity = r.u64();
            long _poolReserved = r.u64();
            long _poolInUse = r.u64();
            long _poolInUseBuffers = r.u64();
            long _poolFreeBuffers = r.u64();
            long _poolHits = r.u64();
            long _poolMisses = r.u64();
            long _poolEvictions = r.u64();
            long _poolExhausted = r.u64();
            long _receiveFallbacks = r.u64();
            long _readFallbacks = r.u64();
            long _writes = r.u64();
            long _datasyncs = r.u64();
            long _bytesWritten = r.u64();
            long _writeQueue = r.u64();
            long _backgroundSubmissions = r.u64();
            long _backgroundBatches = r.u64();
            return new HotPathStats(_writer, _ioUringAvailable, _directIo, _poolCapacity, _poolReserved, _poolInUse, _poolInUseBuffers, _poolFreeBuffers, _poolHits, _poolMisses, _poolEvictions, _poolExhausted, _receiveFallbacks, _readFallbacks, _writes, _datasyncs, _bytesWritten, _writeQueue, _backgroundSubmissions, _backgroundBatches);
        }

        public void encode(WireWriter w) {
            w.u8(writer);
            w.bool(ioUringAvailable);
            w.bool(directIo);
            w.u64(poolCapacity);
            w.u64(poolReserved);
            w.u64(poolInUse);
            w.u64(poolInUseBuffers);
            w.u64(poolFreeBuffers);
            w.u64(poolHits);
            w.u64(poolMisses);
            w.u64(poolEvictions);
            w.u64(poolExhausted);
            w.u64(receiveFallbacks);
            w.u64(readFallbacks);
            w.u64(writes);
            w.u64(datasyncs);
            w.u64(bytesWritten);
            w.u64(writeQueue);
            w.u64(backgroundSubmissions);
            w.u64(backgroundBatches);
        }
    }

    /** Cache statistics of one partition (32 bytes). */
    public record CacheMetric(long streamId, long topicId, long partitionId, long hits, long misses, float hitRatio) {
        public static CacheMetric decode(WireReader r) {
            long _streamId = r.u32();
            long _topicId = r.u32();
            long _partitionId = r.u32();
            long _hits = r.u64();
            long _misses = r.u64();
            float _hitRatio = r.f32();
            return new CacheMetric(_streamId, _topicId, _partitionId, _hits, _misses, _hitRatio);
        }

        public void encode(WireWriter w) {
            w.u32(streamId);
            w.u32(topicId);
            w.u32(partitionId);
            w.u64(hits);
            w.u64(misses);
            w.f32(hitRatio);
        }
    }

    /** A consumer group without members (13 + name bytes). GetConsumerGroups answers GroupHeader x n. */
    public record GroupHeader(long id, long partitionsCount, long membersCount, String name) {
        public static GroupHeader decode(WireReader r) {
            long _id = r.u32();
            long _partitionsCount = r.u32();
            long _membersCount = r.u32();
            String _name = r.name();
            return new GroupHeader(_id, _partitionsCount, _membersCount, _name);
        }

        public void encode(WireWriter w) {
            w.u32(id);
            w.u32(partitionsCount);
            w.u32(membersCount);
            w.name(name);
        }
    }

    /** A consumer group with its members (GetConsumerGroup). */
    public record GroupDetails(long id, long partitionsCount, String name, List<Structs.GroupMember> members) {
        public GroupDetails {
            members = List.copyOf(members);
        }

        /** Number of members. */
        public long membersCount() { return members.size(); }

        public static GroupDetails decode(WireReader r) {
            long _id = r.u32();
            long _partitionsCount = r.u32();
            long _membersCount = r.u32();
            String _name = r.name();
            int _membersN = r.count(_membersCount, 8);
            List<Structs.GroupMember> _members = new ArrayList<>(_membersN);
            for (int i = 0; i < _membersN; i++) { _members.add(Structs.GroupMember.decode(r)); }
            return new GroupDetails(_id, _partitionsCount, _name, _members);
        }

        public void encode(WireWriter w) {
            w.u32(id);
            w.u32(partitionsCount);
            w.u32(members.size());
            w.name(name);
            for (Structs.GroupMember e : members) { e.encode(w); }
        }
    }

    /** One member of a consumer group and the partitions it owns. */
    public record GroupMember(long memberId, List<Long> partitionIds) {
        public GroupMember {
            partitionIds = List.copyOf(partitionIds);
        }

        /** Number of partitions owned. */
        public long partitionsCount() { return partitionIds.size(); }

        public static GroupMember decode(WireReader r) {
            long _memberId = r.u32();
            long _partitionsCount = r.u32();
            int _partitionIdsN = r.count(_partitionsCount, 4);
            List<Long> _partitionIds = new ArrayList<>(_partitionIdsN);
            for (int i = 0; i < _partitionIdsN; i++) { _partitionIds.add(r.u32()); }
            return new GroupMember(_memberId, _partitionIds);
        }

        public void encode(WireWriter w) {
            w.u32(memberId);
            w.u32(partitionIds.size());
            for (Long e : partitionIds) { w.u32(e); }
        }
    }

    /** Stored offset of a consumer or group on one partition (20 bytes). */
    public record ConsumerOffsetInfo(long partitionId, long currentOffset, long storedOffset) {
        public static ConsumerOffsetInfo decode(WireReader r) {
            long _partitionId = r.u32();
            long _currentOffset = r.u64();
            long _storedOffset = r.u64();
            return new ConsumerOffsetInfo(_partitionId, _currentOffset, _storedOffset);
        }

        public void encode(WireWriter w) {
            w.u32(partitionId);
            w.u64(currentOffset);
            w.u64(storedOffset);
        }
    }

    /** One personal access token of the caller (no secret). GetPersonalAccessTokens answers it x n. */
    public record PersonalAccessTokenInfo(String name, long expiryAt) {
        public static PersonalAccessTokenInfo decode(WireReader r) {
            String _name = r.name();
            long _expiryAt = r.u64();
            return new PersonalAccessTokenInfo(_name, _expiryAt);
        }

        public void encode(WireWriter w) {
            w.name(name);
            w.u64(expiryAt);
        }
    }

    /** PollMessages answer: the 16-byte prefix is mandatory even with no messages. */
    public record PolledMessages(long partitionId, long currentOffset, long messagesCount, List<Primitives.Message> messages) {
        public PolledMessages {
            messages = List.copyOf(messages);
        }

        public static PolledMessages decode(WireReader r) {
            long _partitionId = r.u32();
            long _currentOffset = r.u64();
            long _messagesCount = r.u32();
            List<Primitives.Message> _messages = new ArrayList<>();
            while (r.remaining() > 0) { _messages.add(Primitives.Message.decode(r)); }
            return new PolledMessages(_partitionId, _currentOffset, _messagesCount, _messages);
        }

        public void encode(WireWriter w) {
            w.u32(partitionId);
            w.u64(currentOffset);
            w.u32(messagesCount);
            for (Primitives.Message e : messages) { e.encode(w); }
        }
    }
}
