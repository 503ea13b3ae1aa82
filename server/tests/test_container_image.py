"""The container image (Dockerfile) and docker-compose.yml.

What holds without a container engine is checked always: the image exposes the four transports' default ports,
listens on them from inside the container, keeps data in a volume, runs as a non-root user, checks its health on
/ping and carries the release version. Building and running the image needs a container engine: where `docker
info` does not answer (as on the CI machine, which has the docker client but no daemon), that test is skipped
saying so, and test_release_wheels.py proves the same install path (the same wheels, binary-only, no toolchain).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import pytest

from iggy.protocol.codes import DEFAULT_HTTP_PORT, DEFAULT_QUIC_PORT, DEFAULT_TCP_PORT, DEFAULT_WEBSOCKET_PORT

REPO = Path(__file__).resolve().parents[2]
VERSION = (REPO / "VERSION").read_text(encoding="utf-8").strip()
DOCKERFILE = (REPO / "Dockerfile").read_text(encoding="utf-8")
COMPOSE = (REPO / "docker-compose.yml").read_text(encoding="utf-8")
BUILD_TIMEOUT_S = 1800
HEALTHY_TIMEOUT_S = 120
ROOT_PASSWORD = "container-test-password"


def _runtime_stage() -> str:
    return DOCKERFILE.rsplit("\nFROM ", 1)[1]


def test_image_exposes_every_transport_on_its_default_port():
    expose = re.search(r"^EXPOSE (.+)$", _runtime_stage(), re.MULTILINE).group(1).split()
    assert sorted(expose) == sorted([f"{DEFAULT_TCP_PORT}/tcp", f"{DEFAULT_HTTP_PORT}/tcp", f"{DEFAULT_QUIC_PORT}/udp",
                                     f"{DEFAULT_WEBSOCKET_PORT}/tcp"])
    for variable, port in (("TCP", DEFAULT_TCP_PORT), ("HTTP", DEFAULT_HTTP_PORT), ("QUIC", DEFAULT_QUIC_PORT),
                           ("WEBSOCKET", DEFAULT_WEBSOCKET_PORT)):
        assert f"IGGY_{variable}_ADDRESS=0.0.0.0:{port}" in _runtime_stage(), variable


def test_image_runs_unprivileged_with_data_in_a_volume_and_a_ping_health_check():
    runtime = _runtime_stage()
    user = re.search(r"^USER (\S+)$", runtime, re.MULTILINE).group(1)
    assert user not in ("root", "0")
    data = re.search(r"IGGY_SYSTEM_PATH=(\S+)", runtime).group(1)
    assert f'VOLUME ["{data}"]' in runtime
    assert re.search(rf"^HEALTHCHECK .*\n?.*http://127\.0\.0\.1:{DEFAULT_HTTP_PORT}/ping", runtime, re.MULTILINE)
    assert "--only-binary=:all:" in runtime and "cargo" not in runtime  # the runtime stage compiles nothing
    assert f'org.opencontainers.image.version="{VERSION}"' in runtime
    assert f"iggy-compat/iggy-server:{VERSION}" in COMPOSE


def _engine() -> str:
    docker = shutil.which("docker")
    if docker is None:
        pytest.skip("no container engine: the docker command is not installed")
    info = subprocess.run([docker, "info", "--format", "{{.ServerVersion}}"], capture_output=True, text=True,
                          timeout=30)
    if info.returncode != 0:
        reason = (info.stderr.strip().splitlines() or ["no answer"])[-1]
        pytest.skip(f"no container engine: `docker info` failed ({reason}); test_release_wheels.py covers the wheels")
    return docker


def test_image_builds_starts_healthy_and_serves_the_cli():
    docker = _engine()
    tag = f"iggy-compat-test/iggy-server:{VERSION}-{uuid.uuid4().hex[:8]}"
    build = subprocess.run([docker, "build", "-t", tag, str(REPO)], capture_output=True, text=True,
                           timeout=BUILD_TIMEOUT_S)
    assert build.returncode == 0, build.stderr[-4000:]
    name = f"iggy-test-{uuid.uuid4().hex[:8]}"
    try:
        started = subprocess.run(
            [docker, "run", "-d", "--name", name, "-e", f"IGGY_ROOT_PASSWORD={ROOT_PASSWORD}",
             "-p", f"127.0.0.1::{DEFAULT_TCP_PORT}", tag],
            capture_output=True, text=True, timeout=60)
        assert started.returncode == 0, started.stderr
        deadline = time.monotonic() + HEALTHY_TIMEOUT_S
        health = ""
        while time.monotonic() < deadline and health != "healthy":
            time.sleep(1)
            health = subprocess.run([docker, "inspect", "-f", "{{.State.Health.Status}}", name],
                                    capture_output=True, text=True, timeout=30).stdout.strip()
        assert health == "healthy", subprocess.run([docker, "logs", name], capture_output=True, text=True).stderr
        uid = subprocess.run([docker, "exec", name, "id", "-u"], capture_output=True, text=True, timeout=30)
        assert uid.stdout.strip() not in ("", "0")
        cli = subprocess.run(
            [docker, "run", "--rm", "--network", f"container:{name}", "--entrypoint", "iggy", tag,
             "--address", f"127.0.0.1:{DEFAULT_TCP_PORT}", "-u", "iggy", "-p", ROOT_PASSWORD, "stats"],
            capture_output=True, text=True, timeout=120)
        assert cli.returncode == 0 and VERSION in cli.stdout, cli.stdout + cli.stderr
    finally:
        subprocess.run([docker, "rm", "-f", name], capture_output=True, timeout=60)
        subprocess.run([docker, "rmi", "-f", tag], capture_output=True, timeout=120)
