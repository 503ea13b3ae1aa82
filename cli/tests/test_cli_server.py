"""The `iggy` command against a real iggy-server process (one per module, loopback, port 0)."""

from __future__ import annotations

import threading
import time

import pytest
from iggy.sync import IggyClient

from conftest import ROOT_PASSWORD, ROOT_USERNAME

NEVER = 2**64 - 1


def _one_line_error(invocation, name: str, exit_code: int = 1) -> None:
    assert invocation.exit_code == exit_code, (invocation.stdout, invocation.stderr)
    lines = invocation.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {name} ("), invocation.stderr


# --------------------------------------------------------------------------- system


def test_ping_me_stats_and_clients(root, anon, server):
    ping = anon.ok("--json", "ping", "--count", "3").json()  # ping needs no login
    assert ping["count"] == 3 and 0 < ping["min_ms"] <= ping["avg_ms"] <= ping["max_ms"]

    me = root.ok("--json", "me").json()
    assert me["user_id"] == 0 and me["transport"] == "tcp" and me["address"].startswith("127.0.0.1:")

    stats = root.ok("--json", "stats").json()
    assert stats["iggy_server_version"] and stats["clients_count"] >= 1
    assert "Server statistics" in root.ok("stats").stdout
    assert stats["hot_path"]["pool_capacity_bytes"] > 0
    assert "Pool hits / misses" in root.ok("stats").stdout

    # Each CLI run is its own short connection, so look up a connection this test keeps open.
    with IggyClient(address=server.address, username=ROOT_USERNAME, password=ROOT_PASSWORD) as held:
        held_id = held.get_me().client_id
        clients = root.ok("--json", "client", "list").json()
        assert held_id in [c["client_id"] for c in clients]
        assert all(c["address"].startswith("127.0.0.1:") for c in clients)
        assert root.ok("--json", "client", "get", str(held_id)).json()["client_id"] == held_id
        assert str(held_id) in root.ok("client", "list").stdout
    _one_line_error(root("client", "get", "4294967294"), "CLIENT_NOT_FOUND")


def test_wrong_password_reports_invalid_credentials(anon):
    _one_line_error(anon("-u", ROOT_USERNAME, "-p", "wrong", "stream", "list"), "INVALID_CREDENTIALS")


# --------------------------------------------------------------------------- streams, topics, partitions


def test_stream_lifecycle(root, unique):
    name = unique("stream")
    created = root.ok("--json", "stream", "create", name).json()
    stream_id = created["id"]
    assert created["name"] == name
    assert "created" in root.ok("stream", "create", unique("stream")).stdout

    by_name = root.ok("--json", "stream", "get", name).json()
    by_id = root.ok("--json", "stream", "get", str(stream_id)).json()
    assert by_name == by_id and by_name["topics_count"] == 0
    assert name in [s["name"] for s in root.ok("--json", "stream", "list").json()]
    assert name in root.ok("stream", "list").stdout

    _one_line_error(root("stream", "create", name), "STREAM_NAME_ALREADY_EXISTS")

    renamed = unique("renamed")
    root.ok("stream", "update", name, renamed)
    assert root.ok("--json", "s", "g", str(stream_id)).json()["name"] == renamed
    root.ok("stream", "purge", renamed)
    root.ok("stream", "delete", renamed)
    _one_line_error(root("stream", "get", renamed), "STREAM_ID_NOT_FOUND")
    _one_line_error(root("stream", "delete", renamed), "STREAM_ID_NOT_FOUND")


def test_topic_and_partition_lifecycle(root, unique):
    stream = unique("stream")
    root.ok("stream", "create", stream)
    topic = root.ok("--json", "topic", "create", stream, "audit", "3", "gzip", "1h", "30min",
                    "--max-topic-size", "unlimited").json()
    assert topic["name"] == "audit" and topic["partitions_count"] == 3
    assert topic["compression_algorithm"] == "gzip"
    assert topic["message_expiry_us"] == 5_400_000_000
    assert topic["max_topic_size_bytes"] == NEVER
    assert [p["id"] for p in topic["partitions"]] == [0, 1, 2]

    defaults = root.ok("--json", "topic", "create", stream, "plain").json()
    assert defaults["partitions_count"] == 1 and defaults["compression_algorithm"] == "none"

    listed = root.ok("--json", "topic", "list", stream).json()
    assert [t["name"] for t in listed] == ["audit", "plain"]
    assert "audit" in root.ok("stream", "get", stream).stdout

    root.ok("topic", "update", stream, "audit", "audit-v2", "none", "unlimited")
    updated = root.ok("--json", "topic", "get", stream, "audit-v2").json()
    assert updated["compression_algorithm"] == "none" and updated["message_expiry_us"] == NEVER

    root.ok("partition", "create", stream, "audit-v2", "2")
    assert root.ok("--json", "topic", "get", stream, "audit-v2").json()["partitions_count"] == 5
    root.ok("partition", "delete", stream, "audit-v2", "1")
    assert root.ok("--json", "topic", "get", stream, "audit-v2").json()["partitions_count"] == 4

    root.ok("topic", "purge", stream, "audit-v2")
    root.ok("topic", "delete", stream, "audit-v2")
    _one_line_error(root("topic", "get", stream, "audit-v2"), "TOPIC_ID_NOT_FOUND")
    _one_line_error(root("topic", "list", unique("missing")), "STREAM_ID_NOT_FOUND")
    assert root("topic", "create", stream, "bad", "1", "none", "--max-topic-size", "lots").exit_code == 2


# --------------------------------------------------------------------------- messages


@pytest.fixture
def topic(root, unique):
    stream = unique("stream")
    root.ok("stream", "create", stream)
    root.ok("topic", "create", stream, "events", "3")
    return stream, "events"


def test_send_from_arguments_with_headers_and_poll_as_json(root, topic):
    stream, name = topic
    sent = root.ok("--json", "message", "send", stream, name, "-p", "0", "hello", "wörld",
                   "-H", "source:string:cli,retries:uint8:3", "-H", "flag:bool:true").json()
    assert sent["messages"] == 2
    polled = root.ok("--json", "message", "poll", stream, name, "0", "--first", "-m", "10").json_lines()
    assert [m["payload"] for m in polled] == ["hello", "wörld"]
    assert [m["offset"] for m in polled] == [0, 1]
    assert polled[0]["headers"] == {"source": {"kind": "string", "value": "cli"},
                                    "retries": {"kind": "uint8", "value": 3},
                                    "flag": {"kind": "bool", "value": True}}
    table = root.ok("message", "poll", stream, name, "0", "--first", "-m", "10", "--show-headers").stdout
    assert "hello" in table and "source:string:cli" in table


def test_send_from_stdin_in_batches_and_poll_in_batches(root, topic):
    stream, name = topic
    lines = "".join(f"line-{n}\n" for n in range(2500)) + "\n\n"  # trailing empty lines are skipped
    sent = root.ok("--json", "message", "send", stream, name, "-p", "1", "--batch-size", "700", input=lines).json()
    assert sent["messages"] == 2500
    polled = root.ok("--json", "message", "poll", stream, name, "1", "--first", "-m", "2200",
                     "--batch-size", "500").json_lines()
    assert [m["offset"] for m in polled] == list(range(2200))
    assert polled[-1]["payload"] == "line-2199"
    rest = root.ok("--json", "message", "poll", stream, name, "1", "--offset", "2200", "-m", "1000").json_lines()
    assert [m["payload"] for m in rest] == [f"line-{n}" for n in range(2200, 2500)]


def test_send_files_lines_and_whole_binary(root, topic, tmp_path):
    stream, name = topic
    text_file = tmp_path / "lines.txt"
    text_file.write_bytes(b"first\r\nsecond\n")
    root.ok("message", "send", stream, name, "-p", "2", "--input-file", str(text_file))
    binary = bytes(range(256)) * 4
    binary_file = tmp_path / "blob.bin"
    binary_file.write_bytes(binary)
    root.ok("message", "send", stream, name, "-p", "2", "--whole", "-i", str(binary_file))
    polled = root.ok("--json", "message", "poll", stream, name, "2", "--first", "-m", "10").json_lines()
    assert [m.get("payload") for m in polled[:2]] == ["first", "second"]
    import base64

    assert base64.b64decode(polled[2]["payload_base64"]) == binary
    assert polled[2]["size_bytes"] == len(binary)
    assert root("message", "send", stream, name, "x", "-i", str(text_file)).exit_code == 2
    assert root("message", "send", stream, name, "-p", "0", "-m", "key", "x").exit_code == 2
    assert root("message", "send", stream, name, input="\n\n").exit_code == 2


def test_message_key_keeps_messages_on_one_partition(root, topic):
    stream, name = topic
    for payload in ("a", "b", "c"):
        root.ok("message", "send", stream, name, "--message-key", "customer-7", payload)
    partitions_with_messages = []
    for partition in ("0", "1", "2"):
        polled = root.ok("--json", "message", "poll", stream, name, partition, "--first", "-m", "10").json_lines()
        if polled:
            partitions_with_messages.append([m["payload"] for m in polled])
    assert partitions_with_messages == [["a", "b", "c"]]


def test_polling_strategies_and_auto_commit(root, topic):
    stream, name = topic
    root.ok("message", "send", stream, name, "-p", "0", *[f"m{n}" for n in range(6)])

    def poll(*args):
        return [m["payload"] for m in root.ok("--json", "message", "poll", stream, name, "0", *args).json_lines()]

    assert poll("--first") == ["m0"]  # default count is 1, as in Iggy's CLI
    assert poll("--offset", "4", "-m", "10") == ["m4", "m5"]
    assert poll("--last", "-m", "2") == ["m4", "m5"]
    # --next with auto-commit advances the consumer's stored offset between invocations.
    assert poll("--next", "-c", "reader", "-m", "2", "--auto-commit") == ["m0", "m1"]
    assert poll("--next", "-c", "reader", "-m", "2", "--auto-commit") == ["m2", "m3"]
    offset = root.ok("--json", "consumer-offset", "get", "reader", stream, name, "0").json()
    assert offset["stored_offset"] == 3 and offset["current_offset"] == 5
    # Without --auto-commit nothing is stored.
    assert poll("--next", "-c", "peeker", "-m", "2") == ["m0", "m1"]
    assert poll("--next", "-c", "peeker", "-m", "2") == ["m0", "m1"]
    assert poll("--offset", "100") == []
    root.ok("message", "flush", stream, name, "0", "--fsync")


def test_follow_prints_messages_as_they_arrive(root, topic, server):
    stream, name = topic

    def send_later():
        time.sleep(0.5)
        with IggyClient(address=server.address, username=ROOT_USERNAME, password=ROOT_PASSWORD) as client:
            client.send_messages(stream, name, [b"late-1", b"late-2"], partitioning=0)
            time.sleep(0.3)
            client.send_messages(stream, name, [b"late-3"], partitioning=0)

    sender = threading.Thread(target=send_later, daemon=True)
    sender.start()
    started = time.monotonic()
    followed = root.ok("--json", "message", "poll", stream, name, "0", "--first", "--follow", "-m", "3",
                       "--interval-ms", "50").json_lines()
    sender.join(timeout=10)
    assert [m["payload"] for m in followed] == ["late-1", "late-2", "late-3"]
    assert time.monotonic() - started >= 0.5  # it really waited for messages that did not exist yet


def test_consumer_groups_and_offsets(root, topic):
    stream, name = topic
    root.ok("message", "send", stream, name, "-p", "0", "a0", "a1")
    root.ok("message", "send", stream, name, "-p", "1", "b0")
    group = root.ok("--json", "consumer-group", "create", stream, name, "workers").json()
    assert group["name"] == "workers" and group["partitions_count"] == 3
    assert [g["name"] for g in root.ok("--json", "consumer-group", "list", stream, name).json()] == ["workers"]
    details = root.ok("--json", "consumer-group", "get", stream, name, "workers").json()
    assert details["members_count"] == 0  # the CLI left the group after polling nothing yet

    polled = root.ok("--json", "message", "poll", stream, name, "--group", "workers", "--auto-commit",
                     "-m", "10", "--batch-size", "1").json_lines()
    assert sorted(m["payload"] for m in polled) == ["a0", "a1", "b0"]
    again = root.ok("--json", "message", "poll", stream, name, "--group", "workers", "--auto-commit",
                    "-m", "10").json_lines()
    assert again == []  # committed offsets moved the group past everything
    stored = root.ok("--json", "consumer-offset", "get", "workers", stream, name, "0", "-k", "consumer-group").json()
    assert stored["stored_offset"] == 1
    assert root("message", "poll", stream, name, "--group", "workers", "--follow").exit_code == 2

    root.ok("consumer-offset", "set", "7", stream, name, "0", "1")
    assert root.ok("--json", "consumer-offset", "get", "7", stream, name, "0").json()["stored_offset"] == 1
    root.ok("consumer-offset", "delete", "7", stream, name, "0")
    _one_line_error(root("consumer-offset", "get", "7", stream, name, "0"), "CONSUMER_OFFSET_NOT_FOUND")

    root.ok("consumer-group", "delete", stream, name, "workers")
    _one_line_error(root("consumer-group", "get", stream, name, "workers"), "CONSUMER_GROUP_ID_NOT_FOUND")


# --------------------------------------------------------------------------- users, tokens, sessions


def test_users_permissions_and_tokens(root, anon, unique):
    username = unique("user")
    created = root.ok("--json", "user", "create", username, "pass-1234", "-g", "r_str,r_top").json()
    user_id = created["id"]
    details = root.ok("--json", "user", "get", username).json()
    assert details["permissions"]["global_permissions"]["read_streams"] is True
    assert details["permissions"]["global_permissions"]["manage_streams"] is False
    assert username in [u["username"] for u in root.ok("--json", "user", "list").json()]

    as_user = ["-u", username, "-p", "pass-1234"]
    anon.ok(*as_user, "stream", "list")
    _one_line_error(anon(*as_user, "stream", "create", unique("denied")), "UNAUTHORIZED")

    root.ok("user", "permissions", username, "-g", "m_str,r_str")
    anon.ok(*as_user, "stream", "create", unique("allowed"))

    root.ok("user", "password", username, "pass-1234", "pass-5678")
    _one_line_error(anon(*as_user, "me"), "INVALID_CREDENTIALS")
    new_login = ["-u", username, "-p", "pass-5678"]
    assert anon.ok(*new_login, "--json", "me").json()["user_id"] == user_id

    token = anon.ok(*new_login, "--json", "pat", "create", "laptop", "1day").json()["token"]
    assert anon.ok("--token", token, "--json", "me").json()["user_id"] == user_id
    quiet_token = anon.ok(*new_login, "-q", "pat", "create", "scripted").stdout.strip()
    assert anon.ok("-t", quiet_token, "--json", "me").json()["user_id"] == user_id
    tokens = {t["name"]: t for t in anon.ok(*new_login, "--json", "pat", "list").json()}
    assert set(tokens) == {"laptop", "scripted"}
    assert tokens["scripted"]["expiry_at_us"] in (0, NEVER)
    anon.ok(*new_login, "pat", "delete", "laptop")
    assert anon("--token", token, "me").exit_code == 1

    root.ok("user", "status", username, "inactive")
    assert root.ok("--json", "user", "get", str(user_id)).json()["status"] == "inactive"
    renamed = unique("renamed")
    root.ok("user", "update", username, "--username", renamed, "--status", "active")
    assert root.ok("--json", "user", "get", str(user_id)).json()["username"] == renamed
    root.ok("user", "delete", renamed)
    _one_line_error(root("user", "get", renamed), "RESOURCE_NOT_FOUND")


def test_login_session_and_logout(anon, root, iggy_home):
    login = anon.ok("login", "-u", ROOT_USERNAME, "-p", ROOT_PASSWORD, "1h")
    assert "logged in" in login.stdout
    contexts_text = (iggy_home / "contexts.toml").read_text()
    assert "session_token" in contexts_text
    # No credentials given: the stored session is used.
    assert anon.ok("--json", "me").json()["user_id"] == 0
    assert "already logged in" in anon.ok("login").stdout
    sessions = [t for t in anon.ok("--json", "pat", "list").json() if t["name"] == "iggy-cli-session"]
    assert len(sessions) == 1 and sessions[0]["expiry_at_us"] not in (0, NEVER)

    anon.ok("logout")
    assert "session_token" not in (iggy_home / "contexts.toml").read_text()
    assert "iggy-cli-session" not in [t["name"] for t in root.ok("--json", "pat", "list").json()]
    assert anon("stream", "list").exit_code == 2
    assert "not logged in" in anon.ok("logout").stdout


def test_revoked_session_is_forgotten_with_a_clear_message(anon, root, iggy_home):
    anon.ok("context", "create", "box", "--use")
    anon.ok("login", "-u", ROOT_USERNAME, "-p", ROOT_PASSWORD)
    root.ok("pat", "delete", "iggy-cli-box")  # revoked elsewhere
    result = anon("stream", "list")
    assert result.exit_code == 1
    assert "login session of context 'box' has expired or was revoked" in result.stderr
    assert "session_token" not in (iggy_home / "contexts.toml").read_text()
    assert anon("stream", "list").exit_code == 2  # and is not retried again


def test_context_credentials_and_flag_overrides(anon, server, unique):
    anon.ok("context", "create", "creds", "--address", server.address, "-u", ROOT_USERNAME, "-p", ROOT_PASSWORD)
    assert anon.ok("--context", "creds", "--json", "me").json()["user_id"] == 0
    # A flag beats the context: wrong password from the command line is used, and rejected.
    _one_line_error(anon("--context", "creds", "-p", "wrong", "me"), "INVALID_CREDENTIALS")
    # IGGY_CONTEXT selects the context like --context.
    assert anon.ok("--json", "me", env={"IGGY_CONTEXT": "creds"}).json()["user_id"] == 0
