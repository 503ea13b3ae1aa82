"""Fixtures of the transport suites: one server per module with every transport on a free port."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # transport_support
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # server_support lives one level up

from server_support import ServerProcess  # noqa: E402
from transport_support import SERVER_ENV, Http  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    process = ServerProcess(tmp_path_factory.mktemp("server") / "data", env=SERVER_ENV).start()
    yield process
    process.stop()


@pytest.fixture
def http(server: ServerProcess) -> Http:
    client = Http(server.transport_addresses["http"])
    client.login()
    return client
