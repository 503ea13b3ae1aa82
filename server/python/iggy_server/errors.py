"""The one exception type handlers raise: an Iggy error code plus a human message.

The dispatcher turns an :class:`IggyError` into ``status = code, length = 0`` (never a body on an
error, reference §2.2) and logs the message once, so handlers raise it for every bad input.
"""

from __future__ import annotations

import errno

from iggy.errors import error_message
from iggy.protocol.codes import ERROR_MESSAGES, ERROR_PARAMS, ErrorCode

__all__ = ["IggyError", "NO_ROOM_ERRNOS", "error_name", "from_protocol_error", "naming_error"]

# A write the filesystem refused for lack of room or write access: answered as 10006 CannotWriteToFile
# (Iggy 0.8 has no disk-full code), never as the generic error 1, whichever command hit it.
NO_ROOM_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG})


class IggyError(Exception):
    """An error answered to the client as Iggy error ``code``.

    ``IggyError(ErrorCode.STREAM_ID_NOT_FOUND, "stream 's1' not found")``; the message defaults to
    Iggy's own text for the code, each "…" read as ``<param>`` (``naming_error`` fills them).
    """

    __slots__ = ("code", "message")

    def __init__(self, code: int, message: str | None = None) -> None:
        self.code = int(code)
        self.message = message if message is not None else (
            error_message(self.code) if self.code in ERROR_MESSAGES else "Error")
        super().__init__(f"[{self.code}] {self.message}")

    @property
    def name(self) -> str:
        try:
            return ErrorCode(self.code).name
        except ValueError:
            return f"ERROR_{self.code}"


def naming_error(code: int, *values: object, text_of: int | None = None) -> IggyError:
    """``IggyError(code)`` whose message is the spec's text for the code (protocol-spec/spec/errors.toml) with each
    "…" filled, in order, by ``values``: the stream, topic, group, user or token the server knows, where a client over
    TCP only gets the code and fills the text from its request. The spec names each "…" (its ``params``); the text is
    built by the SDK's ``error_message``, the one function every Python text with placeholders goes through.
    ``text_of``: take the text of that code instead (a name looked up where Iggy 0.8 answers the id's code).
    ValueError when the values do not match the spec's params (a bug, caught by the tests)."""
    text_code = int(code if text_of is None else text_of)
    params = ERROR_PARAMS.get(text_code, ())
    if len(params) != len(values):
        raise ValueError(f"the text of error {text_code} names {list(params)}, got {len(values)} values")
    return IggyError(code, error_message(text_code, dict(zip(params, values))))


def from_protocol_error(exc: Exception) -> IggyError:
    """Convert a codec ``ProtocolError`` (anything with an int ``code``) into an :class:`IggyError`.

    Decoding failures that carry no code are truncation/garbage: 3 InvalidCommand, as Iggy answers.
    """
    code = getattr(exc, "code", None)
    if code is None:
        code = ErrorCode.INVALID_COMMAND
    message = getattr(exc, "message", None) or str(exc) or None
    return IggyError(int(code), message)


def error_name(code: int) -> str:
    """The generated name of an Iggy error code, for log lines (``UNKNOWN`` for a code outside the spec)."""
    try:
        return ErrorCode(code).name
    except ValueError:
        return "UNKNOWN"
