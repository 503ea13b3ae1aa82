"""The request-path benchmark (python -m iggy_server.bench.dispatch) times served requests, not refusals."""

from __future__ import annotations

import struct
from typing import Any

import pytest

from iggy_server.bench import dispatch


def test_one_short_measurement_serves_every_send_and_poll(monkeypatch: pytest.MonkeyPatch) -> None:
    # It used to build its server without loading the handlers, so every request was refused as an unknown
    # command and the benchmark timed the refusal path.
    statuses: list[int] = []
    write = dispatch._Transport.write

    def record(self: Any, data: Any) -> None:
        statuses.append(struct.unpack_from("<I", bytes(data[:4]))[0])
        write(self, data)

    def record_all(self: Any, parts: Any) -> None:
        record(self, b"".join(bytes(part) for part in parts))

    monkeypatch.setattr(dispatch._Transport, "write", record)
    monkeypatch.setattr(dispatch._Transport, "writelines", record_all, raising=False)
    monkeypatch.chdir("/")  # single() changes into its temporary directory
    results = dispatch.single(dispatch.arguments(["--single", "--requests", "50", "--messages", "3"]))
    assert set(results) == {"send_us", "send_cpu_us", "poll_us", "poll_cpu_us"}
    assert len(statuses) >= 2 * 50 and set(statuses) == {0}, sorted(set(statuses))


def test_the_0_9_measurement_serves_numbered_sends_and_polls_on_a_session(monkeypatch: pytest.MonkeyPatch) -> None:
    # Over 0.9 a send is a replicated request: fed again with the same number, the server would answer its cached
    # reply without appending, and the benchmark would time the de-duplication instead of the send.
    from iggy.protocol.codes import VSR_HEADER_SIZE, ProtocolVersion
    from iggy.protocol.frames import ReplyHeader

    replies: list[ReplyHeader] = []
    write = dispatch._Transport.write

    def record(self: Any, data: Any) -> None:
        replies.append(ReplyHeader.decode(bytes(data[:VSR_HEADER_SIZE]), ProtocolVersion.V0_9))
        write(self, data)

    def record_all(self: Any, parts: Any) -> None:
        record(self, b"".join(bytes(part) for part in parts))

    monkeypatch.setattr(dispatch._Transport, "write", record)
    monkeypatch.setattr(dispatch._Transport, "writelines", record_all, raising=False)
    monkeypatch.chdir("/")
    arguments = ["--single", "--requests", "50", "--messages", "3", "--protocol", "0.9"]
    results = dispatch.single(dispatch.arguments(arguments))
    assert set(results) == {"send_us", "send_cpu_us", "poll_us", "poll_cpu_us"}
    assert len(replies) >= 1 + 2 * 50 and {reply.status for reply in replies} == {0}
    sends = [reply.request for reply in replies[1 : 1 + 2 * 50]]  # after the login: warm-up and timed sends
    assert sends == list(range(1, 2 * 50 + 1))


@pytest.mark.parametrize("protocol", ["0.8", "0.9"])
def test_the_memory_measurement_polls_what_the_loop_wrote(monkeypatch: pytest.MonkeyPatch, protocol: str) -> None:
    # In `memory` the event loop writes acknowledged batches after the callbacks that queued them; the benchmark
    # never yielded to it, so its polls found nothing written and it stopped with "the polls answered fewer bytes
    # than their messages hold" on every run of `--durability memory`.
    monkeypatch.chdir("/")
    arguments = ["--single", "--requests", "50", "--messages", "3", "--durability", "memory", "--protocol", protocol]
    results = dispatch.single(dispatch.arguments(arguments))
    assert set(results) == {"send_us", "send_cpu_us", "poll_us", "poll_cpu_us"}
