"""What the drivers over the official Python clients (apache-iggy 0.8.0 in official/, 0.9.0 in official-0.9/) share:
the JSON-lines loop of conformance-tests/README.md and the mapping of the clients' error text to Iggy codes.

The two clients cannot share a virtualenv, so each driver runs in its own; both put this folder on sys.path and
import this module, which uses only the standard library and the generated error table of our SDK
(iggy.protocol.codes, installed in both).
"""

from __future__ import annotations

import asyncio
import base64
import datetime
import json
import re
import sys
from typing import Any, Awaitable, Callable, Protocol, Sequence

from iggy.protocol.codes import ERROR_MESSAGES, ErrorCode

from _driver_ops import StepError, check_step  # generated beside this file from protocol-spec/spec/driver_ops.toml


def _template_pattern(message: str) -> re.Pattern[str]:
    parts = [re.escape(part) for part in message.split("…")]
    return re.compile(".*?".join(parts))


_VARIANT = re.compile(r"^\s*([A-Z][A-Za-z0-9]*)\b")


def _upper_snake(camel: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", camel).upper()


ErrorPattern = tuple[int, re.Pattern[str], int]


def compile_error_patterns(messages: dict[int, str]) -> list[ErrorPattern]:
    """Message templates ("…" = a runtime value) as patterns, longest first."""
    return sorted(
        ((code, _template_pattern(message), len(message)) for code, message in messages.items()),
        key=lambda entry: -entry[2],
    )


# Longest templates first, so "Stream with name: … already exists" wins over a shorter generic one.
_ERROR_PATTERNS = compile_error_patterns(ERROR_MESSAGES)


def error_code_from_text(text: str, extra_patterns: Sequence[ErrorPattern] = ()) -> int:
    """The clients raise `Variant(args)` (the Rust IggyError's Debug form) or, for some paths, its message.
    `extra_patterns` (tried first): a client's own texts where they differ from the spec's."""
    variant = _VARIANT.match(text)
    if variant and _upper_snake(variant.group(1)) in ErrorCode.__members__:
        return int(ErrorCode[_upper_snake(variant.group(1))])
    for code, pattern, _ in [*extra_patterns, *_ERROR_PATTERNS]:
        if pattern.search(text):
            return code
    return int(ErrorCode.ERROR)


class Unsupported(Exception):
    """The client's API cannot express the request: answered `unsupported`, the case is n/a for the driver."""


class Driver(Protocol):
    clients: dict[str, Any]
    error_patterns: Sequence[ErrorPattern]
    protocol: str  # the Iggy wire protocol the client speaks ("0.8", "0.9"): the op table's args differ by it

    async def hello(self, client: str, args: dict[str, Any]) -> dict[str, Any]: ...


async def answer(driver: Driver, request: dict[str, Any]) -> dict[str, Any]:
    op, args = request.get("op", ""), request.get("args", {})
    if op != "hello":
        try:  # the op table's check, before dispatch: a bad step is the driver protocol's error, defaults filled in
            args = check_step(op, args, driver.protocol)
        except StepError as refused:
            return {"id": request.get("id"), "error": refused.answer()}
    handler: Callable[[str, dict[str, Any]], Awaitable[Any]] | None
    handler = driver.hello if op == "hello" else getattr(driver, f"op_{op}", None)
    if handler is None:
        return {"id": request.get("id"), "unsupported": f"operation {op!r}"}
    try:
        result = await handler(request.get("client", "default"), args)
    except Unsupported as unsupported:
        return {"id": request.get("id"), "unsupported": str(unsupported)}
    except KeyError as missing:
        if missing.args and missing.args[0] in driver.clients or op == "hello":
            raise
        return {"id": request.get("id"), "error": {"code": -1, "name": "DriverError", "message": f"no {missing}"}}
    except Exception as error:  # the official client raises RuntimeError/ValueError with the Iggy message text
        code = error_code_from_text(str(error), driver.error_patterns)
        name = ErrorCode(code).name if code in ErrorCode._value2member_map_ else "Unknown"
        return {"id": request.get("id"), "error": {"code": code, "name": name, "message": str(error)}}
    return {"id": request.get("id"), "ok": result}


def strategy(client_module: Any, raw: dict[str, Any]) -> Any:
    """A polling strategy of the driver protocol as the client's PollingStrategy (the same in 0.8.0 and 0.9.0)."""
    strategies = client_module.PollingStrategy
    kind = raw["kind"]
    if kind == "offset":
        return strategies.Offset(value=int(raw.get("value", 0)))
    if kind == "timestamp":
        return strategies.Timestamp(value=int(raw.get("value", 0)))
    if kind == "first":
        return strategies.First()
    if kind == "last":
        return strategies.Last()
    if kind == "next":
        return strategies.Next()
    raise Unsupported(f"unknown polling strategy {kind!r}")


async def consume_group(client_module: Any, client: Any, args: dict[str, Any]) -> dict[str, Any]:
    """`consume_group` through the client's high-level consumer (the same call in 0.8.0 and 0.9.0): it creates the
    group if missing and joins it, then polls Next (0.9: from the partitions its sync assigned), committing on
    every poll."""
    count, timeout_s = int(args["count"]), int(args["timeout_ms"]) / 1000
    consumer = await client.consumer_group(
        args["group"],
        str(args["stream"]),
        str(args["topic"]),
        polling_strategy=client_module.PollingStrategy.Next(),
        batch_length=100,
        auto_commit=client_module.AutoCommit.When(client_module.AutoCommitWhen.PollingMessages()),
        poll_interval=datetime.timedelta(milliseconds=10),
    )
    received: list[dict[str, Any]] = []
    iterator = consumer.iter_messages().__aiter__()
    while len(received) < count:
        message = await asyncio.wait_for(iterator.__anext__(), timeout_s)
        received.append({
            "partition_id": message.partition_id(),
            "offset": message.offset(),
            "payload": base64.b64encode(message.payload()).decode("ascii"),
        })
    return {"messages": sorted(received, key=lambda item: (item["partition_id"], item["offset"]))}


def serve(driver: Driver) -> None:
    """One request line in, one answer line out, until stdin ends."""
    loop = asyncio.new_event_loop()
    for line in sys.stdin:
        if not line.strip():
            continue
        response = loop.run_until_complete(answer(driver, json.loads(line)))
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()
