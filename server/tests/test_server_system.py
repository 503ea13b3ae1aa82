"""System commands and session rules over real TCP: ping, auth gate, stats, clients, cluster, snapshot."""

from __future__ import annotations

import io
import os
import struct
import zipfile
from pathlib import Path

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode, SegmentWriterBackend
from iggy.protocol.primitives import PollingStrategy
from iggy.protocol.codes import NOT_LOGGED_IN_USER_ID
from iggy.protocol.responses import ClientDetails, ClientInfo, ClusterMetadata, Stats

from server_support import WireClient

# The one release version, read from its source rather than from the server's own constant.
RELEASE_VERSION = (Path(__file__).resolve().parents[2] / "VERSION").read_text(encoding="utf-8").strip()


def test_ping_works_without_login_and_answers_empty_ok(server):
    with server.client(login=False) as c:
        assert c.request(Command.PING) == (0, b"")


def test_commands_other_than_ping_and_login_need_authentication(server):
    with server.client(login=False) as c:
        assert c.request(Command.GET_STREAMS) == (ErrorCode.UNAUTHENTICATED, b"")
        assert c.request(Command.GET_ME) == (ErrorCode.UNAUTHENTICATED, b"")
        # The connection is still usable and in sync afterwards.
        assert c.request(Command.PING) == (0, b"")
        assert c.login() == 0
        assert c.request(Command.GET_STREAMS)[0] == 0


def test_unauthenticated_send_messages_payload_is_drained_not_parsed(server):
    with server.client(login=False) as c:
        # A payload that would be a valid Ping frame if the server parsed it as the next frame.
        embedded_ping = struct.pack("<II", 4, Command.PING)
        c.send_raw(struct.pack("<II", 4 + len(embedded_ping), Command.SEND_MESSAGES) + embedded_ping)
        assert c.read_response() == (ErrorCode.UNAUTHENTICATED, b"")
        assert c.request(Command.GET_ME) == (ErrorCode.UNAUTHENTICATED, b"")


def test_wrong_password_is_invalid_credentials(server):
    with server.client(login=False) as c:
        status = c.status_of(requests.LoginUser("iggy", "wrong-password", "", ""))
        assert status == ErrorCode.INVALID_CREDENTIALS


def test_get_stats_reports_real_process_figures(server, client, unique):
    client.call(requests.CreateStream(unique("stats")))
    stats = Stats.decode(client.call(requests.GetStats()))
    assert stats.process_id == server.pid
    assert stats.memory_usage_bytes > 1_000_000
    assert stats.total_memory_bytes >= stats.available_memory_bytes > 0
    assert stats.streams_count >= 1
    assert stats.clients_count >= 1
    assert stats.iggy_server_version == RELEASE_VERSION  # this build
    assert stats.iggy_server_semver == 8000  # the Iggy protocol it speaks: 0.8.0
    assert stats.hostname
    assert stats.start_time_us > 0 and stats.run_time_us > 0
    assert stats.total_disk_space_bytes >= stats.free_disk_space_bytes > 0
    assert stats.threads_count >= 1


def test_get_stats_carries_hot_path_counters_that_move_with_traffic(client, topic):
    before = Stats.decode(client.call(requests.GetStats())).hot_path
    assert before is not None
    assert before.writer == SegmentWriterBackend.PWRITEV  # the default [system.io] writer
    assert before.pool_capacity_bytes == 512 * 1024 * 1024  # the default [system.memory_pool] size_bytes
    payloads = [bytes([i % 256]) * 1000 for i in range(200)]  # ~210 KB: received into a pooled buffer
    client.send(*topic, payloads)
    # Polls send views of a map of the log (system.io.mmap_reads), not pooled buffers.
    assert len(client.poll(*topic, PollingStrategy.first(), count=500).messages) == 200
    after = Stats.decode(client.call(requests.GetStats())).hot_path
    assert after.writes > before.writes
    assert after.bytes_written - before.bytes_written >= 200 * 1000
    assert after.pool_hits + after.pool_misses >= before.pool_hits + before.pool_misses + 1
    assert after.pool_reserved_bytes <= after.pool_capacity_bytes


def test_get_me_and_clients_show_this_connection(server, client):
    me = ClientDetails.decode(client.call(requests.GetMe()))
    assert me.user_id == 0 and me.transport == 1
    local_host, local_port = client.sock.getsockname()[:2]
    assert me.address == f"{local_host}:{local_port}"
    with server.client(login=False) as anonymous:
        assert anonymous.request(Command.PING)[0] == 0  # the server has surely registered it now
        clients = ClientInfo.decode_list(client.call(requests.GetClients()))
        by_id = {c.client_id: c for c in clients}
        assert by_id[me.client_id].user_id == 0
        assert NOT_LOGGED_IN_USER_ID in {c.user_id for c in clients}  # the anonymous connection is listed
    other = ClientDetails.decode(client.call(requests.GetClient(me.client_id)))
    assert other == me


def test_client_id_is_xxh32_of_peer_address(client):
    from iggy_server._native import xxh32

    me = ClientDetails.decode(client.call(requests.GetMe()))
    assert me.client_id == xxh32(me.address.encode(), 0)


def test_get_client_unknown_is_empty_and_zero_is_invalid(client):
    assert client.call(requests.GetClient(12345)) == b""
    assert client.status_of(requests.GetClient(0)) == ErrorCode.INVALID_CLIENT_ID


def test_cluster_metadata_is_single_node_leader_on_bound_port(server, client):
    metadata = ClusterMetadata.decode(client.call(requests.GetClusterMetadata()))
    assert metadata.name == "single-node"
    (node,) = metadata.nodes
    assert (node.name, node.ip, node.tcp_port, node.role, node.status) == ("iggy-node", "127.0.0.1", server.port, 0, 0)


def test_snapshot_returns_zip_with_requested_sections(client):
    body = client.call(requests.GetSnapshot(2, (4, 6)))
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        assert sorted(archive.namelist()) == ["server_config.txt", "test.txt"]
        assert archive.read("test.txt") == b"test\n"
        assert b'"system"' in archive.read("server_config.txt")
    body = client.call(requests.GetSnapshot(1, (100,)))
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        assert sorted(archive.namelist()) == [
            "filesystem_overview.txt", "process_list.txt", "resource_usage.txt", "server_config.txt", "server_logs.txt",
        ]
        assert str(os.getpid()).encode() in archive.read("process_list.txt")


def test_snapshot_rejects_bad_requests(client):
    assert client.status_of(requests.GetSnapshot(9, (1,))) == ErrorCode.INVALID_COMMAND
    assert client.status_of(requests.GetSnapshot(1, (7,))) == ErrorCode.INVALID_COMMAND
    assert client.status_of(requests.GetSnapshot(1, (100, 1))) == ErrorCode.INVALID_COMMAND
    assert client.status_of(requests.GetSnapshot(4, (1,))) == ErrorCode.FEATURE_UNAVAILABLE


def test_logout_returns_the_connection_to_unauthenticated(server):
    with server.client() as c:
        assert c.call(requests.LogoutUser()) == b""
        assert c.request(Command.GET_STREAMS) == (ErrorCode.UNAUTHENTICATED, b"")
