"""What Iggy 0.9 adds, against the real server: sessions and identities, the send confirmation, topic options and
their catalog, consumer-group generations and fenced polls, evictions, and the rule that a replicated request whose
outcome is unknown after a lost connection is never sent again under the new identity (through a proxy that cuts
the connection between the request and its reply)."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from iggy import CompressionAlgorithm, Consumer, IggyClient, PollingStrategy
from iggy.errors import ConnectionLostError, EvictedError, IggyError, InvalidCredentialsError
from iggy.protocol.codes import (
    OPTION_CATALOG,
    RESYNC_PARTITION_ID,
    ErrorCode,
    EvictionReason,
    HeaderKind,
    OptionScope,
    ProtocolVersion,
)

V0_9 = ProtocolVersion.V0_9


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def client_for(server, **options) -> IggyClient:
    return IggyClient(server.url(V0_9), heartbeat_interval_ms=0, **options)


def test_send_confirmations_name_the_partition_and_base_offset(iggy_server):
    async def scenario():
        async with client_for(iggy_server) as client:
            stream = unique("conf")
            await client.create_stream(stream)
            await client.create_topic(stream, "t", partitions_count=2)
            first = await client.send_messages(stream, "t", [b"a", b"b"], partitioning=1)
            second = await client.send_messages(stream, "t", [b"c"], partitioning=1)
            assert (first.partition_id, first.base_offset) == (1, 0)
            assert (second.partition_id, second.base_offset) == (1, 2)
            topic = await client.get_topic(stream, "t")
            assert (first.stream_id, first.topic_id) == ((await client.get_stream(stream)).id, topic.id)
            # Balanced sends go round robin from the client: one message per partition.
            spread = [await client.send_messages(stream, "t", [b"x"]) for _ in range(2)]
            assert sorted(c.partition_id for c in spread) == [0, 1]
            await client.delete_stream(stream)

    run(scenario())


def test_topic_options_are_stored_explicit_or_derived_and_patched(iggy_server):
    async def scenario():
        async with client_for(iggy_server) as client:
            stream = unique("opt")
            await client.create_stream(stream)
            created = await client.create_topic(
                stream, "t", 1, CompressionAlgorithm.GZIP, message_expiry_us=3_600_000_000,
                segment_size_bytes="128 MiB", messages_required_to_save=10)
            explicit = {k: (v.kind, v.value) for k, v in created.option_values.items()}
            assert explicit == {
                "compression_algorithm": (HeaderKind.STRING, "gzip"),
                "consumer_offset_durability": (HeaderKind.STRING, "replicated"),
                "durability": (HeaderKind.STRING, "replicated"),
                "message_expiry": (HeaderKind.UINT64, 3_600_000_000),
                "messages_required_to_save": (HeaderKind.UINT32, 10),
                "segment_size": (HeaderKind.UINT64, 128 * 1024 * 1024),  # the server parsed the text
            }
            catalog = [key for scope, key in OPTION_CATALOG if scope == OptionScope.TOPIC]
            assert set(created.derived_option_values) == set(catalog) - set(explicit)
            assert created.compression_algorithm == CompressionAlgorithm.GZIP
            assert created.message_expiry_us == 3_600_000_000

            await client.update_topic(stream, "t", "t", max_topic_size_bytes=1 << 31)  # a patch
            updated = await client.get_topic(stream, "t")
            assert updated.max_topic_size_bytes == 1 << 31
            assert updated.message_expiry_us == 3_600_000_000 and updated.compression_algorithm == 2
            listed = await client.get_topics(stream)
            assert [t.name for t in listed] == ["t"] and listed[0].option_values == updated.option_values

            with pytest.raises(IggyError) as unknown:
                await client.create_topic(stream, "u", options={"no_such_key": "1"})
            assert unknown.value.code == ErrorCode.UNSUPPORTED_OPTION_KEY
            with pytest.raises(IggyError) as bad:
                await client.create_topic(stream, "u", durability="sometimes")
            assert bad.value.code == ErrorCode.INVALID_OPTION_VALUE
            assert await client.get_topic(stream, "u") is None
            with pytest.raises(IggyError) as stream_option:
                await client.create_stream(unique("s"), options={"any": "x"})
            assert stream_option.value.code == ErrorCode.UNSUPPORTED_OPTION_KEY
            await client.delete_stream(stream)

    run(scenario())


def test_the_option_catalog_is_the_specs(iggy_server):
    async def scenario():
        async with client_for(iggy_server) as client:
            topic = await client.describe_options(OptionScope.TOPIC)
            assert [(e.key, e.kind) for e in topic] == [
                (key, kind) for (scope, key), (kind, *_rest) in OPTION_CATALOG.items() if scope == OptionScope.TOPIC]
            assert await client.describe_options("stream") == [] and await client.describe_options("user") == []

    run(scenario())


def test_a_reconnect_registers_a_new_identity_and_session(iggy_server):
    async def scenario():
        async with client_for(iggy_server, reconnection_interval_ms=10) as client:
            first = (client.session.client_id, client.session.session)
            await client.ping()
            client._connection.abort()  # the connection dies under the client
            await client.ping()  # a read: sent again on the new connection
            second = (client.session.client_id, client.session.session)
            assert second[0] != first[0] and second[1] != first[1] and second[1] > 0
            await client.login_user("iggy", "iggy")  # an explicit re-login: a third identity
            assert client.session.client_id not in (first[0], second[0])

    run(scenario())


def test_login_failures_are_evictions_with_their_reason(iggy_server):
    async def scenario():
        with pytest.raises(InvalidCredentialsError) as wrong:
            async with IggyClient(f"iggy://iggy:wrong@{iggy_server.address}?protocol=0.9&reconnection_retries=0"):
                pass
        assert isinstance(wrong.value, EvictedError) and wrong.value.reason == EvictionReason.INVALID_CREDENTIALS
        with pytest.raises(EvictedError) as token:
            async with IggyClient(f"iggy://not-a-token@{iggy_server.address}?protocol=0.9&reconnection_retries=0"):
                pass
        assert token.value.reason == EvictionReason.INVALID_TOKEN
        assert token.value.code == ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN

    run(scenario())


def test_group_members_sync_generations_and_are_fenced_off_other_partitions(iggy_server):
    async def scenario():
        stream = unique("grp")
        async with client_for(iggy_server) as a, client_for(iggy_server) as b:
            await a.create_stream(stream)
            await a.create_topic(stream, "t", partitions_count=2)
            await a.create_consumer_group(stream, "t", "g")
            assert await a.sync_consumer_group(stream, "t", "g") is None  # not a member yet
            await a.join_consumer_group(stream, "t", "g")
            alone = await a.sync_consumer_group(stream, "t", "g")
            assert sorted(alone.partitions) == [0, 1]
            await b.join_consumer_group(stream, "t", "g")
            # Nothing was polled, so the hand-off completes at once: one partition each, a newer generation.
            mine, theirs = await a.sync_consumer_group(stream, "t", "g"), await b.sync_consumer_group(stream, "t", "g")
            assert mine.generation > alone.generation and len(mine.partitions) == len(theirs.partitions) == 1
            assert {*mine.partitions, *theirs.partitions} == {0, 1}
            fenced = await a.poll_messages(stream, "t", theirs.partitions[0], Consumer.group("g"),
                                           PollingStrategy.next(), 10)
            assert fenced.partition_id == RESYNC_PARTITION_ID and list(fenced.messages) == []
            await a.send_messages(stream, "t", [b"m"], partitioning=mine.partitions[0])
            own = await a.poll_messages(stream, "t", mine.partitions[0], Consumer.group("g"), PollingStrategy.next(),
                                        10, auto_commit=True)
            assert [bytes(m.payload) for m in own.messages] == [b"m"]
            await a.delete_stream(stream)

    run(scenario())


class CuttingProxy:
    """A loopback TCP proxy to the server that, once `cut_next_reply` is set, closes both sides when the server's
    next bytes arrive instead of forwarding them: the request was applied, its reply lost."""

    def __init__(self, target: str) -> None:
        self.host, port = target.rsplit(":", 1)
        self.target_port = int(port)
        self.cut_next_reply = False
        self.connections = 0
        self._server: asyncio.base_events.Server | None = None

    async def start(self) -> CuttingProxy:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self._server.sockets[0].getsockname()[1]}"

    async def stop(self) -> None:
        self._server.close()
        await self._server.wait_closed()

    async def _serve(self, client_reader, client_writer) -> None:
        self.connections += 1
        server_reader, server_writer = await asyncio.open_connection(self.host, self.target_port)

        async def upstream() -> None:
            while data := await client_reader.read(65536):
                server_writer.write(data)
                await server_writer.drain()
            server_writer.close()

        async def downstream() -> None:
            while data := await server_reader.read(65536):
                if self.cut_next_reply:
                    self.cut_next_reply = False
                    client_writer.transport.abort()
                    server_writer.transport.abort()
                    return
                client_writer.write(data)
                await client_writer.drain()
            client_writer.close()

        try:
            await asyncio.gather(upstream(), downstream())
        except (ConnectionError, OSError):
            pass
        finally:
            client_writer.close()


def test_a_write_whose_reply_was_lost_is_not_sent_again(iggy_server):
    async def scenario():
        proxy = await CuttingProxy(iggy_server.address).start()
        stream = unique("lost")
        try:
            async with IggyClient(f"iggy://iggy:iggy@{proxy.address}?protocol=0.9&heartbeat_interval=0"
                                  "&reconnection_interval=10") as client:
                identity = client.session.client_id
                proxy.cut_next_reply = True
                with pytest.raises(ConnectionLostError) as lost:
                    await client.create_stream(stream)
                assert "not sent again under a new session" in lost.value.message
                # The next call connects again under a new identity; the stream exists once: it was applied
                # once and never sent again.
                assert (await client.get_stream(stream)).name == stream
                assert client.session.client_id != identity and proxy.connections == 2
                assert [s.name for s in await client.get_streams()].count(stream) == 1
                await client.delete_stream(stream)
        finally:
            await proxy.stop()

    run(scenario())
