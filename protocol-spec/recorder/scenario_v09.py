"""The capture scenario run by the official apache-iggy 0.9.0 client (capture_v09.py starts it in that client's
own virtualenv: apache-iggy 0.8.0 and 0.9.0 cannot share one).

Lockstep with the parent over stdin/stdout, one JSON object a line: before each step this script writes
``{"step": LABEL}`` and waits for ``go``, so the recording proxy files the step's frames under its label; after
it, ``{"done": LABEL, "ok": bool, "detail": str}``. It imports only the official client and the standard
library, and checks each result, so a recorded frame is one the official client built or accepted.

Run by capture_v09.py: PYTHON scenario_v09.py PROXY_ADDRESS
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from apache_iggy import (  # the official client: nothing of ours is imported here
    Consumer,
    IggyClient,
    PollingStrategy,
    SendMessage,
    TcpConfig,
    UserStatus,
)


def _say(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


async def _step(label: str, action: Callable[[], Awaitable[Any]], check: Callable[[Any], bool] = lambda _: True,
                expect_error: bool = False) -> Any:
    _say({"step": label})
    if sys.stdin.readline().strip() != "go":
        raise SystemExit("the parent did not say go")
    try:
        result = await action()
    except Exception as error:  # the client's errors are the result of an expected failure
        _say({"done": label, "ok": expect_error, "detail": f"{type(error).__name__}: {error}"})
        return None
    ok = not expect_error and check(result)
    _say({"done": label, "ok": ok, "detail": repr(result)[:300]})
    return result


async def main(address: str) -> None:
    client = IggyClient(TcpConfig(server_address=address))
    await _step("connect", client.connect)  # Ping at connect
    await _step("login_wrong_password", lambda: client.login_user("iggy", "wrong"), expect_error=True)
    await _step("login", lambda: client.login_user("iggy", "iggy"))  # Register + GetClusterMetadata
    await _step("ping", client.ping)
    await _step("describe_options_topic", lambda: client.describe_options("topic"), lambda specs: len(specs) >= 8)
    await _step("describe_options_stream", lambda: client.describe_options("stream"), lambda specs: specs == [])
    await _step("create_stream", lambda: client.create_stream("s1"))
    await _step("create_stream_already_exists", lambda: client.create_stream("s1"), expect_error=True)
    await _step("get_stream", lambda: client.get_stream("s1"), lambda s: s is not None and s.name == "s1")
    await _step("get_stream_missing", lambda: client.get_stream("nope"), lambda s: s is None)
    await _step("create_topic", lambda: client.create_topic("s1", "t1", partitions_count=2,
                                                            compression_algorithm="gzip"),
                lambda t: True)
    await _step("get_topic", lambda: client.get_topic("s1", "t1"), lambda t: t is not None and t.name == "t1")
    await _step("get_topics", lambda: client.get_topics("s1"), lambda ts: len(ts) == 1)
    await _step("get_streams", client.get_streams, lambda ss: len(ss) == 1)
    await _step("update_topic", lambda: client.update_topic("s1", "t1", "t1", compression_algorithm="none"))
    await _step("send_messages", lambda: client.send_messages("s1", "t1", 0, [SendMessage("hello"),
                                                                             SendMessage("world")]),
                lambda r: [(c.partition_id, c.base_offset) for c in r.confirmations] == [(0, 0)])
    await _step("poll_messages", lambda: client.poll_messages(
        "s1", "t1", consumer=Consumer.Single(1), polling_strategy=PollingStrategy.First(), count=10,
        auto_commit=True, partition_id=0), lambda ms: [m.payload() for m in ms] == [b"hello", b"world"])
    await _step("get_stats", client.get_stats, lambda s: s.messages_count == 2)
    await _step("create_consumer_group", lambda: client.create_consumer_group("s1", "t1", "cg1"))
    await _step("get_consumer_group", lambda: client.get_consumer_group("s1", "t1", "cg1"),
                lambda g: g is not None)
    await _step("get_consumer_groups", lambda: client.get_consumer_groups("s1", "t1"), lambda gs: len(gs) == 1)
    await _step("join_consumer_group", lambda: client.join_consumer_group("s1", "t1", "cg1"))
    await _step("poll_group", lambda: client.poll_messages(
        "s1", "t1", consumer=Consumer.Group("cg1"), polling_strategy=PollingStrategy.Next(), count=10,
        auto_commit=True, partition_id=0), lambda ms: [m.payload() for m in ms] == [b"hello", b"world"])
    await _step("leave_consumer_group", lambda: client.leave_consumer_group("s1", "t1", "cg1"))
    await _step("delete_consumer_group", lambda: client.delete_consumer_group("s1", "t1", "cg1"))
    await _step("create_partitions", lambda: client.create_partitions("s1", "t1", 2))
    await _step("delete_partitions", lambda: client.delete_partitions("s1", "t1", 1))
    await _step("create_user", lambda: client.create_user("user1", "secret1", UserStatus.Active),
                lambda u: u.username == "user1")
    await _step("get_user", lambda: client.get_user("user1"), lambda u: u is not None)
    await _step("get_users", client.get_users, lambda us: len(us) == 2)
    await _step("update_user", lambda: client.update_user("user1", username="user2"))
    await _step("update_permissions", lambda: client.update_permissions("user2", None))
    await _step("change_password", lambda: client.change_password("user2", "secret1", "secret2"))
    await _step("delete_user", lambda: client.delete_user("user2"))
    await _step("update_stream", lambda: client.update_stream("s1", "s2"))
    await _step("purge_topic", lambda: client.purge_topic("s2", "t1"))
    await _step("purge_stream", lambda: client.purge_stream("s2"))
    await _step("delete_topic", lambda: client.delete_topic("s2", "t1"))
    await _step("delete_stream", lambda: client.delete_stream("s2"))
    await _step("logout", client.logout_user)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
