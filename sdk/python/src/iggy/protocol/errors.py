"""The single exception type raised by the wire codec."""

from __future__ import annotations

from .codes import ErrorCode


class ProtocolError(Exception):
    """A frame or payload that cannot be encoded or decoded.

    `code` is the Iggy error code a server answers with for this failure (0.8 maps truncation,
    unknown discriminants and invalid UTF-8 to INVALID_COMMAND and validation failures such as empty
    names or a numeric identifier whose length is not 4 to INVALID_FORMAT).
    """

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = ErrorCode(code) if code in ErrorCode._value2member_map_ else code
        self.message = message

    def __repr__(self) -> str:
        return f"ProtocolError({self.code!r}, {self.message!r})"


def truncated(what: str, need: int, have: int) -> ProtocolError:
    return ProtocolError(
        ErrorCode.INVALID_COMMAND, f"truncated payload: {what} needs {need} bytes, {have} left"
    )


def invalid_format(message: str) -> ProtocolError:
    return ProtocolError(ErrorCode.INVALID_FORMAT, message)


def invalid_command(message: str) -> ProtocolError:
    return ProtocolError(ErrorCode.INVALID_COMMAND, message)
