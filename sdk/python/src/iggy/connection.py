"""Client settings, connection strings and the TCP/TLS transport (one request in flight).

The transport is an `asyncio.BufferedProtocol`: the kernel copies each response straight into one
preallocated `bytearray` sized from the 8-byte response header, so a large poll result is received
without intermediate chunks or concatenation, and decoded messages are memoryview slices of it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import re
import socket
import ssl
import struct
from dataclasses import dataclass
from urllib.parse import unquote

from typing import Any

from .errors import (
    CannotConnectError,
    ConnectionLostError,
    EvictedError,
    IggyError,
    InvalidConnectionStringError,
    NotConnectedError,
    ProtocolMismatchError,
    RequestTimeoutError,
    error_for,
    from_protocol_error,
)
from .protocol.errors import ProtocolError
from .protocol.codes import EMPTY_WHEN_MISSING_COMMANDS, VSR_HEADER_SIZE, ErrorCode, ProtocolVersion
from .protocol.responses import EMPTY_RESPONSES_IN, LIST_RESPONSES, RESPONSE_MODELS
from .vsr import TransientReply, VsrSession, check_reply_prefix, frame_size, reply_body

DEFAULT_HOST = "127.0.0.1"
# Iggy 0.9 servers are the current ones; `protocol=0.8` (ClientConfig.protocol) speaks to Iggy 0.8 servers.
DEFAULT_PROTOCOL = ProtocolVersion.V0_9
DEFAULT_PORT = 8090
# scheme → transport (ClientConfig.transport); see iggy.transports for the non-TCP ones.
SCHEMES = {"iggy": "tcp", "iggy+tcp": "tcp", "iggy+ws": "ws", "iggy+http": "http"}
_RESPONSE_HEADER = struct.Struct("<II")
_REQUEST_HEADER = struct.Struct("<II")
# 0.8 commands whose OK answer always has a body: an empty one can only be the first 8 bytes of a 0.9 frame.
_NEVER_EMPTY_0_8 = frozenset(
    code for code in RESPONSE_MODELS
    if code not in EMPTY_WHEN_MISSING_COMMANDS and code not in LIST_RESPONSES
    and ProtocolVersion.V0_8 not in EMPTY_RESPONSES_IN.get(code, ())
)
# A response larger than this is treated as a corrupt stream rather than allocated (the 0.8 server caps
# a poll at what fits u32; real batches are far smaller).
MAX_RESPONSE_BYTES = 1 << 31


@dataclass(frozen=True, slots=True)
class ClientConfig:
    """Every connection setting. Build directly, with `ClientConfig.parse(connection_string)`, or
    `dataclasses.replace(config, field=value)`."""

    address: str = f"{DEFAULT_HOST}:{DEFAULT_PORT}"
    username: str | None = None
    password: str | None = None
    token: str | None = None
    tls: bool = False
    tls_domain: str | None = None
    tls_ca_file: str | None = None
    tls_insecure: bool = False
    connect_timeout_ms: int = 5_000
    request_timeout_ms: int = 30_000
    # Reconnect attempts after a lost connection; None = unlimited, 0 = never reconnect.
    reconnection_retries: int | None = 3
    reconnection_interval_ms: int = 1_000
    reconnection_max_interval_ms: int = 5_000
    heartbeat_interval_ms: int = 5_000  # 0 = no background ping
    nodelay: bool = True
    # tcp, ws (WebSocket) or http (REST API): from the scheme iggy://, iggy+ws://, iggy+http://
    transport: str = "tcp"
    # The Iggy wire protocol spoken: 0.9 (the current servers) unless the server is an Iggy 0.8 one. A str "0.9" /
    # "0.8" is accepted and stored as the enum.
    protocol: ProtocolVersion = DEFAULT_PROTOCOL

    def __post_init__(self) -> None:
        split_address(self.address)
        if (self.username is None) != (self.password is None):
            raise InvalidConnectionStringError(
                ErrorCode.INVALID_CONNECTION_STRING, "username and password must be given together"
            )
        if self.token is not None and self.username is not None:
            raise InvalidConnectionStringError(
                ErrorCode.INVALID_CONNECTION_STRING, "give either username/password or a token, not both"
            )
        for name in ("connect_timeout_ms", "request_timeout_ms", "reconnection_interval_ms",
                     "reconnection_max_interval_ms", "heartbeat_interval_ms"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise _invalid(f"{name} must be a non-negative integer, got {value!r}")
        if self.connect_timeout_ms == 0 or self.request_timeout_ms == 0:
            raise _invalid("timeouts must be positive")
        if self.transport not in SCHEMES.values():
            raise _invalid(f"transport must be one of tcp, ws, http, got {self.transport!r}")
        retries = self.reconnection_retries
        if retries is not None and (not isinstance(retries, int) or retries < 0):
            raise _invalid(f"reconnection_retries must be >= 0 or None (unlimited), got {retries!r}")
        if not isinstance(self.protocol, ProtocolVersion):
            object.__setattr__(self, "protocol", parse_protocol(self.protocol))

    @property
    def host(self) -> str:
        return split_address(self.address)[0]

    @property
    def port(self) -> int:
        return split_address(self.address)[1]

    @classmethod
    def parse(cls, connection_string: str) -> ClientConfig:
        return parse_connection_string(connection_string)

    def with_overrides(self, **overrides: object) -> ClientConfig:
        unknown = set(overrides) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise TypeError(f"unknown client option(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **overrides)

    def redacted(self) -> str:
        """A description safe for logs (no password, no token)."""
        who = self.username or ("<token>" if self.token else "")
        scheme = "iggy" if self.transport == "tcp" else f"iggy+{self.transport}"
        return (f"{scheme}://{who + '@' if who else ''}{self.address}?protocol={protocol_name(self.protocol)}"
                f"{' (tls)' if self.tls else ''}")

    def __repr__(self) -> str:
        return f"ClientConfig({self.redacted()!r})"


def _invalid(message: str) -> InvalidConnectionStringError:
    return InvalidConnectionStringError(ErrorCode.INVALID_CONNECTION_STRING, message)


def protocol_name(version: ProtocolVersion) -> str:
    """`ProtocolVersion.V0_9` → "0.9", as the `protocol` option spells it (derived from the generated enum name)."""
    return version.name[1:].replace("_", ".")


# The spelling of each protocol version in connection strings and messages.
PROTOCOL_NAMES: dict[str, ProtocolVersion] = {protocol_name(member): member for member in ProtocolVersion}
# Shared by every SDK, word for word (protocol-spec/fixtures/connection_strings.json, `protocol.invalid`).
_BAD_PROTOCOL = ('invalid protocol "{value}": use protocol=0.9 (Iggy 0.9 servers, the default) '
                 "or protocol=0.8 (Iggy 0.8 servers)")


def parse_protocol(value: object, option: str = "protocol") -> ProtocolVersion:
    """The `protocol` option: exactly "0.9" or "0.8" (or the enum itself)."""
    if isinstance(value, ProtocolVersion):
        return value
    version = PROTOCOL_NAMES.get(value) if isinstance(value, str) else None
    if version is None:
        raise _invalid(_BAD_PROTOCOL.format(value=value))
    return version


def split_address(address: str) -> tuple[str, int]:
    """`host:port`, `[v6]:port`, `host` (port 8090) → (host, port) with validation."""
    if not isinstance(address, str) or not address:
        raise _invalid("address must be a non-empty 'host:port' string")
    if address.startswith("["):
        end = address.find("]")
        if end < 0:
            raise _invalid(f"unterminated IPv6 address in {address!r}")
        host, rest = address[1:end], address[end + 1 :]
        if rest and not rest.startswith(":"):
            raise _invalid(f"unexpected text after IPv6 address in {address!r}")
        port_text = rest[1:] if rest else ""
    elif address.count(":") > 1:
        raise _invalid(f"IPv6 addresses must be bracketed, e.g. [::1]:8090 (got {address!r})")
    else:
        host, _, port_text = address.partition(":")
        if ":" not in address:
            port_text = ""
    if not host:
        raise _invalid(f"missing host in address {address!r}")
    if port_text == "":
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise _invalid(f"port must be 1..65535, got {port_text!r}")
    return host, int(port_text)


_DURATION = re.compile(r"^\s*(\d+)\s*(us|ms|s|m|h)?\s*$")
_DURATION_UNIT_MS = {"us": 0.001, "ms": 1, "s": 1_000, "m": 60_000, "h": 3_600_000, None: 1}


def parse_duration_ms(text: str, option: str) -> int:
    """`500ms`, `5s`, `1m`, `2h`, `250us` or a bare number of milliseconds."""
    match = _DURATION.match(text)
    if not match:
        raise _invalid(f"option {option}: {text!r} is not a duration (e.g. 500ms, 5s, 1m)")
    return int(int(match.group(1)) * _DURATION_UNIT_MS[match.group(2)])


def _parse_bool(text: str, option: str) -> bool:
    lowered = text.strip().lower()
    if lowered in ("true", "1", "yes", "on"):
        return True
    if lowered in ("false", "0", "no", "off"):
        return False
    raise _invalid(f"option {option}: {text!r} is not a boolean (true/false)")


def _parse_retries(text: str, option: str) -> int | None:
    lowered = text.strip().lower()
    if lowered in ("unlimited", "infinite", "none"):
        return None
    if not lowered.isdigit():
        raise _invalid(f"option {option}: {text!r} is not a count (or 'unlimited')")
    return int(lowered)


# option name → (ClientConfig field, parser)
_OPTIONS = {
    "tls": ("tls", _parse_bool),
    "tls_domain": ("tls_domain", lambda text, _: text),
    "tls_ca_file": ("tls_ca_file", lambda text, _: text),
    "tls_insecure": ("tls_insecure", _parse_bool),
    "connect_timeout": ("connect_timeout_ms", parse_duration_ms),
    "connect_timeout_ms": ("connect_timeout_ms", parse_duration_ms),
    "request_timeout": ("request_timeout_ms", parse_duration_ms),
    "request_timeout_ms": ("request_timeout_ms", parse_duration_ms),
    "reconnection_retries": ("reconnection_retries", _parse_retries),
    "reconnection_interval": ("reconnection_interval_ms", parse_duration_ms),
    "reconnection_max_interval": ("reconnection_max_interval_ms", parse_duration_ms),
    "heartbeat_interval": ("heartbeat_interval_ms", parse_duration_ms),
    "nodelay": ("nodelay", _parse_bool),
    "protocol": ("protocol", parse_protocol),
}


def parse_connection_string(connection_string: str) -> ClientConfig:
    """Parse `iggy[+tcp|+ws|+http]://[USER:PASS@|TOKEN@]HOST[:PORT][/][?opt=value&…]`.

    Username and password are percent-decoded, and the password may itself contain ':' or '@' (the
    last '@' ends the userinfo). A userinfo without ':' is a personal access token.
    """
    if not isinstance(connection_string, str):
        raise _invalid("connection string must be a str")
    scheme, sep, rest = connection_string.strip().partition("://")
    if not sep:
        raise _invalid(f"connection string must start with iggy:// (got {connection_string[:20]!r}…)")
    if scheme.lower() not in SCHEMES:
        raise _invalid(f"unsupported scheme {scheme!r}: use iggy://, iggy+tcp://, iggy+ws:// or iggy+http://")
    userinfo, at, hostpart = rest.rpartition("@")
    if not at:
        hostpart = rest
    hostpart, _, query = hostpart.partition("?")
    hostpart = hostpart.rstrip("/")
    if "/" in hostpart:
        raise _invalid(f"unexpected path in connection string: {hostpart!r}")
    from .transports import DEFAULT_PORTS

    transport = SCHEMES[scheme.lower()]
    if transport != "tcp" and hostpart and ":" not in hostpart.rsplit("]", 1)[-1]:
        hostpart = f"{hostpart}:{DEFAULT_PORTS[transport]}"  # split_address's default port is TCP's
    address = hostpart or f"{DEFAULT_HOST}:{DEFAULT_PORTS[transport]}"
    fields: dict[str, object] = {"address": address, "transport": transport}
    if at:
        if not userinfo:
            raise _invalid("empty credentials before '@'")
        user, colon, password = userinfo.partition(":")
        if colon:
            if not user or not password:
                raise _invalid("both username and password are required in USER:PASS@")
            fields["username"], fields["password"] = unquote(user), unquote(password)
        else:
            fields["token"] = unquote(user)
    if query:
        for item in query.split("&"):
            if not item:
                continue
            name, eq, value = item.partition("=")
            if not eq:
                raise _invalid(f"option {name!r} needs a value (name=value)")
            option = _OPTIONS.get(name.lower())
            if option is None:
                raise _invalid(f"unknown option {name!r}; known: {', '.join(sorted(_OPTIONS))}")
            field_name, parser = option
            fields[field_name] = parser(unquote(value), name)
    if fields.get("tls_domain") or fields.get("tls_ca_file") or fields.get("tls_insecure"):
        fields.setdefault("tls", True)
    return ClientConfig(**fields)  # type: ignore[arg-type]


def make_ssl_context(config: ClientConfig) -> ssl.SSLContext | None:
    if not config.tls:
        return None
    try:
        context = ssl.create_default_context(cafile=config.tls_ca_file)
    except (OSError, ssl.SSLError) as error:
        raise IggyError(
            ErrorCode.INVALID_TLS_CERTIFICATE_PATH, f"cannot load CA file {config.tls_ca_file!r}: {error}"
        ) from error
    if config.tls_insecure:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


# --------------------------------------------------------------------------------------------
# Transport


def first_answer_hint(protocol: ProtocolVersion) -> str:
    """What to say when a connection's first request got no answer at all: the server may speak only the other
    protocol (an Iggy 0.9 server waits for 256 header bytes a short 0.8 request never sends; an Iggy 0.8 server
    may drop a 0.9 header). Shared by every SDK (connection_strings.json, `protocol.mismatch`)."""
    other = ProtocolVersion.V0_8 if protocol >= ProtocolVersion.V0_9 else ProtocolVersion.V0_9
    return f"if the server speaks only Iggy {protocol_name(other)}, connect with protocol={protocol_name(other)}"


class _ResponseProtocol(asyncio.BufferedProtocol):
    """Reads `status u32 | length u32 | payload` frames (Iggy 0.8) into exact-size buffers, one at a time.

    `_VsrResponseProtocol` reads 0.9 frames with the same machinery: only the header size and how a header says
    the body's length differ."""

    HEADER_SIZE = 8
    PROTOCOL = ProtocolVersion.V0_8

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.closed = asyncio.get_running_loop().create_future()
        self._header = bytearray(self.HEADER_SIZE)
        self._header_view = memoryview(self._header)
        self._body: bytearray | None = None
        self._body_view: memoryview | None = None
        self._filled = 0
        self._status = 0
        self._waiter: asyncio.Future | None = None
        self._write_ready = asyncio.Event()
        self._write_ready.set()
        self.lost_error: BaseException | None = None
        self.answers = 0  # complete answers read; 0 = the first answer is still to come
        self._first_header_empty = False  # 0.8: the first answer was `0 | 0` (what a 0.9 header starts with)
        self._fd = -1  # the plain TCP socket's descriptor, read directly for the rest of a large body

    # asyncio callbacks ---------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        sock = transport.get_extra_info("socket")
        if sock is not None and transport.get_extra_info("sslcontext") is None:
            self._fd = sock.fileno()

    def _read_more(self) -> None:
        """Read what the socket already holds of the current body at once, rather than one event-loop round
        (one epoll wait) per chunk: a 1 MB poll answer is many chunks, and each round costs a wake-up. Stops at
        the body's end or when the socket is empty; an EOF or error is left for asyncio's next read to report.
        Plain TCP only (TLS bytes must go through the transport)."""
        view = self._body_view
        fd = self._fd
        if view is None or fd < 0:
            return
        end = len(view)
        while self._filled < end:  # every read adds at least one byte: bounded by the body size
            try:
                received = os.readv(fd, [view[self._filled :]])
            except (BlockingIOError, InterruptedError, OSError):
                return
            if not received:
                return
            self._filled += received

    def get_buffer(self, sizehint: int) -> memoryview:
        if self._body_view is not None:
            return self._body_view[self._filled :]
        return self._header_view[self._filled :]

    def buffer_updated(self, nbytes: int) -> None:
        self._filled += nbytes
        if self._body_view is None:
            if self._filled < self.HEADER_SIZE:
                return
            self._on_header()
            return
        self._read_more()
        if self._filled == len(self._body_view):
            self._complete(self._status, memoryview(self._body))  # type: ignore[arg-type]

    def _on_header(self) -> None:
        status, length = _RESPONSE_HEADER.unpack(self._header)
        self._filled = 0
        if self.answers == 0 and status == 0 and length == 0:
            self._first_header_empty = True
        if status != 0 or length == 0:
            # Errors never carry a body (reference §2.2); an empty OK is complete now.
            self._complete(status, memoryview(b""))
            return
        if length > MAX_RESPONSE_BYTES:
            self._fail(ConnectionLostError(ErrorCode.CONNECTION_CLOSED, f"response length {length} is implausible"))
            return
        self._status = status
        self._body = bytearray(length)
        self._body_view = memoryview(self._body)

    def _complete(self, status: int, payload: memoryview) -> None:
        waiter = self._answered()
        if waiter is None or waiter.done():
            return
        if status != 0:
            waiter.set_exception(error_for(status))
        else:
            waiter.set_result(payload)

    def _answered(self) -> asyncio.Future | None:
        """An answer is complete: reset for the next one and hand back the request's waiter (None after failing the
        connection when no request was waiting)."""
        self._body = None
        self._body_view = None
        self._filled = 0
        self.answers += 1
        waiter, self._waiter = self._waiter, None
        if waiter is None:
            self._fail(self._unsolicited())
        return waiter

    def _unsolicited(self) -> BaseException:
        if self.answers == 2 and self._first_header_empty:
            # The first "answer" was the start of a 256-byte 0.9 frame and this is the rest of it.
            return _answered_in_0_9()
        return ConnectionLostError(ErrorCode.CONNECTION_CLOSED, "unsolicited response from server")

    def _fail(self, error: BaseException) -> None:
        self.lost_error = error
        if self.transport is not None:
            self.transport.abort()

    def pause_writing(self) -> None:
        self._write_ready.clear()

    def resume_writing(self) -> None:
        self._write_ready.set()

    def eof_received(self) -> bool:
        return False  # close the transport; connection_lost follows

    def connection_lost(self, exc: Exception | None) -> None:
        error = self.lost_error
        if error is None:
            if self.answers == 0 and self._waiter is not None:
                error = ConnectionLostError(
                    ErrorCode.CONNECTION_CLOSED,
                    f"the connection closed before its first answer; {first_answer_hint(self.PROTOCOL)}",
                )
            else:
                error = ConnectionLostError(
                    ErrorCode.CONNECTION_CLOSED, f"connection closed by peer{f': {exc}' if exc else ''}"
                )
        self.lost_error = error
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_exception(error)
        self._write_ready.set()
        if not self.closed.done():
            self.closed.set_result(None)

    # used by Connection --------------------------------------------------------------------
    def expect_response(self) -> asyncio.Future:
        if self._waiter is not None:
            raise RuntimeError("a request is already in flight on this connection")
        self._waiter = asyncio.get_running_loop().create_future()
        return self._waiter


# A part at least this large is handed to the transport on its own, as a memoryview (see `_write`).
_LARGE_PART_BYTES = 64 * 1024


def _write(transport: asyncio.Transport, parts: list) -> None:
    """Write a request's buffers with as few copies as asyncio allows. Its `writelines` joins every part (a copy),
    and `write` of bytes that do not fit the socket at once slices the rest (another copy) before buffering it
    (a third). So small parts are joined (as writelines would), a large last part (a 0.9 batch's frames) is
    written on its own, and everything goes as a memoryview, whose rest is sliced without a copy."""
    last = parts[-1]
    if len(parts) > 1 and len(last) >= _LARGE_PART_BYTES and len(parts) <= 4:
        transport.write(b"".join(parts[:-1]))
        transport.write(last if isinstance(last, memoryview) else memoryview(last))
        return
    data = parts[0] if len(parts) == 1 else b"".join(parts)
    transport.write(data if isinstance(data, memoryview) else memoryview(data))


def _answered_in_0_9() -> ProtocolMismatchError:
    return ProtocolMismatchError(
        ErrorCode.INCOMPATIBLE_PROTOCOL_VERSION,
        "the server answered in Iggy 0.9 framing: it speaks protocol 0.9; connect with protocol=0.9",
        ProtocolVersion.V0_9,
    )


class _VsrResponseProtocol(_ResponseProtocol):
    """Reads Iggy 0.9 frames: a 256-byte reply or eviction header (`size` counts it), then `size - 256` body bytes.
    The waiter gets `(header, body)`. The first 8 bytes are checked as soon as they arrive, before the rest of the
    header: an Iggy 0.8 server answers with an 8-byte frame and nothing more."""

    HEADER_SIZE = VSR_HEADER_SIZE
    PROTOCOL = ProtocolVersion.V0_9

    def __init__(self) -> None:
        super().__init__()
        self._prefix_checked = False

    def buffer_updated(self, nbytes: int) -> None:
        self._filled += nbytes
        if self._body_view is None:
            if not self._prefix_checked and self._filled >= 8:
                refused = check_reply_prefix(self._header)
                if refused is not None:
                    self._fail(refused)
                    return
                self._prefix_checked = True
            if self._filled < VSR_HEADER_SIZE:
                return
            self._on_header()
            return
        self._read_more()
        if self._filled == len(self._body_view):
            self._complete_frame(memoryview(self._body))  # type: ignore[arg-type]

    def _on_header(self) -> None:
        size = frame_size(self._header)
        self._filled = 0
        self._prefix_checked = False
        if size < VSR_HEADER_SIZE or size - VSR_HEADER_SIZE > MAX_RESPONSE_BYTES:
            self._fail(ConnectionLostError(ErrorCode.CONNECTION_CLOSED, f"0.9 frame size {size} is implausible"))
            return
        if size == VSR_HEADER_SIZE:
            self._complete_frame(memoryview(b""))
            return
        self._body = bytearray(size - VSR_HEADER_SIZE)
        self._body_view = memoryview(self._body)

    def _complete_frame(self, body: memoryview) -> None:
        waiter = self._answered()
        if waiter is not None and not waiter.done():
            waiter.set_result((bytes(self._header), body))

    def _unsolicited(self) -> BaseException:
        return ConnectionLostError(ErrorCode.CONNECTION_CLOSED, "unsolicited 0.9 frame from server")


class Connection:
    """One open TCP/TLS connection speaking Iggy 0.8 framing. Not re-entrant: callers serialise requests
    (IggyClient holds a lock). `VsrConnection` is the Iggy 0.9 one."""

    PROTOCOL = ProtocolVersion.V0_8
    _RESPONSE_PROTOCOL: type[_ResponseProtocol] = _ResponseProtocol

    def __init__(self, transport: asyncio.Transport, protocol: _ResponseProtocol, peer: str) -> None:
        self._transport = transport
        self._protocol = protocol
        self.peer = peer

    @classmethod
    async def open(cls, config: ClientConfig) -> Connection:
        """A connection of the class `config.protocol` asks for (called on `Connection`), or of this class."""
        if cls is Connection and config.protocol >= ProtocolVersion.V0_9:
            cls = VsrConnection
        loop = asyncio.get_running_loop()
        host, port = split_address(config.address)
        ssl_context = make_ssl_context(config)
        try:
            transport, protocol = await asyncio.wait_for(
                loop.create_connection(
                    cls._RESPONSE_PROTOCOL,
                    host,
                    port,
                    ssl=ssl_context,
                    server_hostname=(config.tls_domain or host) if ssl_context else None,
                ),
                config.connect_timeout_ms / 1000,
            )
        except (OSError, asyncio.TimeoutError, ssl.SSLError) as error:
            reason = "timed out" if isinstance(error, asyncio.TimeoutError) else str(error)
            raise CannotConnectError(
                ErrorCode.CANNOT_ESTABLISH_CONNECTION, f"cannot connect to {config.address}: {reason}"
            ) from error
        sock = transport.get_extra_info("socket")
        if sock is not None and config.nodelay:
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass  # not a TCP socket (tests may use other transports)
        return cls(transport, protocol, f"{host}:{port}")  # type: ignore[arg-type]

    @property
    def is_open(self) -> bool:
        return self._protocol.lost_error is None and not self._transport.is_closing()

    @property
    def lost_error(self) -> BaseException | None:
        """Why the connection ended (None while it is open or after a plain close)."""
        return self._protocol.lost_error

    async def request(self, code: int, payload: bytes | bytearray | memoryview | list, timeout_ms: int) -> memoryview:
        """Send one request and return the OK payload (a memoryview over a fresh buffer).

        `payload` may be a list of buffers, written with writelines so big message batches are not joined.
        A server error status raises the matching IggyError. A timeout leaves the stream in an unknown
        position, so the connection is aborted and the caller must reconnect.
        """
        parts = payload if isinstance(payload, list) else [payload]
        size = sum(map(len, parts))
        first = self._protocol.answers == 0
        result = await self._exchange([_REQUEST_HEADER.pack(4 + size, code), *parts], code, timeout_ms)
        if first and not len(result) and code in _NEVER_EMPTY_0_8:
            # Its 0.8 answer always has a body: these 8 zero bytes start a 0.9 frame (its unsealed checksum).
            self.abort(_answered_in_0_9())
            raise self._protocol.lost_error  # type: ignore[misc]
        return result

    async def _exchange(self, parts: list, code: int, timeout_ms: int) -> Any:
        """Write one frame and wait for the protocol's answer (bounded by `timeout_ms`)."""
        if not self.is_open:
            raise self._protocol.lost_error or NotConnectedError(ErrorCode.NOT_CONNECTED, "connection is closed")
        waiter = self._protocol.expect_response()
        _write(self._transport, parts)
        # A timer rather than asyncio.wait_for: no extra Task and event-loop rounds per request.
        timer = asyncio.get_running_loop().call_later(timeout_ms / 1000, self._on_timeout, waiter, code, timeout_ms)
        try:
            write_ready = self._protocol._write_ready
            if not write_ready.is_set():
                await write_ready.wait()
            return await waiter
        except asyncio.CancelledError:
            # The answer to a cancelled request would be read as the answer to the next one.
            self.abort(ConnectionLostError(ErrorCode.CONNECTION_CLOSED, "request cancelled mid-flight"))
            raise
        finally:
            timer.cancel()

    def _on_timeout(self, waiter: asyncio.Future, code: int, timeout_ms: int) -> None:
        if waiter.done():
            return
        message = f"no response to command {code} within {timeout_ms} ms"
        if self._protocol.answers == 0:
            message = f"{message} (the connection's first request; {first_answer_hint(self.PROTOCOL)})"
        self.abort(RequestTimeoutError(ErrorCode.TASK_TIMEOUT, message))
        waiter.set_exception(self._protocol.lost_error)  # type: ignore[arg-type]
        self._protocol._write_ready.set()  # a request stuck on backpressure wakes to see the error

    def abort(self, error: BaseException | None = None) -> None:
        if error is not None and self._protocol.lost_error is None:
            self._protocol.lost_error = error
        self._transport.abort()

    async def close(self) -> None:
        self._transport.close()
        try:
            await asyncio.wait_for(asyncio.shield(self._protocol.closed), 1.0)
        except asyncio.TimeoutError:
            self._transport.abort()


class VsrConnection(Connection):
    """One open TCP/TLS connection speaking Iggy 0.9: every request framed by `vsr.VsrSession` (identity,
    session, numbering), every answer read through `vsr.reply_body` (evictions, statuses, result sections)."""

    PROTOCOL = ProtocolVersion.V0_9
    _RESPONSE_PROTOCOL = _VsrResponseProtocol

    def __init__(self, transport: asyncio.Transport, protocol: _ResponseProtocol, peer: str) -> None:
        super().__init__(transport, protocol, peer)
        self.session = VsrSession()

    async def request(self, code: int, payload: bytes | bytearray | memoryview | list, timeout_ms: int) -> memoryview:
        parts = payload if isinstance(payload, list) else [payload]
        header, operation, number = self.session.header(code, parts)
        return await exchange_vsr(self.session, code, operation, number,
                                  lambda: self._exchange([header, *parts], code, timeout_ms), timeout_ms)


async def exchange_vsr(session: VsrSession, code: int, operation: Any, number: int, send: Any,
                       timeout_ms: int) -> memoryview:
    """One 0.9 request through `send()` (which writes the frame and returns `(header, body)`): the OK body, with
    a transient reply (57/58) answered by sending the identical frame again every 50 ms within `timeout_ms`, as the
    official clients do; an eviction ends the session's binding before it is raised."""
    deadline = asyncio.get_running_loop().time() + timeout_ms / 1000
    # Bounded by the deadline: at least 50 ms pass between two sends.
    while True:
        header, body = await send()
        try:
            answered, body = reply_body(header, body)
        except TransientReply as transient:
            if asyncio.get_running_loop().time() + TRANSIENT_RETRY_S > deadline:
                raise error_for(transient.code, f"request {number} (command {code}) still not committed "
                                                f"after {timeout_ms} ms") from None
            await asyncio.sleep(TRANSIENT_RETRY_S)
            continue
        except EvictedError:
            session.on_eviction()
            raise
        try:
            session.on_reply(operation, body)
        except ProtocolError as error:
            raise from_protocol_error(error) from None
        return body


# Seconds between the sends of a frame the server answered 57/58 (the official clients' 50 ms).
TRANSIENT_RETRY_S = 0.05
