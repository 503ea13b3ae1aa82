"""Command handler registry: ``HANDLERS[Command.X]`` is the coroutine answering command X.

A handler is ``async def (ctx: HandlerContext, session: Session, payload: memoryview) -> Response``, where
``HandlerContext`` (iggy_server.context) names what of the server it may use. It decodes its request with
``iggy.protocol.requests``, raises ``iggy_server.errors.IggyError`` on any failure and returns the OK payload
(``b""`` for an empty OK; a list of buffers is written with ``writelines`` so polled frames are never copied).
The dispatcher checks authentication before calling (everything outside ``UNAUTHENTICATED_COMMANDS`` needs a
login), so handlers only check permissions (``ctx.authorizer.require``). What any other failure is answered
with, on every transport: :func:`as_iggy_error`.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Awaitable, Callable

from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.errors import ProtocolError

from .._native import NativeError
from ..context import HandlerContext
from ..errors import NO_ROOM_ERRNOS, IggyError, from_protocol_error
from ..session import Session

__all__ = ["HANDLERS", "Handler", "Response", "handler", "load_handlers", "HANDLER_MODULES", "as_iggy_error"]

log = logging.getLogger("iggy_server")


Buffer = bytes | bytearray | memoryview
# A list is written with ``writelines``: a poll's prefix and its stored frames, never joined.
Response = Buffer | list[Buffer]
Handler = Callable[[HandlerContext, Session, memoryview], Awaitable[Response]]

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


def as_iggy_error(error: Exception, code: int, client_id: int) -> IggyError:
    """The Iggy error a handler's failure is answered with: codec errors keep their code, native ones theirs,
    a write the filesystem refused for lack of room is 10006; anything else is a bug, logged with its
    traceback and answered as the generic error 1."""
    if isinstance(error, IggyError):
        return error
    if isinstance(error, ProtocolError):
        return from_protocol_error(error)
    if isinstance(error, NativeError):
        return IggyError(int(getattr(error, "code", ErrorCode.ERROR)), str(getattr(error, "message", error)))
    if isinstance(error, OSError) and error.errno in NO_ROOM_ERRNOS:
        return IggyError(ErrorCode.CANNOT_WRITE_TO_FILE, f"the data directory refused a write: {error}")
    log.error("handler of %s failed for client %d", Command(code).name, client_id, exc_info=error)
    return IggyError(ErrorCode.ERROR)
