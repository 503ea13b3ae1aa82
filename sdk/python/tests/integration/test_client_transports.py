"""The client over ``iggy+ws://`` and ``iggy+http://``: the same API as TCP, against a real server.

The server is the session's (``iggy_server`` in conftest.py: the project's launcher, which reports every
transport's address).
"""

from __future__ import annotations

import asyncio

import pytest

from iggy import IggyClient
from iggy.connection import ClientConfig
from iggy.errors import IggyError
from iggy.connection import protocol_name
from iggy.protocol.codes import ErrorCode, ProtocolVersion
from iggy.protocol.primitives import Consumer, Partitioning, PollingStrategy


@pytest.fixture(scope="module")
def addresses(iggy_server):
    """``{"websocket_address": HOST:PORT, "http_address": ...}``: the launcher's facts about the session server."""
    return iggy_server.facts


def test_connection_strings_pick_the_transport_and_its_default_port():
    assert ClientConfig.parse("iggy+ws://iggy:iggy@example.test").address == "example.test:8092"
    assert ClientConfig.parse("iggy+ws://iggy:iggy@example.test").transport == "ws"
    assert ClientConfig.parse("iggy+http://example.test").address == "example.test:3000"
    assert ClientConfig.parse("iggy+http://example.test:9000").transport == "http"
    assert ClientConfig.parse("iggy://example.test:1").transport == "tcp"


@pytest.mark.parametrize("scheme, key", [("iggy+ws", "websocket_address"), ("iggy+http", "http_address")])
def test_streams_messages_offsets_over_transport(addresses, scheme, key, protocol):
    asyncio.run(streams_messages_offsets(addresses[key], scheme, protocol))


async def streams_messages_offsets(address: str, scheme: str, protocol: ProtocolVersion) -> None:
    stream = f"sdk-{scheme.split('+')[1]}-{protocol_name(protocol)}"
    async with IggyClient(f"{scheme}://iggy:iggy@{address}?protocol={protocol_name(protocol)}") as client:
        await client.ping()
        await client.create_stream(stream)
        with pytest.raises(IggyError) as duplicate:
            await client.create_stream(stream)
        assert duplicate.value.code == ErrorCode.STREAM_NAME_ALREADY_EXISTS
        assert await client.get_stream("no-such-stream") is None
        topic = await client.create_topic(stream, "t", 2)
        assert [p.id for p in topic.partitions] == [0, 1]
        confirmation = await client.send_messages(stream, "t", [b"one", b"two", b"three"],
                                                  partitioning=Partitioning.partition_id(1))
        if protocol >= ProtocolVersion.V0_9:
            assert (confirmation.partition_id, confirmation.base_offset) == (1, 0)
            assert [entry.key for entry in await client.describe_options("topic")][:3] == [
                "compression_algorithm", "message_expiry", "max_topic_size"]
            await client.update_topic(stream, "t", "t", message_expiry_us=7_000_000)
            assert (await client.get_topic(stream, "t")).message_expiry_us == 7_000_000
        else:
            assert confirmation is None
        polled = await client.poll_messages(stream, "t", partition_id=1, consumer=Consumer.consumer(7),
                                            strategy=PollingStrategy.first(), count=10)
        assert [bytes(m.payload) for m in polled.messages] == [b"one", b"two", b"three"]
        assert [m.offset for m in polled.messages] == [0, 1, 2]
        await client.store_consumer_offset(Consumer.consumer(7), stream, "t", 1, 1)
        stored = await client.get_consumer_offset(Consumer.consumer(7), stream, "t", 1)
        assert stored is not None and stored.stored_offset == 1
        token = await client.create_personal_access_token(f"pat-{stream}")
        assert token
        await client.delete_stream(stream)
        assert await client.get_stream(stream) is None


def test_http_has_no_consumer_group_membership(addresses, protocol):
    asyncio.run(no_group_membership(addresses, protocol))


async def no_group_membership(addresses: dict[str, str], protocol: ProtocolVersion) -> None:
    stream = f"sdk-http-groups-{protocol_name(protocol)}"
    async with IggyClient(f"iggy+http://iggy:iggy@{addresses['http_address']}?protocol={protocol_name(protocol)}"
                          ) as client:
        await client.create_stream(stream)
        await client.create_topic(stream, "t", 1)
        await client.create_consumer_group(stream, "t", "g")
        with pytest.raises(IggyError) as unavailable:
            await client.join_consumer_group(stream, "t", "g")
        assert unavailable.value.code == ErrorCode.FEATURE_UNAVAILABLE


def test_http_wrong_password_and_revoked_login(addresses, protocol):
    asyncio.run(wrong_password_and_revoked_login(addresses, protocol_name(protocol)))


async def wrong_password_and_revoked_login(addresses: dict[str, str], version: str) -> None:
    with pytest.raises(IggyError) as refused:
        async with IggyClient(f"iggy+http://iggy:wrong@{addresses['http_address']}?protocol={version}"):
            pass
    assert refused.value.code == ErrorCode.INVALID_CREDENTIALS
    client = IggyClient(f"iggy+http://iggy:iggy@{addresses['http_address']}?protocol={version}",
                        reconnection_retries=0)
    async with client:
        await client.logout_user()
        with pytest.raises(IggyError) as unauthenticated:
            await client.get_streams()
        assert unauthenticated.value.code == ErrorCode.UNAUTHENTICATED
