"""The server's log sinks (``[system.logging]``, Iggy 0.8's keys): stderr always, plus log files when
``file_enabled``, rotated by size and kept by count, total size and age; text or JSON lines.

Every logger of the server (the audit trail ``iggy_server.audit`` included) writes through the root logger, so both
sinks carry every line. The current file is ``{system.path}/{path}/iggy-server.log`` (``path`` may be absolute);
before a line would take it past ``max_file_size_bytes`` it is renamed ``iggy-server.<UTC time>.log`` and a new one
is started, so a line never straddles two files. Rotated files are deleted oldest first while there are more than
``max_files``, while all files together exceed ``max_total_size_bytes``, and once older than ``retention_ms``: at
every rotation, at start-up, and every ``rotation_check_interval_ms`` (checked as lines are written). A file that
cannot be written (a full disk) costs one line on stderr, not the server: stderr keeps every line.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from collections import deque
from datetime import datetime, timezone
from pathlib import Path
from typing import Any


__all__ = [
    "FORMATS",
    "LEVELS",
    "LOG_FILE_NAME",
    "LogFileSettings",
    "RotatingLogFile",
    "configure_logging",
    "current_log_tail",
    "log_file_settings",
    "open_log_file",
]

LEVELS = {
    "trace": logging.DEBUG,
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warn": logging.WARNING,
    "warning": logging.WARNING,
    "error": logging.ERROR,
    "critical": logging.CRITICAL,
}
FORMATS = ("text", "json")
LOG_FILE_NAME = "iggy-server.log"
_ROTATED_PREFIX, _ROTATED_SUFFIX = "iggy-server.", ".log"
_TEXT_FORMAT = "%(asctime)s %(levelname)-5s %(name)s: %(message)s"


class LogFileSettings:
    """``[system.logging]`` resolved: sizes in bytes, durations in milliseconds (0 = no limit)."""

    def __init__(self, section: Any, system_path: str | os.PathLike[str]) -> None:
        self.level = LEVELS[section.level.lower()]
        self.format = section.format
        self.file_enabled = section.file_enabled
        self.directory = Path(system_path) / section.path  # an absolute `path` stays as it is
        self.max_file_size_bytes = section.max_file_size_bytes
        self.max_total_size_bytes = section.max_total_size_bytes
        self.max_files = section.max_files
        self.retention_ms = section.retention_ms
        self.rotation_check_interval_ms = section.rotation_check_interval_ms


def log_file_settings(config: Any) -> LogFileSettings:
    return LogFileSettings(config.system.logging, config.system.path)


class JsonLines(logging.Formatter):
    """One JSON object per line: ``timestamp`` (RFC 3339, UTC, µs), ``level``, ``target`` (the logger),
    ``message``, and ``exception`` when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "timestamp": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="microseconds"),
            "level": record.levelname,
            "target": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def formatter(name: str) -> logging.Formatter:
    return JsonLines() if name == "json" else logging.Formatter(_TEXT_FORMAT)


class RotatingLogFile(logging.Handler):
    """The log file sink: see the module docstring. Not thread-safe beyond ``logging``'s own handler lock."""

    def __init__(self, settings: LogFileSettings, clock: Any = time.time) -> None:
        super().__init__(settings.level)
        self.settings = settings
        self._clock = clock
        settings.directory.mkdir(parents=True, exist_ok=True)
        self.path = settings.directory / LOG_FILE_NAME
        self._stream = open(self.path, "a", encoding="utf-8")
        self._size_bytes = self._stream.tell()
        self._next_check_s = 0.0
        self.rotations = 0
        self.write_failures = 0
        self.prune()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record) + "\n"
            size_bytes = len(line.encode("utf-8"))
            limit = self.settings.max_file_size_bytes
            if limit and self._size_bytes and self._size_bytes + size_bytes > limit:
                self._rotate()
            elif self.settings.rotation_check_interval_ms and self._clock() >= self._next_check_s:
                self.prune()
            self._stream.write(line)
            self._stream.flush()
            self._size_bytes += size_bytes
        except OSError as error:
            self._report_failure(error)
        except Exception:
            self.handleError(record)

    def _report_failure(self, error: OSError) -> None:
        self.write_failures += 1
        if self.write_failures == 1 or self.write_failures % 10_000 == 0:
            sys.stderr.write(
                f"iggy-server: cannot write the log file {self.path} ({error.strerror or error}); "
                f"{self.write_failures} line(s) only on stderr so far\n"
            )

    def _rotate(self) -> None:
        self._stream.close()
        stamp = datetime.fromtimestamp(self._clock(), timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
        target = self.settings.directory / f"{_ROTATED_PREFIX}{stamp}{_ROTATED_SUFFIX}"
        suffix = 1
        while target.exists():  # two rotations within a microsecond
            target = self.settings.directory / f"{_ROTATED_PREFIX}{stamp}-{suffix}{_ROTATED_SUFFIX}"
            suffix += 1
        try:
            os.replace(self.path, target)
        finally:
            self._stream = open(self.path, "a", encoding="utf-8")
            self._size_bytes = self._stream.tell()
        self.rotations += 1
        self.prune()

    def rotated_files(self) -> list[Path]:
        """Rotated files, oldest first (their names sort by time)."""
        return sorted(
            path
            for path in self.settings.directory.glob(f"{_ROTATED_PREFIX}*{_ROTATED_SUFFIX}")
            if path.name != LOG_FILE_NAME
        )

    def prune(self) -> None:
        """Delete rotated files past ``max_files``, ``max_total_size_bytes`` or ``retention_ms``, oldest first."""
        settings = self.settings
        now_s = self._clock()
        self._next_check_s = now_s + settings.rotation_check_interval_ms / 1000
        files = []
        for path in self.rotated_files():
            try:
                stat = path.stat()
            except FileNotFoundError:
                continue
            files.append((path, stat.st_size, stat.st_mtime))
        total_bytes = self._size_bytes + sum(size for _, size, _ in files)
        oldest_kept_s = now_s - settings.retention_ms / 1000
        for path, size_bytes, modified_s in files:
            too_many = settings.max_files and len(files) > settings.max_files
            too_big = settings.max_total_size_bytes and total_bytes > settings.max_total_size_bytes
            too_old = settings.retention_ms and modified_s < oldest_kept_s
            if not (too_many or too_big or too_old):
                break
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            files = files[1:]
            total_bytes -= size_bytes

    def close(self) -> None:
        self.acquire()
        try:
            if not self._stream.closed:
                self._stream.close()
        finally:
            self.release()
        super().close()


class StartupBuffer(logging.Handler):
    """Keeps the lines logged before the log file is opened (at most ``capacity``, the newest), so the file
    starts with the start-up's lines too."""

    def __init__(self, capacity: int = 10_000) -> None:
        super().__init__()
        self.records: deque[logging.LogRecord] = deque(maxlen=capacity)

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def configure_logging(settings: LogFileSettings) -> StartupBuffer | None:
    """The level and the stderr sink; with ``file_enabled`` also a buffer of the lines logged until
    :func:`open_log_file` (the file is opened once the data directory passed its checks, so a start-up that
    fails on it says so in one line)."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.setLevel(settings.level)
    stderr = logging.StreamHandler(sys.stderr)
    stderr.setFormatter(formatter(settings.format))
    root.addHandler(stderr)
    if not settings.file_enabled:
        return None
    buffer = StartupBuffer()
    root.addHandler(buffer)
    return buffer


def open_log_file(settings: LogFileSettings, buffer: StartupBuffer | None) -> RotatingLogFile | None:
    """Add the log file sink, starting with the buffered start-up lines; None when disabled. OSError when the
    directory or the file cannot be opened."""
    if not settings.file_enabled or buffer is None:
        return None
    root = logging.getLogger()
    handler = RotatingLogFile(settings)
    handler.setFormatter(formatter(settings.format))
    root.removeHandler(buffer)
    for record in buffer.records:
        handler.handle(record)
    buffer.records.clear()
    root.addHandler(handler)
    return handler


def current_log_tail(settings: LogFileSettings, max_bytes: int) -> str:
    """The last ``max_bytes`` of the current log file (snapshots), or why there is none."""
    if not settings.file_enabled:
        return "log files are off (system.logging.file_enabled = false); the server logs to stderr only\n"
    path = settings.directory / LOG_FILE_NAME
    try:
        with open(path, "rb") as file:
            size_bytes = file.seek(0, os.SEEK_END)
            file.seek(max(0, size_bytes - max_bytes))
            tail = file.read(max_bytes)
    except OSError as error:
        return f"cannot read {path}: {error.strerror or error}\n"
    header = f"{path} (last {len(tail)} of {size_bytes} bytes)\n"
    return header + tail.decode("utf-8", errors="replace")
