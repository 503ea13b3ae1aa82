"""Exit codes and the one-line error report.

    0  success
    1  the server answered with an Iggy error, or a local problem (context file, input file)
    2  usage error (bad flag or argument, missing credentials)
    3  the server could not be reached, or the connection was lost / timed out
  130  interrupted (Ctrl-C) outside `--follow`
"""

from __future__ import annotations

from iggy.errors import IggyError, error_for
from iggy.protocol.codes import ERROR_MESSAGES, ErrorCode

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_CONNECTION = 3
EXIT_INTERRUPTED = 130

_CONNECTION_CODES = {
    ErrorCode.DISCONNECTED,
    ErrorCode.CANNOT_ESTABLISH_CONNECTION,
    ErrorCode.CONNECTION_CLOSED,
    ErrorCode.NOT_CONNECTED,
    ErrorCode.TASK_TIMEOUT,
}


class CliError(Exception):
    """A failure detected by the CLI itself; reported as `error: <message>` with exit code 1."""

    exit_code = EXIT_ERROR

    @classmethod
    def usage(cls, message: str) -> CliError:
        """A missing input the user must supply (credentials, a password): exit code 2, no usage dump."""
        error = cls(message)
        error.exit_code = EXIT_USAGE
        return error


def describe(error: IggyError) -> str:
    """`STREAM_ID_NOT_FOUND (1009): stream 's1' not found` — the Iggy name first, so it can be grepped."""
    return f"{error.name} ({error.code}): {error.message}"


def exit_code_for(error: IggyError) -> int:
    if error.code in _CONNECTION_CODES:
        return EXIT_CONNECTION
    return EXIT_ERROR


def not_found(code: ErrorCode, what: str) -> IggyError:
    """The error a Get* that found nothing turns into (the server answers such gets with an empty OK)."""
    default = ERROR_MESSAGES.get(int(code), code.name.lower())
    return error_for(int(code), f"{what} not found" if what else default)
