"""Server configuration: embedded defaults ← TOML file ← ``IGGY_<SECTION>_<KEY>`` environment variables.

Every key has a default below (the single source of truth; ``server/config.toml`` documents the same
keys). The TOML file is ``--config PATH``, else ``$IGGY_CONFIG_PATH``, else ``./config.toml`` when it
exists. Any key can be overridden from the environment: the upper-cased path joined with ``_`` and
prefixed with ``IGGY_`` (``[system.segment] size_bytes`` → ``IGGY_SYSTEM_SEGMENT_SIZE_BYTES``). Values
are parsed with the default's type; a bad value, an unknown TOML key or an unknown ``IGGY_*`` variable
is a :class:`ConfigError` naming the key (and, for a misspelling, the closest known one), so a typo can
never silently leave a setting — say durability — at its default.
"""

from __future__ import annotations

import base64
import binascii
import copy
import difflib
import enum
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .transports import settings as transport_settings

__all__ = [
    "DEFAULTS",
    "ConfigError",
    "CacheIndexes",
    "Durability",
    "IoConfig",
    "ServerConfig",
    "StorageConfig",
    "load_config",
    "env_variable_names",
]

GIB = 1024 * 1024 * 1024
MIB = 1024 * 1024
U64_MAX = 0xFFFF_FFFF_FFFF_FFFF  # tidy: allow-value (the range of u64 settings, not a sentinel)

DEFAULTS: dict[str, Any] = {
    "tcp": {
        # host:port to listen on; port 0 picks a free port (the bound address is logged and written
        # to address_file when that is set).
        "address": "127.0.0.1:8090",
        "address_file": "",
        "nodelay": True,
        # Answers of plain-TCP connections are written by a native thread (GIL released), so the kernel's send
        # work runs on another core than the event loop; off: the event loop writes them (asyncio transport).
        "send_thread": True,
        # How many such threads (1 to 64). Each connection has a home thread (the one with the fewest connections
        # when it connects) that sends its answers while no producer sent within 250 ms; while producers send,
        # the first thread sends every answer, leaving the event loop the CPU it needs to receive their batches
        # (README "Hot-path I/O"). Two sped four consumers up on the 2-core development VM.
        "send_thread_count": 2,
        # How many plain-TCP 0.8 producers at most have their SendMessages received, stamped, written and
        # acknowledged by a native thread of their own (GIL released) instead of the event loop, in `written` and
        # `memory` durability without encryption (README "Hot-path I/O"); more stay on the loop. 0: off. Needs
        # send_thread.
        "native_send_connections": 64,
        # TLS on the TCP listener, like Iggy's [tcp.tls]: PEM certificate chain and private key.
        "tls": {"enabled": False, "cert_file": "", "key_file": ""},
    },
    # Iggy 0.8's HTTP REST API (Iggy's [http] names and defaults; sizes in bytes and durations in ms, as every
    # other key here, where Iggy writes "2 MB" and "1 h": see RENAMED_KEYS).
    "http": {
        "enabled": True,
        "address": "127.0.0.1:3000",
        "max_request_size_bytes": 2_000_000,
        "cors": {
            "enabled": True,
            "allowed_methods": ["GET", "POST", "PUT", "DELETE"],
            "allowed_origins": ["*"],
            "allowed_headers": ["content-type", "authorization"],
            "exposed_headers": [],
            "allow_credentials": False,
            "allow_private_network": False,
        },
        "jwt": {
            "algorithm": "HS256",
            "issuer": "iggy.apache.org",
            "audience": "iggy.apache.org",
            "valid_issuers": ["iggy.apache.org"],
            "valid_audiences": ["iggy.apache.org"],
            # JWT times are whole seconds: expiry at least 1000 ms, the others rounded down to a second.
            "access_token_expiry_ms": 3_600_000,
            "clock_skew_ms": 5000,
            "not_before_ms": 0,
            # Empty: a random secret per start (every token dies with the process), as Iggy does.
            "encoding_secret": "",
            "decoding_secret": "",
            "use_base64_secret": False,
        },
        "metrics": {"enabled": True, "endpoint": "/metrics"},
        "tls": {"enabled": False, "cert_file": "", "key_file": ""},
    },
    # QUIC (native engine: quinn on a thread of its own): a bidirectional stream per request, TLS 1.3.
    "quic": {
        "enabled": True,
        "address": "127.0.0.1:8080",
        "receive_window_bytes": 100_000,
        "max_idle_timeout_ms": 10_000,
        # Iggy's self-signed default: a fresh ECDSA P-256 certificate for "localhost" each start.
        "certificate": {"self_signed": True, "cert_file": "", "key_file": ""},
    },
    # WebSocket (websockets): binary messages carry the TCP framing.
    "websocket": {
        "enabled": True,
        "address": "127.0.0.1:8092",
        "max_message_size_bytes": 64 * MIB,
        "tls": {"enabled": False, "self_signed": True, "cert_file": "", "key_file": ""},
    },
    "system": {
        "path": "local_data",
        # cache_indexes (Iggy's key and values): which segment indexes stay in memory. "all": every segment's;
        # "open_segment": the open (active) segment's, sealed ones are read from their index files; "none": no
        # index is kept, lookups read the index files (entries not yet written stay in memory until they are).
        "segment": {"size_bytes": GIB, "cache_indexes": "open_segment"},
        "partition": {
            "messages_required_to_save": 1024,
            "enforce_fsync": False,
            # memory: ack once queued for the background writer (Iggy 0.8); written: once the kernel has
            # the bytes (survives kill -9); durable: once fdatasynced (survives power loss).
            "durability": "written",
            "verify_checksums_on_read": True,
        },
        # Iggy's period (30 s). Its saver only flushes buffers; ours fdatasyncs, so this bounds the power-loss
        # window of `written` and `memory`. A 1 s period cost 6 % of 4-producer and 19 % of 4-consumer
        # throughput here (README "Durability").
        "message_saver": {"enabled": True, "interval_ms": 30_000},
        # Page-aligned buffers for request payloads and poll reads; in-use + cached bytes never exceed it.
        "memory_pool": {"size_bytes": 512 * MIB, "stats_log_interval_ms": 60_000},
        # Segment writer: "pwritev", "io_uring" or "auto" (io_uring when it works, else pwritev).
        # pwritev by default: buffered appends through io_uring were slower here (see README).
        # direct_io: write segment logs with O_DIRECT (aligned 4 KiB blocks; buffered if the fs refuses).
        # write_queue_bytes: bound of acknowledged-but-unwritten batches in memory durability.
        # memory_writes: who writes memory durability's acknowledged batches: "loop" (the event loop, right
        # after the answers of the callback that queued them) or "thread" (a writer thread). See BENCHMARKS.md.
        # max_open_segment_files: bound of open segment files (0 = half the descriptor limit); see README.
        # mmap_reads: polls send views of a read-only map of the log instead of copying it into a buffer.
        # preallocate_max_bytes: reserve an active log's disk blocks ahead of its appends (fallocate, file
        # size unchanged; given back at seal), by as much as it holds, at most this; 0 = off. See README.
        "io": {
            "writer": "pwritev",
            "direct_io": False,
            "mmap_reads": True,
            "write_queue_bytes": 64 * MIB,
            "memory_writes": "loop",
            "max_open_segment_files": 0,
            "preallocate_max_bytes": 16 * MIB,
        },
        "message_cleaner": {"enabled": True, "interval_ms": 60_000},
        "topic": {"message_expiry_us": 0, "max_size_bytes": 0},
        # Iggy's keys: AES-256-GCM of every message's payload and user headers on disk; the key is base64 of 32
        # bytes. A data directory's messages are all encrypted or all not: the server refuses to start otherwise.
        "encryption": {"enabled": False, "key": ""},
        # Iggy's [system.logging] keys (sizes and durations as Iggy writes them) plus `format` (text or JSON
        # lines) and `max_files` (rotated files kept; 0 = no count limit). Logs go to stderr, and with
        # file_enabled also to {path}/iggy-server.log (relative to system.path), rotated past max_file_size_bytes;
        # rotated files are deleted past max_files, max_total_size_bytes (all files) or retention_ms (0 = no limit).
        "logging": {
            "path": "logs",
            "level": "info",
            "file_enabled": True,
            "format": "text",
            "max_file_size_bytes": 500_000_000,
            "max_total_size_bytes": 4_000_000_000,
            "max_files": 0,
            "rotation_check_interval_ms": 3_600_000,
            "retention_ms": 7 * 24 * 3_600_000,
        },
    },
    "limits": {
        "max_request_bytes": 10 * MIB,
        "max_send_messages_bytes": 128 * MIB,
        "max_messages_per_batch": 1_000_000,
        "max_poll_messages": 1_000_000,
        "max_connections": 10_000,
        # Before login only LoginUser / LoginWithPersonalAccessToken / Ping are useful, and none needs more
        # than a few hundred bytes: a larger frame is answered with an error and the connection closed.
        "max_unauthenticated_request_bytes": 4096,
        # A connection that stops sending in the middle of a frame for this long is closed.
        "frame_read_timeout_ms": 30_000,
        # A TCP connection not logged in for this long (since it connected or logged out) is closed, so
        # anonymous peers cannot keep connection slots. A minute, as PostgreSQL's authentication_timeout:
        # the CLI connects before it prompts for a password.
        "login_timeout_ms": 60_000,
        # Reading from a connection pauses while this many answer bytes wait to be sent to it, so a client
        # that pipelines requests without reading cannot make the server queue answers without bound.
        "write_buffer_high_water_bytes": 4 * MIB,
    },
    "heartbeat": {"enabled": False, "interval_ms": 5000},
    "consumer_group": {"rebalancing_timeout_ms": 30_000, "rebalancing_check_interval_ms": 5000},
    "cluster": {"name": "single-node", "node_name": "iggy-node"},
    # OpenTelemetry (Iggy's [telemetry] keys and defaults): logs and a span per request over OTLP, transport
    # "grpc" or "http" per signal. sample_ratio (ours): the share of requests traced (trace-id ratio).
    "telemetry": {
        "enabled": False,
        "service_name": "iggy",
        "logs": {"transport": "grpc", "endpoint": "http://localhost:7281/v1/logs"},
        "traces": {"transport": "grpc", "endpoint": "http://localhost:7281/v1/traces", "sample_ratio": 1.0},
    },
}

# Keys of 0.1.x written as Iggy-style strings ("2 MB", "1 h"), renamed in 0.2.0 when every size became bytes and
# every duration milliseconds (server/README.md "Migrating from 0.1"). An old name in a file or the environment
# is refused naming its successor, never ignored: a silently ignored limit would run at its default.
RENAMED_KEYS: dict[str, tuple[str, str]] = {
    "http.max_request_size": ("http.max_request_size_bytes", '"2 MB" = 2000000'),
    "http.jwt.access_token_expiry": ("http.jwt.access_token_expiry_ms", '"1 h" = 3600000'),
    "http.jwt.clock_skew": ("http.jwt.clock_skew_ms", '"5 s" = 5000'),
    "http.jwt.not_before": ("http.jwt.not_before_ms", '"0 s" = 0'),
    "quic.receive_window": ("quic.receive_window_bytes", '"100 KB" = 100000'),
    "quic.max_idle_timeout": ("quic.max_idle_timeout_ms", '"10 s" = 10000'),
    "websocket.max_message_size": ("websocket.max_message_size_bytes", '"64 MiB" = 67108864'),
    "logging.level": ("system.logging.level", '"info"'),
}

# IGGY_* variables that are not configuration keys: the server's own start-up inputs, and the settings of
# the project's client tools (cli/, sdk/, spark/, protocol-spec/recorder), which an operator's shell may
# export alongside the server's. Any other IGGY_* name is refused at start-up.
# (IGGY_SERVER_FLAGS: the command-line flags `make run` passes, see server/server.mk.)
SERVER_VARIABLES = frozenset({"IGGY_CONFIG_PATH", "IGGY_ROOT_USERNAME", "IGGY_ROOT_PASSWORD", "IGGY_SERVER_FLAGS"})
CLIENT_VARIABLES = frozenset(
    {
        "IGGY_USERNAME",
        "IGGY_PASSWORD",
        "IGGY_TOKEN",
        "IGGY_URL",
        "IGGY_CONTEXT",
        "IGGY_HOME",
        "IGGY_OUTPUT",
        "IGGY_CONNECTION_STRING",
        "IGGY_TCP_SERVER_ADDRESS",
        "IGGY_TCP_TLS_DOMAIN",
        "IGGY_TCP_TLS_CA_FILE",
        "IGGY_SPARK_TESTS",
        "IGGY_WIRE_REFERENCE",
    }
)
# Below this, nearly every message would get a segment (two files) of its own; above 4 GiB the u32 index
# positions overflow.
MIN_SEGMENT_SIZE_BYTES = 1024
MAX_SEGMENT_SIZE_BYTES = 0xFFFF_FFFF
# As _native.SocketSender's bound (MAX_THREADS in src/py_sender.rs): a typo cannot start thousands of threads.
MAX_SEND_THREADS = 64
# A thread each: beyond this many producers, the event loop serves the rest.
MAX_NATIVE_SEND_CONNECTIONS = 1024


class Durability(enum.StrEnum):
    """``system.partition.durability``: when a SendMessages is acknowledged (server/README.md "Durability")."""

    MEMORY = "memory"  # once queued for the background writer (Iggy 0.8's behaviour)
    WRITTEN = "written"  # once the kernel has the bytes: survives kill -9
    DURABLE = "durable"  # once fdatasynced: survives power loss


DURABILITY_MODES = tuple(mode.value for mode in Durability)


class CacheIndexes(enum.StrEnum):
    """``system.segment.cache_indexes``: which segment indexes stay in memory (Iggy 0.8's values)."""

    ALL = "all"  # every segment's: lookups never read an index file; memory grows with the retained messages
    OPEN_SEGMENT = "open_segment"  # the active segment's; sealed segments' are read from their files
    NONE = "none"  # none: every lookup reads the index file (unwritten entries excepted)


# Iggy 0.8 also accepts "true" for all and "false" for none.
CACHE_INDEXES_ALIASES = {"true": CacheIndexes.ALL, "false": CacheIndexes.NONE}


def cache_indexes_mode(text: str) -> CacheIndexes:
    """The mode a ``cache_indexes`` value names; ConfigError for anything else."""
    lowered = text.strip().lower()
    if lowered in CACHE_INDEXES_ALIASES:
        return CACHE_INDEXES_ALIASES[lowered]
    try:
        return CacheIndexes(lowered)
    except ValueError:
        modes = ", ".join(mode.value for mode in CacheIndexes)
        raise ConfigError(f"system.segment.cache_indexes: expected one of {modes}, got {text!r}") from None
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
_LOG_LEVELS = ("trace", "debug", "info", "warn", "warning", "error", "critical")
_LOG_FORMATS = ("text", "json")


_SYSTEM = DEFAULTS["system"]


@dataclass(frozen=True, slots=True)
class IoConfig:
    """The storage layer's shared I/O resources (``[system.io]``, ``[system.memory_pool]``); the defaults
    are DEFAULTS' (tools and tests build it directly, the server through :meth:`ServerConfig.storage_config`)."""

    pool_size_bytes: int = _SYSTEM["memory_pool"]["size_bytes"]
    writer: str = _SYSTEM["io"]["writer"]  # auto | io_uring | pwritev
    direct_io: bool = _SYSTEM["io"]["direct_io"]
    mmap_reads: bool = _SYSTEM["io"]["mmap_reads"]
    write_queue_bytes: int = _SYSTEM["io"]["write_queue_bytes"]
    memory_writes: str = _SYSTEM["io"]["memory_writes"]  # loop | thread
    max_open_segment_files: int = _SYSTEM["io"]["max_open_segment_files"]  # 0 = half the descriptor limit
    preallocate_max_bytes: int = _SYSTEM["io"]["preallocate_max_bytes"]  # 0 = off
    data_path: Path | None = None  # where direct I/O is probed at start (None: at the first segment open)


@dataclass(frozen=True, slots=True)
class StorageConfig:
    """What a partition needs to know: segment size, fsync knobs and its :class:`Durability`."""

    segment_size_bytes: int = _SYSTEM["segment"]["size_bytes"]
    cache_indexes: CacheIndexes = CacheIndexes(_SYSTEM["segment"]["cache_indexes"])
    messages_required_to_save: int = _SYSTEM["partition"]["messages_required_to_save"]
    enforce_fsync: bool = _SYSTEM["partition"]["enforce_fsync"]
    durability: Durability = Durability(_SYSTEM["partition"]["durability"])
    verify_checksums_on_read: bool = _SYSTEM["partition"]["verify_checksums_on_read"]
    io: IoConfig = IoConfig()
    # The 32-byte AES-256-GCM key of [system.encryption] when enabled, else empty (messages stored as sent).
    encryption_key: bytes = field(default=b"", repr=False)

    @property
    def fsync(self) -> bool:
        """Whether structural changes (new segments, offsets files, deletions) are fsynced."""
        return self.durability is Durability.DURABLE or self.enforce_fsync


class ConfigError(ValueError):
    """A configuration value that cannot be used; the message names the key and its source."""


class Section:
    """Read-only attribute view of one config table (``config.system.segment.size_bytes``)."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        for key, value in values.items():
            object.__setattr__(self, key, Section(value) if isinstance(value, Mapping) else value)

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("configuration is read-only")

    def as_dict(self) -> dict[str, Any]:
        return {k: (v.as_dict() if isinstance(v, Section) else v) for k, v in vars(self).items()}


class ServerConfig(Section):
    """The resolved configuration; ``source`` names the TOML file used (or None)."""

    def __init__(self, values: Mapping[str, Any], source: Path | None = None) -> None:
        super().__init__(values)
        object.__setattr__(self, "source", source)

    def as_dict(self) -> dict[str, Any]:
        result = super().as_dict()
        result.pop("source", None)
        return result

    def storage_config(self) -> StorageConfig:
        """The typed settings the storage layer is built from (``system.segment/partition/io/memory_pool``)."""
        system = self.system
        partition, io = system.partition, system.io
        return StorageConfig(
            segment_size_bytes=system.segment.size_bytes,
            cache_indexes=cache_indexes_mode(system.segment.cache_indexes),
            messages_required_to_save=partition.messages_required_to_save,
            enforce_fsync=partition.enforce_fsync,
            durability=Durability(partition.durability),
            verify_checksums_on_read=partition.verify_checksums_on_read,
            encryption_key=encryption_key(system.encryption),
            io=IoConfig(
                pool_size_bytes=system.memory_pool.size_bytes,
                writer=io.writer,
                direct_io=io.direct_io,
                mmap_reads=io.mmap_reads,
                write_queue_bytes=io.write_queue_bytes,
                memory_writes=io.memory_writes,
                max_open_segment_files=io.max_open_segment_files,
                preallocate_max_bytes=io.preallocate_max_bytes,
                data_path=Path(system.path),
            ),
        )

    @property
    def host(self) -> str:
        return split_address(self.tcp.address, "tcp.address")[0]

    @property
    def port(self) -> int:
        return split_address(self.tcp.address, "tcp.address")[1]


ENCRYPTION_KEY_BYTES = 32  # AES-256


def encryption_key(section: Any) -> bytes:
    """The key of an enabled ``[system.encryption]`` (b"" when disabled); ConfigError naming the key if malformed.
    The message never shows the key."""
    return _decode_encryption_key(section.key) if section.enabled else b""


def _decode_encryption_key(text: str) -> bytes:
    try:
        key = base64.b64decode(text.strip(), validate=True)
    except (binascii.Error, ValueError):
        raise ConfigError(
            "system.encryption.key: expected a base64-encoded 32-byte key (e.g. `openssl rand -base64 32`); "
            "the value is not base64"
        ) from None
    if len(key) != ENCRYPTION_KEY_BYTES:
        raise ConfigError(
            f"system.encryption.key: expected a base64-encoded 32-byte key (AES-256); the value decodes to "
            f"{len(key)} bytes"
        )
    return key


def split_address(address: str, key: str) -> tuple[str, int]:
    host, sep, port_text = address.rpartition(":")
    if not sep or not host or not port_text.isdigit() or int(port_text) > 65535:
        raise ConfigError(f"{key}: expected host:port, got {address!r}")
    return host.strip("[]"), int(port_text)


def _leaves(tree: Mapping[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    out: list[tuple[tuple[str, ...], Any]] = []
    for key, value in tree.items():
        if isinstance(value, Mapping):
            out.extend(_leaves(value, prefix + (key,)))
        else:
            out.append((prefix + (key,), value))
    return out


def env_variable_names() -> dict[str, tuple[str, ...]]:
    """``{"IGGY_TCP_ADDRESS": ("tcp", "address"), ...}`` for every key."""
    names: dict[str, tuple[str, ...]] = {}
    for path, _ in _leaves(DEFAULTS):
        name = "IGGY_" + "_".join(part.upper() for part in path)
        if name in names:  # a design bug in DEFAULTS, caught by the test suite
            raise AssertionError(f"two config keys map to {name}")
        names[name] = path
    return names


def _parse_text(text: str, default: Any, key: str, source: str) -> Any:
    raw = text.strip()
    if isinstance(default, bool):
        lowered = raw.lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise ConfigError(f"{key} ({source}): expected a boolean (true/false), got {text!r}")
    if isinstance(default, int):
        try:
            return int(raw.replace("_", ""), 0)
        except ValueError:
            raise ConfigError(f"{key} ({source}): expected an integer, got {text!r}") from None
    if isinstance(default, float):
        try:
            return float(raw)
        except ValueError:
            raise ConfigError(f"{key} ({source}): expected a number, got {text!r}") from None
    if isinstance(default, list):
        return [item.strip() for item in raw.split(",") if item.strip()]
    return text


def _coerce(value: Any, default: Any, key: str, source: str) -> Any:
    """Check a TOML value against the default's type (TOML already typed it)."""
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            return _parse_text(value, default, key, source)
        raise ConfigError(f"{key} ({source}): expected a boolean, got {value!r}")
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str):
            return _parse_text(value, default, key, source)
        raise ConfigError(f"{key} ({source}): expected an integer, got {value!r}")
    if isinstance(default, float):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        raise ConfigError(f"{key} ({source}): expected a number, got {value!r}")
    if isinstance(default, str):
        if isinstance(value, str):
            return value
        raise ConfigError(f"{key} ({source}): expected a string, got {value!r}")
    if isinstance(default, list):
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return value
        raise ConfigError(f"{key} ({source}): expected a list of strings, got {value!r}")
    return value


def _env_name(dotted: str) -> str:
    return "IGGY_" + dotted.replace(".", "_").upper()


def _renamed(old: str) -> str:
    new, example = RENAMED_KEYS[old]
    if new.endswith(("_bytes", "_ms")):
        unit = "bytes" if new.endswith("_bytes") else "milliseconds"
        what = f"a number of {unit} ({example})"
    else:
        what = f"the same values ({example})"
    return (f"renamed to {new} ({_env_name(new)}), {what}; "
            "see server/README.md \"Migrating from 0.1\"")


def _merge_file(
    values: dict[str, Any], defaults: Mapping[str, Any], data: Mapping[str, Any], prefix: str, source: str
) -> None:
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if key not in defaults:
            if dotted in RENAMED_KEYS:
                raise ConfigError(f"{dotted} ({source}): {_renamed(dotted)}")
            if isinstance(value, Mapping):  # a section that moved, e.g. [logging] into [system.logging]
                for sub_key in value:
                    if f"{dotted}.{sub_key}" in RENAMED_KEYS:
                        raise ConfigError(f"{dotted}.{sub_key} ({source}): {_renamed(f'{dotted}.{sub_key}')}")
            raise ConfigError(f"{dotted} ({source}): unknown configuration key")
        default = defaults[key]
        if isinstance(default, Mapping):
            if not isinstance(value, Mapping):
                raise ConfigError(f"{dotted} ({source}): expected a table")
            _merge_file(values[key], default, value, dotted + ".", source)
        else:
            values[key] = _coerce(value, default, dotted, source)


def _validate(values: Mapping[str, Any]) -> None:
    def positive(path: str) -> None:
        node: Any = values
        for part in path.split("."):
            node = node[part]
        if node <= 0:
            raise ConfigError(f"{path}: must be > 0, got {node}")

    split_address(values["tcp"]["address"], "tcp.address")
    try:
        transport_settings.validate(values, split_address)
    except transport_settings.SettingError as error:
        raise ConfigError(str(error)) from None
    for path in (
        "system.segment.size_bytes",
        "system.partition.messages_required_to_save",
        "system.message_saver.interval_ms",
        "system.message_cleaner.interval_ms",
        "system.memory_pool.stats_log_interval_ms",
        "limits.max_request_bytes",
        "limits.max_send_messages_bytes",
        "limits.max_messages_per_batch",
        "limits.max_poll_messages",
        "limits.max_connections",
        "limits.max_unauthenticated_request_bytes",
        "limits.frame_read_timeout_ms",
        "limits.login_timeout_ms",
        "limits.write_buffer_high_water_bytes",
        "heartbeat.interval_ms",
        "consumer_group.rebalancing_timeout_ms",
        "consumer_group.rebalancing_check_interval_ms",
    ):
        positive(path)
    if values["limits"]["max_send_messages_bytes"] > 0xFFFF_FFFF - 4:
        raise ConfigError("limits.max_send_messages_bytes: must fit the u32 frame length")
    if values["limits"]["max_request_bytes"] > 0xFFFF_FFFF - 4:
        raise ConfigError("limits.max_request_bytes: must fit the u32 frame length")
    segment_size_bytes = values["system"]["segment"]["size_bytes"]
    if not MIN_SEGMENT_SIZE_BYTES <= segment_size_bytes <= MAX_SEGMENT_SIZE_BYTES:
        # Index positions are u32 (reference §5), so a segment cannot exceed 4 GiB.
        raise ConfigError(
            f"system.segment.size_bytes: must be between {MIN_SEGMENT_SIZE_BYTES} bytes and 4 GiB "
            f"(u32 index positions), got {segment_size_bytes}"
        )
    cache_indexes_mode(values["system"]["segment"]["cache_indexes"])
    encryption = values["system"]["encryption"]
    if encryption["enabled"] and not encryption["key"]:
        raise ConfigError("system.encryption.key: encryption is enabled but no key is set (base64 of 32 bytes)")
    if encryption["key"]:
        _decode_encryption_key(encryption["key"])
    send_thread_count = values["tcp"]["send_thread_count"]
    if not 1 <= send_thread_count <= MAX_SEND_THREADS:
        raise ConfigError(f"tcp.send_thread_count: must be between 1 and {MAX_SEND_THREADS}, got {send_thread_count}")
    native_send_connections = values["tcp"]["native_send_connections"]
    if not 0 <= native_send_connections <= MAX_NATIVE_SEND_CONNECTIONS:
        raise ConfigError(
            f"tcp.native_send_connections: must be between 0 and {MAX_NATIVE_SEND_CONNECTIONS}, "
            f"got {native_send_connections}"
        )
    if values["system"]["memory_pool"]["size_bytes"] < 1024 * 1024:
        raise ConfigError("system.memory_pool.size_bytes: must be at least 1 MiB")
    durability = values["system"]["partition"]["durability"]
    if durability not in DURABILITY_MODES:
        expected = ", ".join(DURABILITY_MODES)
        raise ConfigError(f"system.partition.durability: expected one of {expected}, got {durability!r}")
    if values["system"]["io"]["write_queue_bytes"] < 1024 * 1024:
        raise ConfigError("system.io.write_queue_bytes: must be at least 1 MiB")
    max_open = values["system"]["io"]["max_open_segment_files"]
    # An active segment pins up to 3 files and a read of a sealed one needs 2 (storage/open_files.py MIN_LIMIT).
    if max_open != 0 and max_open < 5:
        raise ConfigError(f"system.io.max_open_segment_files: must be 0 (auto) or at least 5, got {max_open}")
    if values["system"]["io"]["preallocate_max_bytes"] < 0:
        raise ConfigError("system.io.preallocate_max_bytes: must be 0 (off) or positive")
    writer = values["system"]["io"]["writer"]
    if writer not in ("auto", "io_uring", "pwritev"):
        raise ConfigError(f"system.io.writer: expected auto, io_uring or pwritev, got {writer!r}")
    memory_writes = values["system"]["io"]["memory_writes"]
    if memory_writes not in ("thread", "loop"):
        raise ConfigError(f"system.io.memory_writes: expected thread or loop, got {memory_writes!r}")
    if not values["system"]["path"]:
        raise ConfigError("system.path: must not be empty")
    _validate_logging(values["system"]["logging"])
    _validate_telemetry(values["telemetry"])
    for path in ("system.topic.message_expiry_us", "system.topic.max_size_bytes"):
        section, sub, key = path.split(".")
        value = values[section][sub][key]
        if not 0 <= value <= U64_MAX:
            raise ConfigError(f"{path}: must be a u64, got {value}")


def _validate_logging(logging_values: Mapping[str, Any]) -> None:
    level, log_format = logging_values["level"], logging_values["format"]
    if level.lower() not in _LOG_LEVELS:
        raise ConfigError(f"system.logging.level: expected one of {', '.join(_LOG_LEVELS)}, got {level!r}")
    if log_format not in _LOG_FORMATS:
        raise ConfigError(f"system.logging.format: expected text or json, got {log_format!r}")
    if not logging_values["path"]:
        raise ConfigError("system.logging.path: must not be empty")
    if logging_values["max_files"] < 0:
        raise ConfigError("system.logging.max_files: must be 0 (no limit) or positive")
    for key in ("max_file_size_bytes", "max_total_size_bytes", "rotation_check_interval_ms", "retention_ms"):
        if logging_values[key] < 0:
            raise ConfigError(f"system.logging.{key}: must be 0 (no limit) or positive")


def _validate_telemetry(telemetry: Mapping[str, Any]) -> None:
    if not telemetry["service_name"]:
        raise ConfigError("telemetry.service_name: must not be empty")
    for signal in ("logs", "traces"):
        settings = telemetry[signal]
        if settings["transport"] not in ("grpc", "http"):
            raise ConfigError(f"telemetry.{signal}.transport: expected grpc or http, got {settings['transport']!r}")
        if not settings["endpoint"].startswith(("http://", "https://")):
            raise ConfigError(
                f"telemetry.{signal}.endpoint: expected an http:// or https:// URL, got {settings['endpoint']!r}"
            )
    ratio = telemetry["traces"]["sample_ratio"]
    if not 0.0 <= ratio <= 1.0:
        raise ConfigError(f"telemetry.traces.sample_ratio: must be between 0 and 1, got {ratio}")


def _refuse_unknown_variables(environ: Mapping[str, str], known: Mapping[str, tuple[str, ...]]) -> None:
    accepted = set(known) | SERVER_VARIABLES
    for name in sorted(environ):
        if not name.startswith("IGGY_") or name in accepted or name in CLIENT_VARIABLES:
            continue
        renamed_from = next((old for old in RENAMED_KEYS if _env_name(old) == name), None)
        if renamed_from is not None:
            raise ConfigError(f"env {name}: {_renamed(renamed_from)}")
        closest = difflib.get_close_matches(name, sorted(accepted), n=1, cutoff=0.0)
        hint = f"; closest known key: {closest[0]}" if closest else ""
        raise ConfigError(f"env {name}: unknown setting{hint} (see server/config.toml)")


def resolve_config_path(explicit: str | os.PathLike[str] | None, environ: Mapping[str, str]) -> Path | None:
    if explicit:
        return Path(explicit)
    from_env = environ.get("IGGY_CONFIG_PATH")
    if from_env:
        return Path(from_env)
    default = Path("config.toml")
    return default if default.is_file() else None


def load_config(path: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None) -> ServerConfig:
    """Resolve the configuration (defaults ← file ← environment) and validate it."""
    environ = os.environ if environ is None else environ
    values = copy.deepcopy(DEFAULTS)
    config_path = resolve_config_path(path, environ)
    if config_path is not None:
        try:
            with open(config_path, "rb") as handle:
                data = tomllib.load(handle)
        except FileNotFoundError:
            raise ConfigError(f"config file {config_path} does not exist") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"config file {config_path}: {exc}") from None
        _merge_file(values, DEFAULTS, data, "", str(config_path))
    known = env_variable_names()
    _refuse_unknown_variables(environ, known)
    for name, key_path in known.items():
        if name not in environ:
            continue
        node = values
        default_node: Any = DEFAULTS
        for part in key_path[:-1]:
            node = node[part]
            default_node = default_node[part]
        leaf = key_path[-1]
        node[leaf] = _parse_text(environ[name], default_node[leaf], ".".join(key_path), f"env {name}")
    _validate(values)
    return ServerConfig(values, source=config_path)
