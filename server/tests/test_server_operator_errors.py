"""Operator mistakes: a read-only, full or unwritable data directory or a taken listener port stops start-up
with one clear line and a non-zero exit (a taken port: 4, naming the listener); a disk that fills up while
serving makes every state-changing command answer a specific code (10006 CannotWriteToFile; 4006
CannotSaveMessagesToSegment for sends), never the generic error 1.

The filesystems are small tmpfs mounts (read-only ones remounted so), which needs CAP_SYS_ADMIN: without
it these tests are skipped.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import ErrorCode
from iggy.protocol.primitives import Consumer
from iggy_server.exit_codes import EXIT_ADDRESS_IN_USE

from server_support import ServerProcess

START_TIMEOUT_S = 60


def mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


@pytest.fixture
def tmpfs(tmp_path):
    """``make(size)`` mounts a fresh tmpfs of ``size`` and returns its path; all are unmounted afterwards."""
    mounted: list[Path] = []

    def make(size: str) -> Path:
        point = tmp_path / f"fs-{len(mounted)}"
        point.mkdir()
        if not mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(point)):
            pytest.skip("mounting a tmpfs needs CAP_SYS_ADMIN")
        mounted.append(point)
        return point

    yield make
    for point in reversed(mounted):
        subprocess.run(["umount", "-l", str(point)], capture_output=True)


def start_server(data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("IGGY_")}
    env.update(
        {"IGGY_SYSTEM_PATH": str(data_dir), "IGGY_TCP_ADDRESS": "127.0.0.1:0", "IGGY_SYSTEM_LOGGING_LEVEL": "warning"}
    )
    env.update({f"IGGY_{transport}_ADDRESS": "127.0.0.1:0" for transport in ("HTTP", "QUIC", "WEBSOCKET")})
    return subprocess.run(
        [sys.executable, "-m", "iggy_server", "--with-default-root-credentials"],
        env=env,
        cwd=data_dir.parent.parent,
        capture_output=True,
        text=True,
        timeout=START_TIMEOUT_S,
    )


def assert_refused_in_one_line(result: subprocess.CompletedProcess[str], reason: str) -> None:
    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert reason in lines[0] and "10006" in lines[0], lines[0]
    assert "listening" not in result.stdout


def fill(directory: Path) -> Path:
    """Write zeros into a file in ``directory`` until the filesystem is full; returns the file."""
    filler = directory / f"filler-{uuid.uuid4().hex}"
    chunk = bytes(1024 * 1024)
    with open(filler, "wb", buffering=0) as handle:
        for _ in range(100_000):  # bounded; a tmpfs of a few MiB fills long before
            try:
                handle.write(chunk)
            except OSError:
                chunk = chunk[: len(chunk) // 2]
                if len(chunk) < 512:
                    break
    return filler


def test_start_up_on_a_read_only_data_directory_is_refused(tmpfs):
    root = tmpfs("4m")
    (root / "data" / "state").mkdir(parents=True)
    assert mount("-o", "remount,ro", str(root))
    assert_refused_in_one_line(start_server(root / "data"), "Read-only file system")


def test_start_up_on_a_full_disk_is_refused(tmpfs):
    root = tmpfs("1m")
    (root / "data" / "state").mkdir(parents=True)
    fill(root)
    assert_refused_in_one_line(start_server(root / "data"), "No space left on device")


def test_start_up_with_an_unwritable_state_directory_is_refused(tmpfs, tmp_path):
    data = tmp_path / "data"
    (data / "state").mkdir(parents=True)
    state_fs = tmpfs("1m")
    assert mount("--bind", str(state_fs), str(data / "state"))
    try:
        assert mount("-o", "remount,ro,bind", str(data / "state"))
        assert_refused_in_one_line(start_server(data), f"{data / 'state'} is not writable")
    finally:
        subprocess.run(["umount", "-l", str(data / "state")], capture_output=True)


def test_a_full_disk_answers_every_state_changing_command_with_a_specific_code(tmpfs):
    root = tmpfs("16m")
    server = ServerProcess(root / "data").start()
    try:
        with server.client() as client:
            client.call(requests.CreateStream("s"))
            client.call(requests.CreateTopic("s", 1, 1, 0, 0, 0, "t"))
            client.call(requests.CreateUser("someone", "secret-1", 1, None))
            client.send("s", "t", [b"before"])  # an offset can only be stored once there are messages
            filler = fill(root)
            attempts = {
                "CreateStream": requests.CreateStream("s2"),
                "UpdateStream": requests.UpdateStream("s", "renamed"),
                "CreateTopic": requests.CreateTopic("s", 1, 1, 0, 0, 0, "t2"),
                "CreatePartitions": requests.CreatePartitions("s", "t", 2),
                "CreateConsumerGroup": requests.CreateConsumerGroup("s", "t", "g"),
                "CreateUser": requests.CreateUser("other", "secret-2", 1, None),
                "UpdateUser": requests.UpdateUser("someone", "renamed-user", None),
                "UpdatePermissions": requests.UpdatePermissions("someone", None),
                "ChangePassword": requests.ChangePassword("someone", "secret-1", "secret-3"),
                "CreatePersonalAccessToken": requests.CreatePersonalAccessToken("pat", 0),
                "StoreConsumerOffset": requests.StoreConsumerOffset(Consumer.consumer(7), "s", "t", 0, 0),
            }
            statuses = {name: client.status_of(request) for name, request in attempts.items()}
            assert statuses == dict.fromkeys(attempts, ErrorCode.CANNOT_WRITE_TO_FILE)
            with pytest.raises(Exception) as failed_send:
                client.send("s", "t", [bytes(4 * 1024 * 1024)])
            assert getattr(failed_send.value, "code", None) == ErrorCode.CANNOT_SAVE_MESSAGES_TO_SEGMENT
            filler.unlink()
            client.call(requests.CreateStream("s2"))  # room again: the server carries on
            client.send("s", "t", [b"after"])
    finally:
        server.stop()


def test_partitions_past_the_open_segment_file_bound_are_refused_with_3000(tmp_path):
    # 22 descriptors: 10 active segments (2 each) fit, two stay free for reading a sealed segment (log and index).
    server = ServerProcess(tmp_path / "data", env={"IGGY_SYSTEM_IO_MAX_OPEN_SEGMENT_FILES": "22"}).start()
    try:
        with server.client() as client:
            client.call(requests.CreateStream("s"))
            client.call(requests.CreateTopic("s", 10, 1, 0, 0, 0, "t"))
            assert client.status_of(requests.CreateTopic("s", 1, 1, 0, 0, 0, "t2")) == ErrorCode.CANNOT_CREATE_PARTITION
            assert client.status_of(requests.CreatePartitions("s", "t", 1)) == ErrorCode.CANNOT_CREATE_PARTITION
            client.call(requests.DeleteTopic("s", "t"))
            client.call(requests.CreateTopic("s", 1, 1, 0, 0, 0, "t2"))  # room again
            client.send("s", "t2", [b"fits"])
    finally:
        assert server.stop() == 0


@pytest.mark.parametrize("section", ["tcp", "http", "quic", "websocket"])
def test_a_taken_listener_port_is_refused_naming_that_listener_with_its_own_exit_code(tmp_path, section):
    # QUIC listens on UDP; the others on TCP. The port is held for the whole start-up.
    kind = socket.SOCK_DGRAM if section == "quic" else socket.SOCK_STREAM
    with socket.socket(socket.AF_INET, kind) as holder:
        holder.bind(("127.0.0.1", 0))
        if kind == socket.SOCK_STREAM:
            holder.listen()
        taken = f"127.0.0.1:{holder.getsockname()[1]}"
        env = {k: v for k, v in os.environ.items() if not k.startswith("IGGY_")}
        env.update({f"IGGY_{name}_ADDRESS": "127.0.0.1:0" for name in ("TCP", "HTTP", "QUIC", "WEBSOCKET")})
        env.update({"IGGY_SYSTEM_PATH": str(tmp_path / "data"), "IGGY_SYSTEM_LOGGING_LEVEL": "warning"})
        env[f"IGGY_{section.upper()}_ADDRESS"] = taken
        result = subprocess.run(
            [sys.executable, "-m", "iggy_server", "--with-default-root-credentials"],
            env=env, cwd=tmp_path, capture_output=True, text=True, timeout=START_TIMEOUT_S,
        )
    assert result.returncode == EXIT_ADDRESS_IN_USE, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and f"{section}.address {taken}: Address already in use" in lines[0], result.stderr
