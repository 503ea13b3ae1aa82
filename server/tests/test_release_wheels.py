"""The three Python wheels as a user gets them: built, checked, installed into a fresh venv, run.

The wheels are built from the repository (`pip wheel` for the pure iggy-sdk and iggy-cli, `maturin build --release`
for iggy-server with its Rust extension), then installed with `--only-binary=:all:` into a new virtual environment
whose PATH holds nothing but that environment's bin/ (no cargo, no rustc, no maturin) and whose processes run
outside the repository, so nothing can be compiled or imported from the source tree. In it: `--version` of both
commands, the README's CLI flow and a Python SDK send/poll against a server started by the launcher of the
installed wheel. The Dockerfile installs the same wheels the same way.
"""

from __future__ import annotations

import email
import email.policy
import os
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

from iggy_server.testing import TestServer

REPO = Path(__file__).resolve().parents[2]
VERSION = (REPO / "VERSION").read_text(encoding="utf-8").strip()
BUILD_TIMEOUT_S = 900  # a cold maturin build of the extension; warm, it reuses server/target
INSTALL_TIMEOUT_S = 600
RUN_TIMEOUT_S = 120
DISTRIBUTIONS = ("iggy_sdk", "iggy_cli", "iggy_server")


def _run(command: list[str], timeout: float, **kwargs) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout, **kwargs)
    assert result.returncode == 0, f"{command} -> {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheels(tmp_path_factory) -> dict[str, Path]:
    dist = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(dist),
          str(REPO / "sdk/python"), str(REPO / "cli")], BUILD_TIMEOUT_S)
    maturin = shutil.which("maturin", path=str(Path(sys.executable).parent))
    assert maturin, "maturin is installed into .venv by requirements-dev.txt"
    _run([maturin, "build", "--release", "--out", str(dist)], BUILD_TIMEOUT_S, cwd=REPO / "server")
    found = {name: sorted(dist.glob(f"{name}-{VERSION}-*.whl")) for name in DISTRIBUTIONS}
    assert all(len(paths) == 1 for paths in found.values()), sorted(p.name for p in dist.iterdir())
    return {name: paths[0] for name, paths in found.items()}


def _metadata(wheel: Path) -> tuple[email.message.Message, list[str]]:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        return email.message_from_bytes(archive.read(metadata), policy=email.policy.compat32), names


@pytest.mark.parametrize("name", DISTRIBUTIONS)
def test_wheel_metadata_is_complete(wheels, name):
    metadata, names = _metadata(wheels[name])
    assert metadata["Name"] == name.replace("_", "-")
    assert metadata["Version"] == VERSION
    assert metadata["License-Expression"] == "Apache-2.0"
    assert metadata["Requires-Python"] == ">=3.11"
    assert metadata["Summary"] and metadata["Description-Content-Type"].startswith("text/markdown")
    urls = dict(value.split(", ", 1) for value in metadata.get_all("Project-URL"))
    assert {"Homepage", "Repository", "Issues", "Changelog"} <= set(urls), urls
    classifiers = metadata.get_all("Classifier")
    assert "Programming Language :: Python :: 3.11" in classifiers and not any(
        c.startswith("License ::") for c in classifiers)  # PEP 639: the expression replaces license classifiers
    for legal in ("LICENSE", "NOTICE"):
        assert any(n.endswith(f".dist-info/licenses/{legal}") for n in names), (legal, names)
        assert legal in metadata.get_all("License-File")
    if name != "iggy_sdk":  # both depend on the SDK of the same release, by name
        assert f"iggy-sdk=={VERSION}" in metadata.get_all("Requires-Dist")


def test_pure_wheels_are_pure_and_the_server_wheel_is_manylinux(wheels):
    assert wheels["iggy_sdk"].name.endswith("-py3-none-any.whl")
    assert wheels["iggy_cli"].name.endswith("-py3-none-any.whl")
    assert "-manylinux_" in wheels["iggy_server"].name, wheels["iggy_server"].name
    _, names = _metadata(wheels["iggy_server"])
    assert any(n.startswith("iggy_server/_native") and n.endswith(".so") for n in names)


@pytest.fixture(scope="module")
def fresh_venv(wheels, tmp_path_factory) -> tuple[Path, dict[str, str], Path]:
    """(venv, environment for its commands, a working directory outside the repository)."""
    home = tmp_path_factory.mktemp("fresh")
    venv = home / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], INSTALL_TIMEOUT_S)
    environment = {
        "PATH": str(venv / "bin"),  # nothing else: no cargo, rustc or maturin can be found
        "HOME": os.environ.get("HOME", str(home)),  # pip's download cache
        "IGGY_HOME": str(home / "iggy-home"),  # the CLI's contexts and sessions
        "PYTHONNOUSERSITE": "1",
        "LANG": "C.UTF-8",
    }
    for tool in ("cargo", "rustc", "maturin"):
        assert shutil.which(tool, path=environment["PATH"]) is None, tool
    _run([str(venv / "bin/python"), "-m", "pip", "install", "--disable-pip-version-check", "-q",
          "--only-binary=:all:", *map(str, wheels.values())], INSTALL_TIMEOUT_S, env=environment, cwd=home)
    return venv, environment, home


def test_installed_packages_come_from_the_venv_not_the_repository(fresh_venv):
    venv, environment, cwd = fresh_venv
    probe = ("import importlib.metadata as m, iggy, iggy_cli, iggy_server, iggy_server._native as n; "
             "print('\\n'.join([iggy.__file__, iggy_cli.__file__, iggy_server.__file__, n.__file__]));"
             "print(*(m.version(d) for d in ('iggy-sdk', 'iggy-cli', 'iggy-server')))")
    out = _run([str(venv / "bin/python"), "-I", "-c", probe], RUN_TIMEOUT_S, env=environment, cwd=cwd).stdout
    *paths, versions = out.strip().splitlines()
    for path in paths:
        assert Path(path).resolve().is_relative_to(venv.resolve()), path
    assert versions.split() == [VERSION] * 3


def test_both_commands_print_the_release(fresh_venv):
    venv, environment, cwd = fresh_venv
    server = _run([str(venv / "bin/iggy-server"), "--version"], RUN_TIMEOUT_S, env=environment, cwd=cwd)
    assert server.stdout == f"iggy-server {VERSION}\n"
    cli = _run([str(venv / "bin/iggy"), "--version"], RUN_TIMEOUT_S, env=environment, cwd=cwd)
    assert VERSION in cli.stdout


def test_readme_cli_flow_and_sdk_send_poll_on_the_installed_server(fresh_venv):
    venv, environment, cwd = fresh_venv
    with TestServer(python=venv / "bin/python", cwd=cwd, env=environment) as server:
        iggy = [str(venv / "bin/iggy"), "--address", server.address, "-u", "iggy", "-p", "iggy"]

        def cli(*arguments: str, stdin: str | None = None) -> str:
            return _run([*iggy, *arguments], RUN_TIMEOUT_S, env=environment, cwd=cwd, input=stdin).stdout

        # The README's quick start, word for word after the address.
        cli("stream", "create", "demo")
        cli("topic", "create", "demo", "events", "1")
        cli("message", "send", "demo", "events", stdin="hello\n")
        assert "hello" in cli("message", "poll", "demo", "events", "0", "--first", "--count", "10")
        assert VERSION in cli("stats")  # the Stats reply names this build

        script = textwrap.dedent(f"""
            from iggy import Message, PollingStrategy
            from iggy.sync import IggyClient

            with IggyClient("iggy://iggy:iggy@{server.address}") as client:
                client.send_messages("demo", "events", [Message(b"from the sdk")], partitioning=0)
                polled = client.poll_messages("demo", "events", partition_id=0, strategy=PollingStrategy.first(),
                                              count=10)
                print(*(bytes(m.payload).decode() for m in polled.messages), sep="|")
                print(client.get_stats().iggy_server_version)
        """)
        out = _run([str(venv / "bin/python"), "-I", "-c", script], RUN_TIMEOUT_S, env=environment, cwd=cwd).stdout
        assert out.splitlines() == ["hello|from the sdk", VERSION]
        assert server.stop() == 0
