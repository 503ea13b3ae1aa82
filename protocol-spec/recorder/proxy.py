"""A recording TCP proxy for the Iggy binary protocol, 0.8 and 0.9 framing (loopback only).

It listens on 127.0.0.1 (port 0 = a free one), opens one upstream connection per client connection and
relays whole frames: a request (`u32 length | u32 code | payload`) goes up, the matching response
(`u32 status | u32 length | payload`) comes back, and the pair is recorded. Iggy's TCP protocol is strictly
one request then one response per connection, so relaying frame by frame is exact and keeps every buffer
bounded by MAX_FRAME_BYTES. Each record is a dict (JSON-able) kept in memory (at most MAX_RECORDS) and
optionally appended to a JSON-lines file:

    {"connection": 1, "seq": 3, "label": "get_me", "code": <u32>, "command": "GET_ME",
     "request_hex": "...", "status": 0, "response_hex": "..."}

`label` is whatever the driving script last assigned to `RecordingProxy.label` (the scenario step).

A connection whose first 8 bytes start with a zero u32 speaks 0.9 (256-byte headers whose `size` counts the
whole frame; the reply is a ReplyHeader or an EvictionHeader); its records add `"protocol": "0.9"`,
`operation` and `reply_command` (8 reply, 13 eviction), `code` being the header's code for NonReplicated
requests and the operation's command otherwise (None for Register: the body tells 40 from 45).

Run standalone: .venv/bin/python protocol-spec/recorder/proxy.py --upstream 127.0.0.1:8090 [--recording PATH]
(prints the proxy's address, relays until interrupted).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import struct
import sys
from pathlib import Path
from typing import Any

from iggy.protocol.codes import COMMAND_OPERATIONS, VSR_HEADER_SIZE, Command, Operation
from iggy.protocol.layout import (
    REPLY_HEADER_COMMAND_AT,
    REPLY_HEADER_STATUS_AT,
    REQUEST_HEADER_CODE_AT,
    REQUEST_HEADER_OPERATION_AT,
    REQUEST_HEADER_SIZE_AT,
)

LOOPBACK_HOST = "127.0.0.1"
MAX_FRAME_BYTES = 64 * 1024 * 1024
MAX_RECORDS = 100_000
HEADER_BYTES = 8
_HEADER = struct.Struct("<II")


class FrameTooLarge(Exception):
    pass


def _require_loopback(host: str) -> None:
    if not ipaddress.ip_address(host).is_loopback:
        raise ValueError(f"the recorder only talks to loopback addresses, not {host}")


async def _read_frame(reader: asyncio.StreamReader, size_of: int, first: bytes = b"") -> bytes | None:
    """One whole frame; the header field at index `size_of` (0 or 1) gives the bytes that follow it; `first`: the
    header, when already read.

    For a request the length field counts the code too, so the remaining bytes are `length - 4`."""
    try:
        header = first or await reader.readexactly(HEADER_BYTES)
    except asyncio.IncompleteReadError as error:
        if error.partial:
            raise
        return None  # a clean close between frames
    first, second = _HEADER.unpack(header)
    remaining = first - 4 if size_of == 0 else second
    if remaining < 0 or remaining > MAX_FRAME_BYTES:
        raise FrameTooLarge(f"frame header {header.hex()} announces {remaining} bytes")
    return header + await reader.readexactly(remaining)


async def _read_vsr_frame(reader: asyncio.StreamReader, first: bytes = b"") -> bytes | None:
    """One whole 0.9 frame (256-byte header whose `size` counts the frame); `first`: bytes already read."""
    try:
        header = first + await reader.readexactly(VSR_HEADER_SIZE - len(first))
    except asyncio.IncompleteReadError as error:
        if error.partial or first:
            raise
        return None
    size = int.from_bytes(header[REQUEST_HEADER_SIZE_AT : REQUEST_HEADER_SIZE_AT + 4], "little")
    if size < VSR_HEADER_SIZE or size > MAX_FRAME_BYTES:
        raise FrameTooLarge(f"0.9 frame header announces {size} bytes")
    return header + await reader.readexactly(size - VSR_HEADER_SIZE)


_COMMAND_OF_OPERATION = {int(op): command for command, op in COMMAND_OPERATIONS.items() if op != Operation.REGISTER}


class RecordingProxy:
    """Relay 127.0.0.1:<port> ⇄ upstream frame by frame, recording each request/response pair."""

    def __init__(self, upstream_host: str, upstream_port: int, record_path: Path | None = None) -> None:
        _require_loopback(upstream_host)
        self.upstream_host = upstream_host
        self.upstream_port = upstream_port
        self.record_path = record_path
        self.records: list[dict[str, Any]] = []
        self.label = "start"
        self.port = 0
        self._server: asyncio.Server | None = None
        self._connections = 0
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, LOOPBACK_HOST, 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _serve(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self._connections += 1
        connection = self._connections
        upstream_writer: asyncio.StreamWriter | None = None
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(self.upstream_host, self.upstream_port)
            try:
                first = await client_reader.readexactly(HEADER_BYTES)
            except asyncio.IncompleteReadError:
                return
            vsr = _HEADER.unpack(first)[0] == 0
            seq = 0
            while True:
                if vsr:
                    request = await _read_vsr_frame(client_reader, first)
                else:
                    request = await _read_frame(client_reader, size_of=0, first=first)
                first = b""
                if request is None:
                    return
                upstream_writer.write(request)
                await upstream_writer.drain()
                response = await (_read_vsr_frame(upstream_reader) if vsr else _read_frame(upstream_reader, size_of=1))
                if response is None:
                    return
                client_writer.write(response)
                await client_writer.drain()
                seq += 1
                if vsr:
                    self._record_vsr(connection, seq, request, response)
                else:
                    self._record(connection, seq, request, response)
        except (ConnectionError, asyncio.IncompleteReadError, FrameTooLarge) as error:
            print(f"proxy connection {connection}: {error!r}", file=sys.stderr)
        finally:
            self._tasks.discard(task)
            for writer in (client_writer, upstream_writer):
                if writer is not None:
                    writer.close()

    def _record_vsr(self, connection: int, seq: int, request: bytes, response: bytes) -> None:
        operation = request[REQUEST_HEADER_OPERATION_AT]
        if operation == Operation.NON_REPLICATED:
            code: int | None = int.from_bytes(request[REQUEST_HEADER_CODE_AT : REQUEST_HEADER_CODE_AT + 4], "little")
        else:
            code = _COMMAND_OF_OPERATION.get(operation)
        reply_command = response[REPLY_HEADER_COMMAND_AT]
        status = int.from_bytes(response[REPLY_HEADER_STATUS_AT : REPLY_HEADER_STATUS_AT + 4], "little")
        try:
            command = None if code is None else Command(code).name
        except ValueError:
            command = None
        record = {
            "connection": connection, "seq": seq, "label": self.label, "protocol": "0.9", "operation": operation,
            "code": code, "command": command, "request_hex": request.hex(), "reply_command": reply_command,
            "status": status if reply_command == 8 else None, "response_hex": response.hex(),
        }
        self._keep(record)

    def _record(self, connection: int, seq: int, request: bytes, response: bytes) -> None:
        code = _HEADER.unpack_from(request)[1]
        status = _HEADER.unpack_from(response)[0]
        try:
            command = Command(code).name
        except ValueError:
            command = None
        record = {
            "connection": connection, "seq": seq, "label": self.label, "code": code, "command": command,
            "request_hex": request.hex(), "status": status, "response_hex": response.hex(),
        }
        self._keep(record)

    def _keep(self, record: dict[str, Any]) -> None:
        if len(self.records) < MAX_RECORDS:
            self.records.append(record)
        if self.record_path is not None:
            with self.record_path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")


def parse_address(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    _require_loopback(host)
    return host, int(port)


async def _run_standalone(upstream: str, recording: Path | None) -> None:
    host, port = parse_address(upstream)
    proxy = RecordingProxy(host, port, recording)
    await proxy.start()
    print(f"{LOOPBACK_HOST}:{proxy.port}", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await proxy.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--upstream", required=True, help="the server's loopback address, e.g. 127.0.0.1:8090")
    parser.add_argument("--recording", type=Path, default=None, help="append every exchange here as JSON lines")
    args = parser.parse_args()
    try:
        asyncio.run(_run_standalone(args.upstream, args.recording))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
