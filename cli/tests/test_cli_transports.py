"""`--address iggy+ws://…` / `iggy+http://…`: the same commands over WebSocket and the HTTP REST API."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT_PASSWORD, ROOT_USERNAME, Iggy


@pytest.mark.parametrize("scheme, suffix", [("iggy+ws", "websocket"), ("iggy+http", "http")])
def test_stream_commands_over_transport(server, iggy_home: Path, scheme: str, suffix: str, protocol: str):
    iggy = Iggy(iggy_home, {"IGGY_TCP_SERVER_ADDRESS": f"{scheme}://{server.transport_addresses[suffix]}",
                            "IGGY_USERNAME": ROOT_USERNAME, "IGGY_PASSWORD": ROOT_PASSWORD,
                            "IGGY_PROTOCOL": protocol})
    name = f"cli-{suffix}-{protocol}"
    assert iggy("stream", "create", name).exit_code == 0
    listed = iggy("--output", "json", "stream", "list")
    assert listed.exit_code == 0, listed.stderr
    assert name in listed.stdout


def test_credentials_inside_the_address_are_refused(server, iggy_home: Path):
    iggy = Iggy(iggy_home, {"IGGY_TCP_SERVER_ADDRESS": f"iggy+http://a:b@{server.transport_addresses['http']}",
                            "IGGY_USERNAME": ROOT_USERNAME, "IGGY_PASSWORD": ROOT_PASSWORD})
    refused = iggy("stream", "list")
    assert refused.exit_code != 0 and "not inside the server address" in refused.stderr
