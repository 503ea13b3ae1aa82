"""``iggy-bench transports``: send and poll throughput over TCP, WebSocket, QUIC and HTTP, side by side.

    iggy-bench transports [--batches 200] [--messages-per-batch 100] [--message-size 1000] [--env IGGY_K=V ...]

Starts a server with the project's launcher (``python -m iggy_server.testing``: every transport on a free
port, private data directory), then, per transport, one asyncio client logs in, sends ``--batches`` batches to
one partition (one request in flight) and polls them back batch by batch. The same Python client loop drives
every transport (TCP here is an asyncio stream, not the native generator of the other workloads), so the
figures compare the transports, not the clients. Frames and the HTTP JSON body are built once.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import socket
import ssl
import struct
import time
from typing import Any

from iggy.protocol import requests
from iggy.protocol.codes import Command
from iggy.protocol.framing import encode_request
from iggy.protocol.messages import Message
from iggy.protocol.primitives import Consumer, Partitioning, PollingStrategy
from iggy_server.testing import TestServer

RESPONSE_HEADER = struct.Struct("<II")
TRANSPORTS = ("tcp", "websocket", "quic", "http")


class BenchError(RuntimeError):
    pass


def _check(reply: bytes, what: str) -> bytes:
    status, length = RESPONSE_HEADER.unpack_from(reply, 0)
    if status:
        raise BenchError(f"{what}: error {status}")
    return reply[8 : 8 + length]


class TcpClient:
    async def open(self, address: str) -> None:
        host, _, port = address.rpartition(":")
        self.reader, self.writer = await asyncio.open_connection(host, int(port))
        # Without it, small requests wait for delayed ACKs (Nagle), as with any request/response protocol.
        self.writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    async def call(self, frame: bytes) -> bytes:
        self.writer.write(frame)
        header = await self.reader.readexactly(8)
        status, length = RESPONSE_HEADER.unpack(header)
        return header + (await self.reader.readexactly(length) if length else b"")

    async def close(self) -> None:
        self.writer.close()


class WebSocketClient:
    async def open(self, address: str) -> None:
        from websockets.asyncio.client import connect

        self.socket = await connect(f"ws://{address}/", max_size=None, compression=None)

    async def call(self, frame: bytes) -> bytes:
        await self.socket.send(frame)
        return await self.socket.recv()

    async def close(self) -> None:
        await self.socket.close()


class QuicClient:
    async def open(self, address: str) -> None:
        from aioquic.asyncio import connect
        from aioquic.quic.configuration import QuicConfiguration

        host, _, port = address.rpartition(":")
        configuration = QuicConfiguration(is_client=True, verify_mode=ssl.CERT_NONE, server_name="localhost",
                                          max_data=64 * 1024 * 1024, max_stream_data=64 * 1024 * 1024)
        self._context = connect(host, int(port), configuration=configuration)
        self.connection = await self._context.__aenter__()

    async def call(self, frame: bytes) -> bytes:
        reader, writer = await self.connection.create_stream()
        writer.write(frame)
        writer.write_eof()
        return await reader.read()

    async def close(self) -> None:
        await self._context.__aexit__(None, None, None)


async def run_framed(client: Any, address: str, stream: str, batches: int, send: bytes, polls: list[bytes]) -> dict:
    await client.open(address)
    try:
        _check(await client.call(encode_request(Command.LOGIN_USER, requests.LoginUser("iggy", "iggy").encode())),
               "login")
        _check(await client.call(_frame(requests.CreateStream(stream))), "create stream")
        _check(await client.call(_frame(requests.CreateTopic(stream, 1, 1, 0, 0, 0, "t"))), "create topic")
        frame = send.replace(b"@STREAM@", b"")  # the stream name is set per transport below
        started = time.perf_counter()
        for _ in range(batches):
            _check(await client.call(frame), "send")
        send_s = time.perf_counter() - started
        started = time.perf_counter()
        for poll in polls:
            _check(await client.call(poll), "poll")
        poll_s = time.perf_counter() - started
    finally:
        await client.close()
    return {"send_s": send_s, "poll_s": poll_s}


def _frame(request: requests.Request) -> bytes:
    return encode_request(request.CODE, request.encode())


async def run_http(address: str, stream: str, batches: int, messages: list[Message], per_batch: int) -> dict:
    import aiohttp

    base = f"http://{address}"
    body = json.dumps({"partitioning": {"kind": "partition_id", "value": base64.b64encode(bytes(4)).decode()},
                       "messages": [{"payload": base64.b64encode(bytes(m.payload)).decode()} for m in messages]})
    async with aiohttp.ClientSession(base, connector=aiohttp.TCPConnector(limit=1)) as session:
        async with session.post("/users/login", json={"username": "iggy", "password": "iggy"}) as response:
            token = (await response.json())["access_token"]["token"]
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        async with session.post("/streams", data=json.dumps({"name": stream}), headers=headers) as response:
            response.raise_for_status()
        topic = {"name": "t", "partitions_count": 1}
        async with session.post(f"/streams/{stream}/topics", data=json.dumps(topic), headers=headers) as response:
            response.raise_for_status()
        path = f"/streams/{stream}/topics/t/messages"
        started = time.perf_counter()
        for _ in range(batches):
            async with session.post(path, data=body, headers=headers) as response:
                if response.status != 201:
                    raise BenchError(f"http send: {response.status} {await response.text()}")
        send_s = time.perf_counter() - started
        started = time.perf_counter()
        for batch in range(batches):
            query = {"consumer_id": "1", "partition_id": "0", "kind": "offset", "value": str(batch * per_batch),
                     "count": str(per_batch)}
            async with session.get(path, params=query, headers=headers) as response:
                polled = await response.json()
                if len(polled["messages"]) != per_batch:
                    raise BenchError(f"http poll: {len(polled['messages'])} messages")
        poll_s = time.perf_counter() - started
    return {"send_s": send_s, "poll_s": poll_s}


async def measure(addresses: dict[str, str], batches: int, per_batch: int, size: int) -> dict[str, dict]:
    messages = [Message(bytes([i % 251]) * size) for i in range(per_batch)]
    results: dict[str, dict] = {}
    for transport in TRANSPORTS:
        stream = f"bench-{transport}"
        send = _frame(requests.SendMessages(stream, "t", Partitioning.partition_id(0), tuple(messages)))
        polls = [
            _frame(requests.PollMessages(Consumer.consumer(1), stream, "t", 0, PollingStrategy.offset(b * per_batch),
                                         per_batch, False))
            for b in range(batches)
        ]
        if transport == "http":
            results[transport] = await run_http(addresses["http_address"], stream, batches, messages, per_batch)
            continue
        client = {"tcp": TcpClient, "websocket": WebSocketClient, "quic": QuicClient}[transport]()
        address = addresses["address" if transport == "tcp" else f"{transport}_address"]
        results[transport] = await run_framed(client, address, stream, batches, send, polls)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="iggy-bench transports", description=__doc__.split("\n\n")[0])
    parser.add_argument("--batches", type=int, default=200)
    parser.add_argument("--messages-per-batch", type=int, default=100)
    parser.add_argument("--message-size", type=int, default=1000, help="payload bytes per message")
    parser.add_argument("--env", action="append", default=[], metavar="IGGY_KEY=VALUE", help="a server setting")
    args = parser.parse_args(argv)
    if any("=" not in setting for setting in args.env):
        parser.error("--env takes IGGY_KEY=VALUE")
    settings = dict(setting.split("=", 1) for setting in args.env)
    with TestServer(env=settings) as server:
        results = asyncio.run(measure(server.facts, args.batches, args.messages_per_batch, args.message_size))
    messages = args.batches * args.messages_per_batch
    megabytes = messages * args.message_size / 1e6
    print(f"{args.batches} batches × {args.messages_per_batch} messages × {args.message_size} B, one request in flight")
    print(f"{'transport':10} {'send msg/s':>12} {'send MB/s':>10} {'poll msg/s':>12} {'poll MB/s':>10}")
    for transport, result in results.items():
        print(f"{transport:10} {messages / result['send_s']:12.0f} {megabytes / result['send_s']:10.1f} "
              f"{messages / result['poll_s']:12.0f} {megabytes / result['poll_s']:10.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
