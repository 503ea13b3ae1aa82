"""``[system.logging]`` log files: rotation by size under concurrent load, JSON lines, retention by count, total
size and age; the audit trail goes to the same files."""

from __future__ import annotations

import json
import logging
import os
import threading
from types import SimpleNamespace

from server_support import ServerProcess

from iggy.protocol import requests
from iggy_server.log_files import LOG_FILE_NAME, LogFileSettings, RotatingLogFile, formatter

MAX_FILE_BYTES = 16 * 1024


def settings(directory, **overrides) -> LogFileSettings:
    values = {
        "path": str(directory), "level": "info", "file_enabled": True, "format": "json",
        "max_file_size_bytes": 2048, "max_total_size_bytes": 0, "max_files": 0, "rotation_check_interval_ms": 0,
        "retention_ms": 0,
    }  # fmt: skip
    values.update(overrides)
    return LogFileSettings(SimpleNamespace(**values), "/")


def handler_for(resolved: LogFileSettings, clock=None) -> tuple[RotatingLogFile, logging.Logger]:
    handler = RotatingLogFile(resolved, **({"clock": clock} if clock else {}))
    handler.setFormatter(formatter(resolved.format))
    logger = logging.getLogger(f"log-files-test-{id(handler)}")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)
    return handler, logger


def lines_of(directory) -> list[dict]:
    """Every line of every log file, oldest file first, each parsed as JSON."""
    files = sorted(p for p in directory.iterdir() if p.name != LOG_FILE_NAME) + [directory / LOG_FILE_NAME]
    return [json.loads(line) for path in files for line in path.read_text().splitlines()]


def test_files_rotate_before_they_pass_the_size_and_keep_every_line_whole(tmp_path):
    handler, logger = handler_for(settings(tmp_path))
    for n in range(300):
        logger.info("line %d %s", n, "x" * (n % 50))
    handler.close()
    assert handler.rotations > 10
    assert all(path.stat().st_size <= 2048 for path in tmp_path.iterdir())
    lines = lines_of(tmp_path)
    assert [line["message"].split()[1] for line in lines] == [str(n) for n in range(300)]
    assert {line["level"] for line in lines} == {"INFO"} and lines[0]["target"].startswith("log-files-test")


def test_rotated_files_are_deleted_past_the_count_the_total_size_and_the_age(tmp_path):
    by_count = tmp_path / "count"
    handler, logger = handler_for(settings(by_count, max_files=2))
    for n in range(200):
        logger.info("counted %d", n)
    handler.close()
    assert len(list(by_count.iterdir())) == 3  # two rotated files and the current one
    assert lines_of(by_count)[-1]["message"] == "counted 199"

    by_size = tmp_path / "size"
    handler, logger = handler_for(settings(by_size, max_total_size_bytes=5 * 1024))
    for n in range(200):
        logger.info("sized %d", n)
    handler.close()
    assert sum(path.stat().st_size for path in by_size.iterdir()) <= 5 * 1024
    assert lines_of(by_size)[-1]["message"] == "sized 199"

    by_age = tmp_path / "age"
    now = [1_000_000.0]
    aging = settings(by_age, retention_ms=3_600_000, rotation_check_interval_ms=60_000)
    handler, logger = handler_for(aging, lambda: now[0])
    for n in range(100):
        logger.info("aged %d", n)
    rotated = sorted(path for path in by_age.iterdir() if path.name != LOG_FILE_NAME)
    assert len(rotated) > 2
    os.utime(rotated[0], (now[0] - 7200, now[0] - 7200))  # two hours old
    os.utime(rotated[1], (now[0] - 1800, now[0] - 1800))  # half an hour old
    now[0] += 61  # the next line comes after the check interval
    logger.info("after a minute")
    handler.close()
    assert not rotated[0].exists() and rotated[1].exists()


def test_log_files_rotate_under_concurrent_load_and_carry_the_audit_trail(tmp_path):
    env = {
        "IGGY_SYSTEM_LOGGING_FILE_ENABLED": "true",
        "IGGY_SYSTEM_LOGGING_FORMAT": "json",
        "IGGY_SYSTEM_LOGGING_LEVEL": "info",
        "IGGY_SYSTEM_LOGGING_MAX_FILE_SIZE_BYTES": str(MAX_FILE_BYTES),
        "IGGY_SYSTEM_LOGGING_MAX_FILES": "3",
        "IGGY_SYSTEM_MEMORY_POOL_STATS_LOG_INTERVAL_MS": "3600000",
    }
    server = ServerProcess(tmp_path / "data", env=env).start()
    clients, rounds = 4, 60
    failures: list[BaseException] = []

    def churn(number: int) -> None:
        try:
            with server.client() as client:
                for n in range(rounds):
                    client.call(requests.CreateStream(f"load-{number}-{n}"))
                    client.call(requests.DeleteStream(f"load-{number}-{n}"))
        except BaseException as error:  # reported below
            failures.append(error)

    try:
        threads = [threading.Thread(target=churn, args=(number,)) for number in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert not failures, failures
        assert server.stop() == 0
    finally:
        server.close()
    directory = tmp_path / "data" / "logs"
    files = sorted(directory.iterdir())
    assert len(files) == 4, [f.name for f in files]  # 3 rotated + the current one, after many rotations
    assert all(path.stat().st_size <= MAX_FILE_BYTES for path in files)
    lines = lines_of(directory)
    audit = [line for line in lines if line["target"] == "iggy_server.audit"]
    assert audit and all(line["message"].startswith("audit: user 0 from 127.0.0.1:") for line in audit)
    timestamps = [line["timestamp"] for line in lines]
    assert timestamps == sorted(timestamps)  # the kept files follow each other
    assert lines[-1]["message"] == "shutdown complete"
    # Every audit line reached stderr (the launcher's log) as well: the files only dropped the oldest ones.
    stderr_audit = [line for line in server.log().splitlines() if '"target": "iggy_server.audit"' in line]
    assert len(stderr_audit) == 2 * clients * rounds > len(audit)
    assert {json.loads(line)["message"] for line in stderr_audit} >= {line["message"] for line in audit}
