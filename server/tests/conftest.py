"""Shared fixtures for the server suites: a server subprocess per module, logged-in clients."""

from __future__ import annotations

import itertools

import pytest

from iggy.protocol import requests

from server_support import ServerProcess, WireClient

_names = itertools.count()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    """A default-config server shared by one test module (tests use unique stream names)."""
    process = ServerProcess(tmp_path_factory.mktemp("server") / "data").start()
    yield process
    process.stop()


@pytest.fixture
def client(server: ServerProcess):
    with server.client() as connection:
        yield connection


@pytest.fixture
def unique():
    """unique("s") → "s-17": names that never collide inside a shared server."""
    return lambda prefix="n": f"{prefix}-{next(_names)}"


@pytest.fixture
def topic(client: WireClient, unique):
    """(stream name, topic name): a fresh stream holding topic "t" with 3 partitions."""
    stream = unique("s")
    client.call(requests.CreateStream(stream))
    client.call(requests.CreateTopic(stream, 3, 1, 0, 0, 0, "t"))
    return stream, "t"
