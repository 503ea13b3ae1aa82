"""One representative instance of every request and response model (shared by the round-trip tests)."""

from __future__ import annotations

import dataclasses

from iggy.protocol import requests as rq
from iggy.protocol import responses as rs
from iggy.protocol.kinds import CompressionAlgorithm, Transport, UserStatus
from iggy.protocol.messages import Message, PolledMessages
from iggy.protocol.primitives import (
    Consumer,
    GlobalPermissions,
    HeaderValue,
    Identifier,
    Partitioning,
    Permissions,
    PollingStrategy,
    StreamPermissions,
    TopicPermissions,
)

S1 = Identifier.named("s1")
T1 = Identifier.named("t1")
N0 = Identifier.numeric(0)
N7 = Identifier.numeric(7)

PERMISSIONS = Permissions(
    GlobalPermissions(read_servers=True, poll_messages=True),
    {
        2: StreamPermissions(read_stream=True, topics={1: TopicPermissions(send_messages=True),
                                                       5: TopicPermissions(manage_topic=True)}),
        9: StreamPermissions(manage_stream=True, send_messages=True),
    },
)

MESSAGES = (
    Message(b"hello", origin_timestamp_us=1_795_303_256_381_962),
    Message(b"\x00\x01binary", id=(1 << 127) + 5, user_headers={
        HeaderValue.string("trace"): HeaderValue.uint64(2**64 - 1),
        "flag": True,
    }),
)

REQUESTS: list[rq.Request] = [
    rq.Ping(),
    rq.GetStats(),
    rq.GetSnapshot(compression=4, snapshot_types=(1, 2, 6)),
    rq.GetClusterMetadata(),
    rq.GetMe(),
    rq.GetClient(client_id=1_392_565_928),
    rq.GetClients(),
    rq.GetUser(user_id=Identifier.named("iggy")),
    rq.GetUsers(),
    rq.CreateUser("user1", "secret1", UserStatus.ACTIVE, PERMISSIONS),
    rq.DeleteUser(N7),
    rq.UpdateUser(N7, "renamed", UserStatus.INACTIVE),
    rq.UpdatePermissions(N7, PERMISSIONS),
    rq.ChangePassword(Identifier.named("user1"), "secret1", "secret2"),
    rq.LoginUser("iggy", "iggy", "0.10.0", ""),
    rq.LogoutUser(),
    rq.GetPersonalAccessTokens(),
    rq.CreatePersonalAccessToken("tok1", 3_600_000_000),
    rq.DeletePersonalAccessToken("tok1"),
    rq.LoginWithPersonalAccessToken("iggypat-0123456789"),
    rq.PollMessages(Consumer.group("cg1"), S1, T1, None, PollingStrategy.next(), 10, True),
    rq.SendMessages(S1, T1, Partitioning.messages_key("user-42"), MESSAGES),
    rq.FlushUnsavedBuffer(S1, N7, 3, True),
    rq.GetConsumerOffset(Consumer.consumer(7), S1, T1, 2),
    rq.StoreConsumerOffset(Consumer.consumer("worker"), S1, T1, None, 42),
    rq.DeleteConsumerOffset(Consumer.group(0), S1, T1, 1),
    rq.GetStream(S1),
    rq.GetStreams(),
    rq.CreateStream("orders"),
    rq.DeleteStream(N0),
    rq.UpdateStream(N0, "orders-v2"),
    rq.PurgeStream(S1),
    rq.GetTopic(S1, N7),
    rq.GetTopics(S1),
    rq.CreateTopic(S1, 3, CompressionAlgorithm.GZIP, 3_600_000_000, 2 * 1024**3, 1, "t1"),
    rq.DeleteTopic(S1, T1),
    rq.UpdateTopic(S1, T1, CompressionAlgorithm.NONE, 2**64 - 1, 0, 0, "t1b"),
    rq.PurgeTopic(S1, T1),
    rq.CreatePartitions(S1, T1, 10),
    rq.DeletePartitions(S1, T1, 2),
    rq.DeleteSegments(S1, T1, 0, 3),
    rq.GetConsumerGroup(S1, T1, Identifier.named("cg1")),
    rq.GetConsumerGroups(S1, T1),
    rq.CreateConsumerGroup(S1, T1, "cg1"),
    rq.DeleteConsumerGroup(S1, T1, N0),
    rq.JoinConsumerGroup(S1, T1, N0),
    rq.LeaveConsumerGroup(S1, T1, Identifier.named("cg1")),
]

TOPIC = rs.TopicHeader(3, 1_795_303_256_380_089, 2, 3_600_000_000, CompressionAlgorithm.GZIP, 2**31, 1, 409, 6, "t1")
PARTITIONS = (
    rs.PartitionDetails(0, 1_795_303_256_380_093, 1, 4, 300, 5),
    rs.PartitionDetails(1, 1_795_303_256_380_096, 2, 0, 0, 0),
)

RESPONSES: list[object] = [
    rs.StreamHeader(0, 1_795_303_256_378_245, 0, 0, 0, "s1"),
    rs.StreamDetails(1, 1_795_303_256_378_245, 409, 6, "s2", topics=(TOPIC,)),
    TOPIC,
    rs.TopicDetails(
        **{f.name: getattr(TOPIC, f.name) for f in dataclasses.fields(TOPIC) if f.name != "partitions_count"},
        partitions=PARTITIONS,
    ),
    PARTITIONS[0],
    rs.UserHeader(0, 1_795_303_255_379_320, UserStatus.ACTIVE, "iggy"),
    rs.UserDetails(0, 1_795_303_255_379_320, UserStatus.ACTIVE, "iggy", Permissions.root()),
    rs.UserDetails(2, 1_795_303_255_379_320, UserStatus.INACTIVE, "user2", None),
    rs.UserDetails(3, 1_795_303_255_379_320, UserStatus.ACTIVE, "scoped", PERMISSIONS),
    rs.LoginUserResponse(0),
    rs.LoginWithPersonalAccessTokenResponse(7),
    rs.GetSnapshotResponse(b"PK\x03\x04 zip bytes"),
    rs.CreatePersonalAccessTokenResponse("e7ea2e3768da441c8058a0105e81d1007b04826286a1471994"),
    rs.PersonalAccessTokenInfo("tok1", 1_795_306_864_548_476),
    rs.ClientInfo(1_077_227_916, 0xFFFF_FFFF, Transport.TCP, "127.0.0.1:47532", 0),
    rs.ClientDetails(1_077_227_916, 0, Transport.TCP, "127.0.0.1:47532", (
        rs.ClientGroupInfo(1, 0, 0), rs.ClientGroupInfo(1, 2, 3))),
    rs.ClusterMetadata("single-node", (rs.ClusterNode("iggy-node", "127.0.0.1", 8090, 8080, 3000, 8092, 0, 0),)),
    rs.Stats(
        28917, 1.5, 12.25, 50_000_000, 16_000_000_000, 8_000_000_000, 9_146_209, 1_795_303_255_379_363, 1234, 5678,
        409, 1, 3, 6, 6, 6, 1, 1, "fakehost", "Linux", "12", "6.1.0", "0.8.0", 8000,
        (rs.CacheMetric(0, 0, 0, 10, 2, 0.5),), 7, 100_000_000_000, 500_000_000_000, (),
    ),
    rs.GroupHeader(0, 3, 0, "cg1"),
    rs.GroupDetails(0, 4, "g1", (rs.GroupMember(0, (0, 2)), rs.GroupMember(1, (1, 3)))),
    rs.ConsumerOffsetInfo(0, 2, 1),
    PolledMessages(2, 9, 2, [
        Message(b"a", id=1, offset=8, timestamp_us=10, origin_timestamp_us=9, checksum=77),
        Message(b"bc", id=2, offset=9, timestamp_us=10, origin_timestamp_us=9, checksum=78,
                user_headers={"k": HeaderValue.int8(-3)}),
    ]),
]
