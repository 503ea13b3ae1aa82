"""Logs: refused frames are counted and their log lines rate-limited; every state-changing administrative
command leaves an audit line (user, client address, command, target, outcome) without secrets."""

from __future__ import annotations

import struct
import time

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.primitives import GlobalPermissions, Permissions

from log_support import wait_for_log
from server_support import ServerProcess

LINES_PER_SECOND = 20  # audit.LogRateLimit's default


@pytest.fixture
def info_server(tmp_path):
    env = {"IGGY_SYSTEM_LOGGING_LEVEL": "info", "IGGY_SYSTEM_MEMORY_POOL_STATS_LOG_INTERVAL_MS": "3600000"}
    process = ServerProcess(tmp_path / "data", env=env).start()
    yield process
    process.stop()


def test_refused_frames_are_counted_and_logged_rate_limited(info_server):
    frames = 2000
    started = time.monotonic()
    with info_server.client() as client:
        client.send_raw(struct.pack("<II", 4, 9999) * frames)
        statuses = {client.read_response()[0] for _ in range(frames)}
    elapsed_s = time.monotonic() - started
    assert statuses == {ErrorCode.INVALID_COMMAND}
    assert info_server.stop() == 0
    log = info_server.log()
    assert f"rejected_unknown_command={frames}" in log
    assert f"error_answers={frames}" in log
    lines = [line for line in log.splitlines() if "9999 → error 3" in line]
    assert 1 <= len(lines) <= LINES_PER_SECOND * (elapsed_s + 2), len(lines)
    assert f"log_lines_suppressed={frames - len(lines)}" in log


def test_state_changing_admin_commands_leave_an_audit_line(info_server):
    with info_server.client() as root:
        address = "127.0.0.1:%d" % root.sock.getsockname()[1]
        root.call(requests.CreateStream("audited"))
        root.call(requests.CreateTopic("audited", 1, 1, 0, 0, 0, "t"))
        root.call(requests.CreateUser("auditee", "secret-pw-1", 1, None))
        root.call(requests.UpdatePermissions("auditee", Permissions(GlobalPermissions(read_streams=True), {})))
        root.call(requests.ChangePassword("auditee", "secret-pw-1", "secret-pw-2"))
        root.call(requests.PurgeTopic("audited", "t"))
        assert root.status_of(requests.UpdateUser(0, None, 2)) == ErrorCode.INVALID_USER_STATUS
        with info_server.client(login=False) as other:
            other_address = "127.0.0.1:%d" % other.sock.getsockname()[1]
            user_id = other.login("auditee", "secret-pw-2")
            assert other.status_of(requests.DeleteStream("audited")) == ErrorCode.UNAUTHORIZED
        root.call(requests.DeleteStream("audited"))
        root.call(requests.DeleteUser("auditee"))
    expected = [
        rf"audit: user 0 from {address}: CREATE_STREAM .*name='audited'.* → ok",
        rf"audit: user 0 from {address}: CREATE_TOPIC stream_id='audited'.*name='t'.* → ok",
        rf"audit: user 0 from {address}: CREATE_USER username='auditee' status=1 permissions=none → ok",
        rf"audit: user 0 from {address}: UPDATE_PERMISSIONS user_id='auditee' permissions=set → ok",
        rf"audit: user 0 from {address}: CHANGE_PASSWORD user_id='auditee' → ok",
        rf"audit: user 0 from {address}: PURGE_TOPIC stream_id='audited' topic_id='t' → ok",
        rf"audit: user 0 from {address}: UPDATE_USER user_id=0 .*status=2 → error 45 \(INVALID_USER_STATUS\)",
        rf"audit: user {user_id} from {other_address}: DELETE_STREAM stream_id='audited' → error 41 \(UNAUTHORIZED\)",
        rf"audit: user 0 from {address}: DELETE_STREAM stream_id='audited' → ok",
        rf"audit: user 0 from {address}: DELETE_USER user_id='auditee' → ok",
    ]
    for pattern in expected:
        wait_for_log(info_server, pattern)
    assert "secret-pw" not in info_server.log()
