"""Command handler registry: ``HANDLERS[Command.X]`` is the coroutine answering command X.

A handler is ``async def (ctx, session, payload: memoryview) -> bytes | bytearray | memoryview |
list[bytes-like]``. It decodes its request with ``iggy.protocol.requests``, raises
``iggy_server.errors.IggyError`` on any failure and returns the OK payload (``b""`` for an empty
OK; a list of buffers is written with ``writelines`` so polled frames are never copied). The
dispatcher checks authentication before calling (everything outside ``UNAUTHENTICATED_COMMANDS``
needs a login), so handlers only check permissions (``ctx.authorizer.require``).
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from iggy.protocol.codes import Command

if TYPE_CHECKING:
    from ..context import ServerContext
    from ..session import Session

__all__ = ["HANDLERS", "Handler", "handler", "load_handlers", "HANDLER_MODULES"]


Response = bytes | bytearray | memoryview | list[Any]
Handler = Callable[["ServerContext", "Session", memoryview], Awaitable[Response]]

HANDLERS: dict[Command, Handler] = {}

HANDLER_MODULES = (
    "system",
    "streams",
    "topics",
    "partitions",
    "segments",
    "messages",
    "offsets",
    "consumer_groups",
    "users",
    "tokens",
)


def handler(command: Command) -> Callable[[Handler], Handler]:
    """Register the decorated coroutine as the handler of ``command`` (exactly one per command)."""

    def register(function: Handler) -> Handler:
        if command in HANDLERS and HANDLERS[command] is not function:
            raise RuntimeError(f"two handlers for {command.name}: {HANDLERS[command]!r} and {function!r}")
        HANDLERS[command] = function
        return function

    return register


def load_handlers() -> dict[Command, Handler]:
    """Import every handler module. A module that fails to import raises: a server missing some of its
    commands (a partial install) must not start (fail closed)."""
    for name in HANDLER_MODULES:
        importlib.import_module(f"{__name__}.{name}")
    return HANDLERS
