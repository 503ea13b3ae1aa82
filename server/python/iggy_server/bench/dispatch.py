"""What the server's own TCP request path costs per request: CPU time, without sockets or clients.

    python -m iggy_server.bench.dispatch                          # this tree: 5 rounds
    python -m iggy_server.bench.dispatch --baseline-python /other/checkout/.venv/bin/python --rounds 7

Builds a server on a temporary data directory in-process, feeds complete request frames to one TCP
``Connection`` through its buffer callbacks (as asyncio would after a read) and times ``--requests`` SendMessages
of ``--messages`` messages of ``--message-size`` bytes, then as many PollMessages of those messages: parsing, the
handler, storage (``--durability``, ``written`` by default) and the answer handed to a transport stub. The load
generator, the kernel and the network are left out, so a change of the request path (a counter, a branch) shows in
microseconds instead of drowning in the noise of a throughput run.

``--protocol 0.9`` does the same over Iggy 0.9's framing (a registered session, 256-byte request headers, each
send a numbered replicated request, 0.9 batches converted to and from the stored layout); ``--protocol 0.8,0.9``
measures both in alternating rounds, so what 0.9 adds to the server's side of a request shows apart from any
client.

With ``--baseline-python`` this file also runs under that interpreter (another checkout's environment, whose
``iggy_server`` it then measures; the file only uses what both have), alternating with this one, and the medians
of both are printed with their spread and the ratio. CPU time of a shared machine still moves: compare medians of
alternating rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m iggy_server.bench.dispatch", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=20_000, help="sends, then polls, per round (%(default)s)")
    parser.add_argument("--messages", type=int, default=10, help="messages per send and poll (%(default)s)")
    parser.add_argument("--message-size", type=int, default=100, help="payload bytes (%(default)s)")
    parser.add_argument("--durability", default="written", choices=("memory", "written", "durable"),
                        help="the partition's durability mode (%(default)s); memory leaves the page-cache writes out")
    parser.add_argument("--protocol", default="0.8",
                        help="0.8, 0.9, or 0.8,0.9 for both in alternating rounds (%(default)s)")
    parser.add_argument("--baseline-python", help="also measure the iggy_server of this interpreter, alternating")
    parser.add_argument("--single", action="store_true", help=argparse.SUPPRESS)  # one measurement, JSON out
    return parser.parse_args(argv)


class _Transport(asyncio.Transport):
    """The asyncio transport stub a connection writes its answers to (they are counted, then dropped)."""

    def __init__(self) -> None:
        super().__init__()
        self.answer_bytes = 0

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 40000) if name == "peername" else default

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        pass

    def write(self, data: Any) -> None:
        self.answer_bytes += len(data)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def is_closing(self) -> bool:
        return False

    def close(self) -> None:
        pass

    def abort(self) -> None:
        pass


def _feed(connection: Any, frame: bytes) -> None:
    view = memoryview(frame)
    while view:
        buffer = connection.get_buffer(-1)
        count = min(len(buffer), len(view))
        buffer[:count] = view[:count]
        connection.buffer_updated(count)
        view = view[count:]


async def _frames_v09(connection: Any, args: argparse.Namespace) -> tuple[bytearray, bytearray]:
    """Registers a 0.9 session on ``connection`` and returns its SendMessages and PollMessages frames."""
    from iggy.protocol import requests
    from iggy.protocol.batches import Batch, Frame
    from iggy.protocol.codes import (
        COMMAND_OPERATIONS,
        PROTOCOL_VERSION_0_9,
        VSR_HEADER_SIZE,
        Command,
        HeaderCommand,
        Operation,
        ProtocolVersion,
    )
    from iggy.protocol.frames import RequestHeader
    from iggy.protocol.primitives import Consumer, Identifier, Partitioning, PollingStrategy
    from iggy_server import _native

    version = ProtocolVersion.V0_9
    client = 0x1D15_7A7C_4000_8000_0000_0000_0000_0001

    def frame(operation: int, body: bytes, request: int, session: int, code: int = 0, request_checksum: int = 0):
        header = RequestHeader(
            checksum=0, checksum_body=0, cluster=0, size=VSR_HEADER_SIZE + len(body), view=0, release=0,
            command=HeaderCommand.REQUEST, replica=0, client=client, request_checksum=request_checksum, timestamp=0,
            request=request, operation=operation, session=session, user_id=0, code=code,
        )  # fmt: skip
        return bytearray(header.encode(version) + body)

    login = requests.LoginRegister(
        protocol_version=PROTOCOL_VERSION_0_9, sdk_name="dispatch", sdk_version="0", username="iggy", password="iggy"
    ).encode(version)
    _feed(connection, frame(Operation.REGISTER, login, 0, 0, request_checksum=_native.xxh3_64(login)))
    for _ in range(500):  # the password check runs in a worker thread
        if connection.session.vsr is not None:
            break
        await asyncio.sleep(0.01)
    if connection.session.vsr is None:
        raise SystemExit("dispatch: the 0.9 login was refused")
    session = connection.session.vsr.session
    payload = os.urandom(args.message_size)
    frames = tuple(Frame(0, i + 1, i, 0, payload) for i in range(args.messages))
    batch = Batch(0, 0, 0, 1_000_000, 0, frames).with_checksums()
    send_body = requests.SendMessages(
        Identifier.parse("bench"), Identifier.parse("t"), Partitioning.partition_id(0), batch=batch
    ).encode(version)
    send = frame(COMMAND_OPERATIONS[Command.SEND_MESSAGES], send_body, 1, session)
    poll_body = requests.PollMessages(
        Consumer.consumer(1), Identifier.parse("bench"), Identifier.parse("t"), 0, PollingStrategy.offset(0),
        args.messages, False,
    ).encode(version)  # fmt: skip
    poll = frame(Operation.NON_REPLICATED, poll_body, 1, session, code=Command.POLL_MESSAGES)
    return send, poll


async def _measure(args: argparse.Namespace, data_dir: str) -> dict[str, float]:
    from iggy.protocol import requests
    from iggy.protocol.codes import Command
    from iggy.protocol.framing import encode_request
    from iggy.protocol.messages import Message, encode_send_messages
    from iggy.protocol.primitives import Consumer, Identifier, Partitioning, PollingStrategy
    from iggy_server.config import load_config
    from iggy_server.handlers import load_handlers
    from iggy_server.lifecycle import IggyServer
    from iggy_server.startup import build_context
    from iggy_server.tcp.connection import Connection

    config = load_config(environ={"IGGY_SYSTEM_PATH": data_dir, "IGGY_SYSTEM_PARTITION_DURABILITY": args.durability})
    ctx = build_context(config, root_credentials=("iggy", "iggy"))
    stream = ctx.metadata.create_stream("bench")
    topic = ctx.metadata.create_topic(stream, "t", 1, 1, 0, 0, 0)
    load_handlers()  # the server loads them when it starts, which this one never does
    server = IggyServer(ctx)
    connection = Connection(server)
    transport = _Transport()
    connection.connection_made(transport)
    connection.session.user_id = 0  # logged in as root
    number_at = None  # where a 0.9 send carries its request number (a replicated request needs a new one each time)
    if args.protocol == "0.9":
        from iggy.protocol.layout import REQUEST_HEADER_REQUEST_AT

        send, poll = await _frames_v09(connection, args)
        number_at = REQUEST_HEADER_REQUEST_AT
    else:
        payload = os.urandom(args.message_size)
        messages = [Message(payload) for _ in range(args.messages)]
        send = encode_request(
            Command.SEND_MESSAGES,
            encode_send_messages(
                Identifier.parse("bench"), Identifier.parse("t"), Partitioning.partition_id(0), messages
            ),
        )
        poll = encode_request(
            Command.POLL_MESSAGES,
            requests.PollMessages(
                Consumer.consumer(1), "bench", "t", 0, PollingStrategy.offset(0), args.messages, False
            ).encode(),
        )
    request_number = 1
    results = {}
    log = topic.partitions[0].log
    for name, frame in (("send", send), ("poll", poll)):
        if name == "poll":
            # In `memory` the event loop writes the acknowledged batches after the callbacks that queued them,
            # and nothing above yields to it: let it write them all, so the polls find their bytes (untimed).
            await log.wait_written()
        warm_up = min(1000, args.requests)
        answered = transport.answer_bytes
        for round_requests, timed in ((warm_up, False), (args.requests, True)):
            if timed:
                started_cpu, started = time.process_time(), time.perf_counter()
            for _ in range(round_requests):
                if name == "send" and number_at is not None:
                    frame[number_at : number_at + 8] = request_number.to_bytes(8, "little")
                    request_number += 1
                _feed(connection, frame)
            if timed:
                results[f"{name}_us"] = (time.perf_counter() - started) / args.requests * 1e6
                results[f"{name}_cpu_us"] = (time.process_time() - started_cpu) / args.requests * 1e6
            # Timing refusals instead of the request path would pass unnoticed: every answer so far must be OK,
            # and every poll must have answered its messages.
            if server.frame_stats["error_answers"]:
                raise SystemExit(f"dispatch: the server refused the {name} requests ({dict(server.frame_stats)})")
        if name == "poll" and transport.answer_bytes - answered < (warm_up + args.requests) * args.messages * (
            args.message_size
        ):
            raise SystemExit("dispatch: the polls answered fewer bytes than their messages hold")
    expected_messages = (min(1000, args.requests) + args.requests) * args.messages
    current_offset = topic.partitions[0].log.current_offset
    if current_offset != expected_messages - 1:
        raise SystemExit(f"dispatch: {expected_messages} messages sent but the partition ends at {current_offset}")
    connection.connection_lost(None)
    ctx.metadata.close()
    ctx.io.close()
    return results


def single(args: argparse.Namespace) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="iggy-bench-dispatch-") as directory:
        os.chdir(directory)  # no ./config.toml of the caller's
        return asyncio.run(_measure(args, os.path.join(directory, "data")))


def run_under(python: str, args: argparse.Namespace) -> dict[str, float]:
    command = [python, os.path.abspath(__file__), "--single", "--requests", str(args.requests)]
    command += ["--messages", str(args.messages), "--message-size", str(args.message_size)]
    command += ["--durability", args.durability, "--protocol", args.protocol]
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    if finished.returncode:
        raise SystemExit(f"dispatch: {python} failed: {finished.stderr.strip()[-2000:]}")
    return json.loads(finished.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    if args.single:
        print(json.dumps(single(args)))
        return 0
    protocols = args.protocol.split(",")
    if not set(protocols) <= {"0.8", "0.9"}:
        raise SystemExit(f"dispatch: --protocol {args.protocol}: expected 0.8, 0.9 or 0.8,0.9")
    pythons = {"this": sys.executable}
    if args.baseline_python:
        pythons["baseline"] = args.baseline_python
    # A target is an interpreter and a protocol; 0.8 keeps the plain names ("this", "baseline").
    targets = {
        (name if protocol == "0.8" else f"{name}@{protocol}"): (python, protocol)
        for name, python in pythons.items()
        for protocol in protocols
    }
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
    for round_number in range(1, args.rounds + 1):
        order = list(targets) if round_number % 2 else list(reversed(targets))
        for name in order:
            python, protocol = targets[name]
            figures = run_under(python, argparse.Namespace(**{**vars(args), "protocol": protocol}))
            runs[name].append(figures)
            print(f"round {round_number} {name}: " + " ".join(f"{k} {v:.2f}" for k, v in figures.items()), flush=True)
    shape = f"{args.requests} requests of {args.messages} x {args.message_size} B per round"
    print(f"\n{shape}; median [min-max] µs per request")
    medians: dict[str, dict[str, float]] = {}
    for name, figures in runs.items():
        medians[name] = {}
        cells = []
        for key in figures[0]:
            values = [run[key] for run in figures]
            medians[name][key] = statistics.median(values)
            cells.append(f"{key} {statistics.median(values):.2f} [{min(values):.2f}-{max(values):.2f}]")
        print(f"{name:<13} " + "  ".join(cells))
    for this, other in (("this", "baseline"), ("this@0.9", "baseline@0.9"), ("this@0.9", "this"),
                        ("baseline@0.9", "baseline")):  # fmt: skip
        if this in medians and other in medians:
            ratios = "  ".join(f"{key} {medians[this][key] / medians[other][key]:.3f}x" for key in medians[this])
            print(f"{this} / {other}: {ratios}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
