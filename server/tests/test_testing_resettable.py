"""`TestServer(resettable=True).reset()`: the server starts over in its process, and what a client observes is
what a new server shows. The conformance runner relies on it to give every case a fresh server without a new
process (conformance/runner.py `_FreshServers`)."""

from __future__ import annotations

import urllib.request

import pytest

from iggy.sync import IggyClient
from iggy_server.testing import TestServer


def _observe(address: str) -> dict[str, object]:
    """The same requests on a server, and everything a conformance case could compare in their answers."""
    with IggyClient(f"iggy://iggy:iggy@{address}") as client:
        created = client.create_stream("observed")
        client.create_topic("observed", "t", partitions_count=2)
        confirmation = client.send_messages("observed", "t", [b"a", b"b", b"c"], partitioning=1)
        polled = client.poll_messages("observed", "t", partition_id=1, count=10)
        client.create_personal_access_token("token")
        stats = client.get_stats()
        return {
            "created_stream_id": created.id,
            "streams": [(stream.id, stream.name, stream.topics_count) for stream in client.get_streams()],
            "users": [(user.id, user.username) for user in client.get_users()],
            "tokens": [token.name for token in client.get_personal_access_tokens()],
            "confirmation": None if confirmation is None else (confirmation.partition_id, confirmation.base_offset),
            "polled": [(message.offset, bytes(message.payload)) for message in polled.messages],
            "counts": (
                stats.streams_count, stats.topics_count, stats.partitions_count, stats.messages_count,
                stats.consumer_groups_count, stats.clients_count,
            ),
            "clients": [client_info.user_id for client_info in client.get_clients()],
            "me": client.get_me().user_id,
        }


def _messages_sent_over_tcp(server: TestServer) -> float:
    with urllib.request.urlopen(f"http://{server.facts['http_address']}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    for line in text.splitlines():
        if line.startswith("iggy_messages_sent_total") and 'transport="tcp"' in line:
            return float(line.rpartition(" ")[2])
    raise AssertionError(f"no TCP messages_sent counter in /metrics:\n{text[:2000]}")


def test_a_reset_server_shows_what_a_new_server_shows() -> None:
    with TestServer() as fresh:
        expected = _observe(fresh.address)
    with TestServer(resettable=True) as server:
        pid, address = server.pid, server.address
        with IggyClient(f"iggy://iggy:iggy@{address}") as client:  # state a new server would not have
            client.create_stream("before-reset")
            client.create_topic("before-reset", "t", partitions_count=3)
            client.send_messages("before-reset", "t", [b"x"] * 5, partitioning=1)
            client.create_user("someone", "secret-password")
        server.reset()
        assert (server.pid, server.address) == (pid, address)  # the same process, on the same ports
        assert _observe(server.address) == expected
        # Nothing of before the reset is left on disk: only the stream observed since.
        assert [path.name for path in (server.data_dir / "streams").iterdir()] == [str(expected["created_stream_id"])]


def test_a_reset_zeroes_the_traffic_counters() -> None:
    with TestServer(resettable=True, env={"IGGY_HTTP_ENABLED": "true"}) as server:
        with IggyClient(f"iggy://iggy:iggy@{server.address}") as client:
            client.create_stream("s")
            client.create_topic("s", "t")
            client.send_messages("s", "t", [b"x"] * 5, partitioning=0)
        assert _messages_sent_over_tcp(server) == 5
        server.reset()
        assert _messages_sent_over_tcp(server) == 0


def test_a_reset_after_a_restart_still_starts_over() -> None:
    with TestServer(resettable=True) as server:
        with IggyClient(f"iggy://iggy:iggy@{server.address}") as client:
            client.create_stream("kept-by-restart")
        server.restart()
        with IggyClient(f"iggy://iggy:iggy@{server.address}") as client:
            assert [stream.name for stream in client.get_streams()] == ["kept-by-restart"]
        server.reset()
        with IggyClient(f"iggy://iggy:iggy@{server.address}") as client:
            assert client.get_streams() == []


def test_reset_needs_a_resettable_server_and_no_given_data_dir(tmp_path) -> None:
    with pytest.raises(ValueError, match="no data_dir"):
        TestServer(data_dir=tmp_path, resettable=True)
    with TestServer() as server:
        with pytest.raises(RuntimeError, match="resettable=True"):
            server.reset()
