"""Options of the `iggy` Spark data source, parsed and validated up front (pure Python, no Spark).

Spark hands a data source its options as a case-insensitive mapping of strings. Everything is parsed
here once, on the driver, into frozen dataclasses of plain values, so that a bad option fails before
any task starts with a message naming the option, and so that readers and writers (pickled to
executors) carry only primitives. Secrets (`password`, `token`, the credentials inside a
`connectionString`) are kept out of every `repr`.
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import json
import re
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

from iggy.connection import ClientConfig, parse_protocol, protocol_name
from iggy.errors import IggyError

DEFAULT_POLL_BATCH_SIZE = 1000
DEFAULT_ARROW_BATCH_SIZE = 1000
DEFAULT_WRITE_BATCH_SIZE = 1000
DEFAULT_MAX_TRIGGER_DELAY_MS = 15 * 60_000  # Kafka's default maxTriggerDelay
MAX_BATCH_SIZE = 1_000_000
MAX_PARTITION_ID = 1000  # CreateTopic caps partitions_count at 1000 in 0.8

# Offsets as Kafka spells them inside per-partition JSON.
EARLIEST_SENTINEL = -2
LATEST_SENTINEL = -1

REDACTED = "*****"


class IggyOptionError(ValueError):
    """An option of the `iggy` data source is missing, malformed or contradicts another option."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"iggy data source option '{option}': {message}")
        self.option = option


class Partitioning(enum.Enum):
    """How the writer chooses a partition for each row."""

    BALANCED = "balanced"  # server-side round robin
    PARTITION = "partition"  # the row's `partition` column
    KEY = "key"  # the row's `key` column, hashed by the server (MessagesKey)


@dataclasses.dataclass(frozen=True)
class OffsetSpec:
    """Where a read starts or ends: `earliest`, `latest`, a per-partition map, or a timestamp.

    `per_partition` values are offsets, or EARLIEST_SENTINEL / LATEST_SENTINEL; partitions missing
    from the map fall back to `default` ("earliest" or "latest").
    """

    kind: str  # "earliest" | "latest" | "offsets" | "timestamp" | "timestamps"
    # Offsets (kind "offsets") or timestamps in µs (kind "timestamps") per partition id.
    per_partition: tuple[tuple[int, int], ...] = ()
    timestamp_us: int | None = None
    default: str = "earliest"

    @classmethod
    def earliest(cls) -> OffsetSpec:
        return cls("earliest")

    @classmethod
    def latest(cls) -> OffsetSpec:
        return cls("latest", default="latest")

    def offsets(self) -> dict[int, int]:
        return dict(self.per_partition)


@dataclasses.dataclass(frozen=True)
class ConnectionOptions:
    """How to reach and authenticate to the server: the SDK's own `ClientConfig`, whose repr hides
    secrets."""

    config: ClientConfig

    def describe(self) -> str:
        """A log-safe one-line description."""
        return self.config.redacted()


@dataclasses.dataclass(frozen=True)
class ReadOptions:
    connection: ConnectionOptions
    stream: str
    topic: str
    partitions: tuple[int, ...] | None
    starting: OffsetSpec
    ending: OffsetSpec
    max_offsets_per_trigger: int | None
    min_offsets_per_trigger: int | None
    max_trigger_delay_ms: int
    commit_consumer_group: str | None
    min_partitions: int | None
    fail_on_data_loss: bool
    include_headers: bool
    poll_batch_size: int
    arrow_batch_size: int


@dataclasses.dataclass(frozen=True)
class WriteOptions:
    connection: ConnectionOptions
    stream: str
    topic: str
    partitioning: Partitioning
    write_batch_size: int


# Canonical spellings. Spark lower-cases option keys before a Python data source sees them, so keys are
# matched case-insensitively and messages use these spellings.
_READ_ONLY_NAMES = (
    "partitions", "startingOffsets", "endingOffsets", "startingTimestamp", "endingTimestamp",
    "maxOffsetsPerTrigger", "minPartitions", "failOnDataLoss", "pollBatchSize", "arrowBatchSize",
    "startingOffsetsByTimestamp", "minOffsetsPerTrigger", "maxTriggerDelay", "commitConsumerGroup",
)
_WRITE_ONLY_NAMES = ("partitioning", "writeBatchSize")
_CONNECTION_NAMES = (
    "address", "connectionString", "username", "password", "token", "tls", "tlsCaFile", "tlsDomain",
    "timeoutMs", "transport", "protocol",
)
_COMMON_NAMES = ("stream", "topic", "includeHeaders")
CANONICAL_NAMES = {
    name.lower(): name for name in _READ_ONLY_NAMES + _WRITE_ONLY_NAMES + _CONNECTION_NAMES + _COMMON_NAMES
}
_READ_ONLY = {name.lower() for name in _READ_ONLY_NAMES}
_WRITE_ONLY = {name.lower() for name in _WRITE_ONLY_NAMES}
KNOWN_OPTIONS = set(CANONICAL_NAMES)
# Options Spark itself may add to a data source's options (paths, checkpoint hints).
_SPARK_INJECTED = {"path", "paths", "checkpointlocation", "queryname"}
SECRET_OPTIONS = frozenset({"password", "token", "connectionstring"})


class _Opts:
    """Case-insensitive view of Spark's string options with typed getters that name the option."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self._values: dict[str, str] = {}
        self._names: dict[str, str] = {}
        for key, value in dict(raw).items():
            if value is None:
                continue
            lowered = str(key).lower()
            self._values[lowered] = str(value)
            self._names[lowered] = str(key)

    def keys(self) -> set[str]:
        return set(self._values)

    def name(self, key: str) -> str:
        return CANONICAL_NAMES.get(key.lower()) or self._names.get(key.lower(), key)

    def get(self, key: str) -> str | None:
        value = self._values.get(key.lower())
        if value is None:
            return None
        value = value.strip()
        return value or None

    def require(self, key: str) -> str:
        value = self.get(key)
        if value is None:
            raise IggyOptionError(key, "is required")
        return value

    def get_bool(self, key: str, default: bool) -> bool:
        value = self.get(key)
        if value is None:
            return default
        lowered = value.lower()
        if lowered in ("true", "1", "yes"):
            return True
        if lowered in ("false", "0", "no"):
            return False
        raise IggyOptionError(key, f"must be true or false, got {value!r}")

    def get_int(self, key: str, *, minimum: int, maximum: int | None = None) -> int | None:
        value = self.get(key)
        if value is None:
            return None
        try:
            number = int(value)
        except ValueError:
            raise IggyOptionError(key, f"must be an integer, got {value!r}") from None
        if number < minimum:
            raise IggyOptionError(key, f"must be >= {minimum}, got {number}")
        if maximum is not None and number > maximum:
            raise IggyOptionError(key, f"must be <= {maximum}, got {number}")
        return number


def recase_like(key: str, canonical: str) -> str:
    """`key` (lower-cased by Spark) with the letter case of the option it most resembles, so that a
    typo is echoed about as the user wrote it (`startingoffset` -> `startingOffset`). Only the case
    of letters both names share changes; the letters are the user's."""
    chars = list(key)
    matcher = difflib.SequenceMatcher(a=key, b=canonical.lower(), autojunk=False)
    for block in matcher.get_matching_blocks():
        for i in range(block.size):
            chars[block.a + i] = canonical[block.b + i]
    return "".join(chars)


def _check_unknown(opts: _Opts, side_only: set[str], side: str) -> None:
    for key in sorted(opts.keys()):
        if key in side_only:
            raise IggyOptionError(opts.name(key), f"applies only to {side}")
        if key not in KNOWN_OPTIONS and key not in _SPARK_INJECTED:
            close = difflib.get_close_matches(key, KNOWN_OPTIONS, n=1)
            if close:
                suggestion = CANONICAL_NAMES[close[0]]
                raise IggyOptionError(
                    recase_like(key, suggestion), f"is not a known option; did you mean '{suggestion}'?"
                )
            known = ", ".join(sorted(CANONICAL_NAMES.values(), key=str.lower))
            raise IggyOptionError(opts.name(key), f"is not a known option (known: {known})")


def parse_connection(raw: Mapping[str, Any] | _Opts) -> ConnectionOptions:
    """`address` (host:port) plus `username`/`password` or `token`, or a `connectionString`
    (iggy://user:password@host:port or iggy://TOKEN@host:port, with the SDK's `?option=value` settings).
    TLS: `tls=true`, `tlsCaFile`, `tlsDomain`. `timeoutMs` bounds every request. `protocol`: the Iggy wire
    protocol, `0.9` (the default) or `0.8` (or `?protocol=` in the connection string; the two may not differ)."""
    opts = raw if isinstance(raw, _Opts) else _Opts(raw)
    address = opts.get("address")
    connection_string = opts.get("connectionString")
    transport = (opts.get("transport") or "tcp").lower()
    if transport != "tcp":
        raise IggyOptionError("transport", f"only 'tcp' is supported, got {transport!r}")
    if address and connection_string:
        raise IggyOptionError("address", "give either 'address' or 'connectionString', not both")
    overrides: dict[str, Any] = {}
    for option, field in (("username", "username"), ("password", "password"), ("token", "token"),
                          ("tlsCaFile", "tls_ca_file"), ("tlsDomain", "tls_domain")):
        if opts.get(option) is not None:
            overrides[field] = opts.get(option)
    if opts.get("tls") is not None:
        overrides["tls"] = opts.get_bool("tls", False)
    timeout_ms = opts.get_int("timeoutMs", minimum=1, maximum=3_600_000)
    if timeout_ms is not None:
        overrides["request_timeout_ms"] = timeout_ms
    if overrides.get("tls_ca_file") or overrides.get("tls_domain"):
        overrides.setdefault("tls", True)
    protocol = opts.get("protocol")
    if protocol is not None:
        try:
            overrides["protocol"] = parse_protocol(protocol)
        except IggyError as error:
            raise IggyOptionError("protocol", error.message) from None
    if connection_string:
        try:
            config = ClientConfig.parse(connection_string)
        except (ValueError, IggyError) as error:
            raise IggyOptionError("connectionString", _scrub(str(error), connection_string)) from None
    elif address:
        try:
            config = ClientConfig(address=address)
        except (ValueError, IggyError) as error:
            raise IggyOptionError("address", f"must be host:port ({getattr(error, 'message', error)})") from None
    else:
        raise IggyOptionError("address", "is required (or give 'connectionString')")
    if "protocol" in overrides and connection_string and "protocol=" in connection_string.partition("?")[2] and (
            config.protocol != overrides["protocol"]):
        raise IggyOptionError("protocol", f"says {protocol} but the connectionString says "
                                          f"{protocol_name(config.protocol)}: give one")
    if "token" in overrides and config.username is not None:
        raise IggyOptionError("token", "give either a token or username/password, not both")
    if ("username" in overrides or "password" in overrides) and config.token is not None:
        raise IggyOptionError("username", "give either a token or username/password, not both")
    merged = {"username": config.username, "password": config.password, "token": config.token, **overrides}
    if merged["token"] and (merged["username"] or merged["password"]):
        raise IggyOptionError("token", "give either a token or username/password, not both")
    if (merged["username"] is None) != (merged["password"] is None):
        missing = "password" if merged["password"] is None else "username"
        raise IggyOptionError(missing, "is required when the other credential is given")
    if not merged["token"] and not merged["username"]:
        raise IggyOptionError("username", "credentials are required: username and password, or token")
    try:
        config = config.with_overrides(**overrides)
    except (ValueError, TypeError, IggyError) as error:
        raise IggyOptionError("connectionString" if connection_string else "address", str(error)) from None
    return ConnectionOptions(config)


def _scrub(message: str, connection_string: str) -> str:
    """An SDK error message about a connection string, with anything credential-like removed."""
    _, _, rest = connection_string.partition("://")
    userinfo = rest.rpartition("@")[0]
    for secret in filter(None, {userinfo, *userinfo.split(":")}):
        message = message.replace(secret, REDACTED)
    return f"is not a valid connection string: {message}"


def _parse_identifier(opts: _Opts, key: str) -> str:
    value = opts.require(key)
    if len(value.encode()) > 255:
        raise IggyOptionError(key, "names are at most 255 bytes")
    return value


def parse_partitions(value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    ids: set[int] = set()
    for item in value.split(","):
        item = item.strip()
        if not item:
            continue
        if not item.isdigit() or int(item) >= MAX_PARTITION_ID:
            raise IggyOptionError("partitions", f"must be a comma list of partition ids 0..999, got {item!r}")
        ids.add(int(item))
    if not ids:
        raise IggyOptionError("partitions", "is empty")
    return tuple(sorted(ids))


def parse_offset_spec(option: str, value: str | None, default: str, *, allow_latest_sentinel: bool = True,
                      allow_earliest_sentinel: bool = True) -> OffsetSpec:
    """`earliest`, `latest` or JSON `{"0": 23, "1": -2}` (-2 earliest, -1 latest)."""
    if value is None:
        return OffsetSpec(default, default=default)
    lowered = value.lower()
    if lowered in ("earliest", "latest"):
        return OffsetSpec(lowered, default=lowered)
    try:
        decoded = json.loads(value)
    except json.JSONDecodeError:
        raise IggyOptionError(
            option, f"must be 'earliest', 'latest' or JSON like {{\"0\": 23}}, got {value!r}"
        ) from None
    if isinstance(decoded, dict) and "partitions" in decoded and isinstance(decoded["partitions"], dict):
        decoded = decoded["partitions"]  # accept our own checkpoint format as well
    if not isinstance(decoded, dict) or not decoded:
        raise IggyOptionError(option, "JSON must be a non-empty object of partition id -> offset")
    per_partition: dict[int, int] = {}
    for key, offset in decoded.items():
        if not str(key).isdigit():
            raise IggyOptionError(option, f"partition ids are non-negative integers, got {key!r}")
        if isinstance(offset, bool) or not isinstance(offset, int):
            raise IggyOptionError(option, f"offset of partition {key} must be an integer, got {offset!r}")
        if offset < EARLIEST_SENTINEL:
            raise IggyOptionError(option, f"offset of partition {key} must be >= -2, got {offset}")
        if offset == LATEST_SENTINEL and not allow_latest_sentinel:
            raise IggyOptionError(option, f"-1 (latest) is not allowed here (partition {key})")
        if offset == EARLIEST_SENTINEL and not allow_earliest_sentinel:
            raise IggyOptionError(option, f"-2 (earliest) is not allowed here (partition {key})")
        per_partition[int(key)] = offset
    return OffsetSpec("offsets", tuple(sorted(per_partition.items())), default=default)


def parse_timestamp_us(option: str, value: str | None) -> int | None:
    """Microseconds since the epoch as an integer, or ISO-8601 (a naive time is taken as UTC)."""
    if value is None:
        return None
    if re.fullmatch(r"\d+", value):
        return int(value)
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise IggyOptionError(
            option, f"must be microseconds since the epoch or ISO-8601 (2024-05-01T12:00:00Z), got {value!r}"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    delta = moment - datetime(1970, 1, 1, tzinfo=timezone.utc)
    micros = (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
    if micros < 0:
        raise IggyOptionError(option, f"must not be before 1970, got {value!r}")
    return micros


def parse_timestamps_by_partition(option: str, value: str, default: str) -> OffsetSpec:
    """JSON `{"0": 1714564800000000, ...}`: per partition, µs since the epoch; partitions not named
    use `default`."""
    try:
        decoded = json.loads(value)
    except json.JSONDecodeError:
        decoded = None
    if not isinstance(decoded, dict) or not decoded:
        raise IggyOptionError(
            option, f"must be JSON like {{\"0\": 1714564800000000}} (µs since the epoch), got {value!r}"
        )
    per_partition = {}
    for key, ts in decoded.items():
        if not str(key).isdigit() or int(key) >= MAX_PARTITION_ID:
            raise IggyOptionError(option, f"partition ids are integers 0..999, got {key!r}")
        if isinstance(ts, bool) or not isinstance(ts, int) or ts < 0:
            raise IggyOptionError(option, f"timestamp of partition {key} must be µs since the epoch, got {ts!r}")
        per_partition[int(key)] = ts
    return OffsetSpec("timestamps", tuple(sorted(per_partition.items())), default=default)


_DURATION_UNITS_MS = {"ms": 1, "s": 1000, "m": 60_000, "min": 60_000, "h": 3_600_000}


def parse_duration_ms(option: str, value: str | None) -> int | None:
    """`500ms`, `30s`, `15m`, `1h` (Kafka's maxTriggerDelay spelling); a bare number is milliseconds."""
    if value is None:
        return None
    match = re.fullmatch(r"(\d+)\s*(ms|s|m|min|h)?", value.strip().lower())
    if match is None:
        raise IggyOptionError(option, f"must be a duration like 500ms, 30s, 15m or 1h, got {value!r}")
    millis = int(match.group(1)) * _DURATION_UNITS_MS[match.group(2) or "ms"]
    if millis > 7 * 86_400_000:
        raise IggyOptionError(option, f"must be at most 7 days, got {value!r}")
    return millis


def parse_read_options(raw: Mapping[str, Any], *, streaming: bool | None) -> ReadOptions:
    """`streaming=None` checks what does not depend on the query kind (used when `load()` resolves
    the schema, before Spark says whether the query is a batch or a stream)."""
    opts = _Opts(raw)
    _check_unknown(opts, _WRITE_ONLY, "writes")
    connection = parse_connection(opts)
    stream, topic = _parse_identifier(opts, "stream"), _parse_identifier(opts, "topic")
    partitions = parse_partitions(opts.get("partitions"))

    default_start = "latest" if streaming else "earliest"
    given = [name for name in ("startingOffsets", "startingOffsetsByTimestamp", "startingTimestamp")
             if opts.get(name) is not None]
    if len(given) > 1:
        raise IggyOptionError(given[-1], f"give only one of {', '.join(given)}")
    starting_ts = parse_timestamp_us("startingTimestamp", opts.get("startingTimestamp"))
    if starting_ts is not None:
        starting = OffsetSpec("timestamp", timestamp_us=starting_ts)
    elif opts.get("startingOffsetsByTimestamp") is not None:
        starting = parse_timestamps_by_partition(
            "startingOffsetsByTimestamp", opts.get("startingOffsetsByTimestamp"), default_start
        )
    else:
        # Kafka's defaults: a stream starts at the end, a batch query at the beginning. `latest` in a
        # batch query is allowed: it is the partition's end when the query is planned (reads nothing).
        starting = parse_offset_spec("startingOffsets", opts.get("startingOffsets"), default_start)

    ending_raw, ending_ts_raw = opts.get("endingOffsets"), opts.get("endingTimestamp")
    if streaming is True and (ending_raw is not None or ending_ts_raw is not None):
        raise IggyOptionError(
            "endingOffsets" if ending_raw is not None else "endingTimestamp", "applies to batch queries only"
        )
    if ending_raw is not None and ending_ts_raw is not None:
        raise IggyOptionError("endingTimestamp", "give either endingOffsets or endingTimestamp, not both")
    ending_ts = parse_timestamp_us("endingTimestamp", ending_ts_raw)
    if ending_ts is not None:
        ending = OffsetSpec("timestamp", timestamp_us=ending_ts, default="latest")
    else:
        ending = parse_offset_spec("endingOffsets", ending_raw, "latest", allow_earliest_sentinel=False)
        if ending.kind == "earliest":
            raise IggyOptionError("endingOffsets", "'earliest' is not allowed (it would read nothing)")
    if starting_ts is not None and ending_ts is not None and ending_ts < starting_ts:
        raise IggyOptionError("endingTimestamp", "is before startingTimestamp")

    max_per_trigger = opts.get_int("maxOffsetsPerTrigger", minimum=1)
    min_per_trigger = opts.get_int("minOffsetsPerTrigger", minimum=1)
    delay_ms = parse_duration_ms("maxTriggerDelay", opts.get("maxTriggerDelay"))
    group = opts.get("commitConsumerGroup")
    if streaming is False:
        for name, value in (("maxOffsetsPerTrigger", max_per_trigger), ("minOffsetsPerTrigger", min_per_trigger),
                            ("maxTriggerDelay", delay_ms), ("commitConsumerGroup", group)):
            if value is not None:
                raise IggyOptionError(name, "applies to streaming queries only")
    if delay_ms is not None and min_per_trigger is None:
        raise IggyOptionError(
            "maxTriggerDelay", "needs minOffsetsPerTrigger (it bounds how long a trigger waits for it)"
        )
    if min_per_trigger is not None and max_per_trigger is not None and min_per_trigger > max_per_trigger:
        raise IggyOptionError(
            "minOffsetsPerTrigger", f"is above maxOffsetsPerTrigger ({min_per_trigger} > {max_per_trigger})"
        )
    if group is not None and len(group.encode()) > 255:
        raise IggyOptionError("commitConsumerGroup", "names are at most 255 bytes")
    return ReadOptions(
        connection=connection,
        stream=stream,
        topic=topic,
        partitions=partitions,
        starting=starting,
        ending=ending,
        max_offsets_per_trigger=max_per_trigger,
        min_offsets_per_trigger=min_per_trigger,
        max_trigger_delay_ms=DEFAULT_MAX_TRIGGER_DELAY_MS if delay_ms is None else delay_ms,
        commit_consumer_group=group,
        min_partitions=opts.get_int("minPartitions", minimum=1, maximum=100_000),
        fail_on_data_loss=opts.get_bool("failOnDataLoss", True),
        include_headers=opts.get_bool("includeHeaders", False),
        poll_batch_size=opts.get_int("pollBatchSize", minimum=1, maximum=MAX_BATCH_SIZE) or DEFAULT_POLL_BATCH_SIZE,
        arrow_batch_size=opts.get_int("arrowBatchSize", minimum=1, maximum=MAX_BATCH_SIZE)
        or DEFAULT_ARROW_BATCH_SIZE,
    )


def parse_write_options(raw: Mapping[str, Any]) -> WriteOptions:
    opts = _Opts(raw)
    _check_unknown(opts, _READ_ONLY, "reads")
    partitioning_raw = (opts.get("partitioning") or "balanced").lower()
    try:
        partitioning = Partitioning(partitioning_raw)
    except ValueError:
        choices = ", ".join(p.value for p in Partitioning)
        raise IggyOptionError("partitioning", f"must be one of {choices}, got {partitioning_raw!r}") from None
    return WriteOptions(
        connection=parse_connection(opts),
        stream=_parse_identifier(opts, "stream"),
        topic=_parse_identifier(opts, "topic"),
        partitioning=partitioning,
        write_batch_size=opts.get_int("writeBatchSize", minimum=1, maximum=MAX_BATCH_SIZE)
        or DEFAULT_WRITE_BATCH_SIZE,
    )


def validate_options(raw: Mapping[str, Any]) -> None:
    """Everything checkable before Spark says whether the DataFrame is read or written, batch or
    stream: run when `load()` asks for the schema, so a bad option fails there rather than at the
    first action. Options of one side only (say `partitioning`) select that side's checks."""
    opts = _Opts(raw)
    if opts.keys() & _WRITE_ONLY and not opts.keys() & _READ_ONLY:
        parse_write_options(raw)
    elif opts.keys() & _READ_ONLY and opts.keys() & _WRITE_ONLY:
        first_write = sorted(opts.keys() & _WRITE_ONLY)[0]
        raise IggyOptionError(opts.name(first_write), "applies only to writes, while "
                              f"'{opts.name(sorted(opts.keys() & _READ_ONLY)[0])}' applies only to reads")
    else:
        parse_read_options(raw, streaming=None)


def redact(raw: Mapping[str, Any]) -> dict[str, str]:
    """The options with secrets masked, for logs and error messages."""
    return {str(k): (REDACTED if str(k).lower() in SECRET_OPTIONS else str(v)) for k, v in dict(raw).items()}
