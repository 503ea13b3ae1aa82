"""Configuration: defaults, TOML file, IGGY_<SECTION>_<KEY> overrides for every key, clear errors."""

from __future__ import annotations

import base64
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from iggy_server.config import DEFAULTS, RENAMED_KEYS, CacheIndexes, ConfigError, env_variable_names, load_config

SERVER_DIR = Path(__file__).resolve().parents[1]
DOCUMENTED_CONFIG = SERVER_DIR / "config.toml"
RELEASE_VERSION = (SERVER_DIR.parent / "VERSION").read_text(encoding="utf-8").strip()


def leaves(tree, prefix=()):
    for name, value in tree.items():
        if isinstance(value, dict):
            yield from leaves(value, prefix + (name,))
        else:
            yield prefix + (name,), value


def lookup(config, path):
    node = config
    for part in path:
        node = getattr(node, part)
    return node


def test_documented_config_file_matches_the_defaults_exactly():
    with open(DOCUMENTED_CONFIG, "rb") as handle:
        assert tomllib.load(handle) == DEFAULTS


def test_every_key_is_documented_in_readme_and_config_file():
    readme = (SERVER_DIR / "README.md").read_text()
    config_text = DOCUMENTED_CONFIG.read_text()
    for name in env_variable_names():
        assert name in readme, name
        assert name in config_text, name


def test_defaults_without_file_or_environment(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    config = load_config(environ={})
    assert config.tcp.address == "127.0.0.1:8090"
    assert config.system.path == "local_data"
    assert config.system.segment.size_bytes == 1024**3
    assert config.heartbeat.enabled is False
    assert config.source is None


def override_value(default):
    if isinstance(default, bool):
        return ("false" if default else "true"), (not default)
    if isinstance(default, int):
        return str(default + 7), default + 7
    if default == "info":
        return "debug", "debug"
    if default == "pwritev":  # system.io.writer is one of auto / io_uring / pwritev
        return "auto", "auto"
    if default == "loop":  # system.io.memory_writes is loop or thread
        return "thread", "thread"
    if default == "written":  # system.partition.durability is one of memory / written / durable
        return "memory", "memory"
    if isinstance(default, float):  # telemetry.traces.sample_ratio: 0..1
        return "0.5", 0.5
    if default == "text":  # system.logging.format is text or json
        return "json", "json"
    if default == "open_segment":  # system.segment.cache_indexes is one of all / open_segment / none
        return "none", "none"
    if isinstance(default, list):  # from the environment, lists are comma-separated
        return "a, b", ["a", "b"]
    if default == "grpc":  # telemetry.*.transport is grpc or http
        return "http", "http"
    if default.startswith("http://"):  # telemetry.*.endpoint
        return "http://127.0.0.1:4318/v1/x", "http://127.0.0.1:4318/v1/x"
    if default == "HS256":  # http.jwt.algorithm is one of HS/RS 256/384/512
        return "HS512", "HS512"
    if ":" in default:
        return "127.0.0.1:9999", "127.0.0.1:9999"
    return default + "-x", default + "-x"


@pytest.mark.parametrize("name, path", sorted(env_variable_names().items()))
def test_every_key_can_be_overridden_from_the_environment(name, path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    default = lookup(load_config(environ={}), path)
    text, expected = override_value(default)
    environ = {name: text}
    if name == "IGGY_SYSTEM_ENCRYPTION_KEY":  # a key is base64 of 32 bytes
        text = expected = base64.b64encode(bytes(32)).decode()
        environ = {name: text}
    elif name == "IGGY_SYSTEM_ENCRYPTION_ENABLED":  # encryption needs its key
        environ["IGGY_SYSTEM_ENCRYPTION_KEY"] = base64.b64encode(bytes(32)).decode()
    assert lookup(load_config(environ=environ), path) == expected


def test_config_file_is_read_from_env_path_and_env_wins_over_file(tmp_path):
    config_file = tmp_path / "custom.toml"
    config_file.write_text('[tcp]\naddress = "127.0.0.1:7000"\n[system.segment]\nsize_bytes = 2048\n')
    config = load_config(environ={"IGGY_CONFIG_PATH": str(config_file)})
    assert (config.tcp.address, config.system.segment.size_bytes) == ("127.0.0.1:7000", 2048)
    assert config.source == config_file
    config = load_config(environ={"IGGY_CONFIG_PATH": str(config_file), "IGGY_TCP_ADDRESS": "127.0.0.1:0"})
    assert config.tcp.address == "127.0.0.1:0"


def test_config_toml_in_working_directory_is_picked_up(tmp_path, monkeypatch):
    (tmp_path / "config.toml").write_text('[system.logging]\nlevel = "error"\n')
    monkeypatch.chdir(tmp_path)
    assert load_config(environ={}).system.logging.level == "error"


@pytest.mark.parametrize(
    "environ, key",
    [
        ({"IGGY_SYSTEM_SEGMENT_SIZE_BYTES": "big"}, "system.segment.size_bytes"),
        ({"IGGY_HEARTBEAT_ENABLED": "maybe"}, "heartbeat.enabled"),
        ({"IGGY_TCP_ADDRESS": "localhost"}, "tcp.address"),
        ({"IGGY_LIMITS_MAX_REQUEST_BYTES": "0"}, "limits.max_request_bytes"),
        ({"IGGY_SYSTEM_LOGGING_LEVEL": "loud"}, "system.logging.level"),
        ({"IGGY_SYSTEM_LOGGING_FORMAT": "xml"}, "system.logging.format"),
        ({"IGGY_SYSTEM_LOGGING_MAX_FILE_SIZE_BYTES": "big"}, "system.logging.max_file_size_bytes"),
        ({"IGGY_SYSTEM_LOGGING_RETENTION_MS": "-1"}, "system.logging.retention_ms"),
        ({"IGGY_SYSTEM_LOGGING_MAX_FILES": "-1"}, "system.logging.max_files"),
        ({"IGGY_SYSTEM_SEGMENT_SIZE_BYTES": str(8 * 1024**3)}, "system.segment.size_bytes"),
        ({"IGGY_SYSTEM_PARTITION_DURABILITY": "fsync"}, "system.partition.durability"),
        ({"IGGY_SYSTEM_IO_WRITE_QUEUE_BYTES": "1024"}, "system.io.write_queue_bytes"),
        ({"IGGY_SYSTEM_IO_MEMORY_WRITES": "both"}, "system.io.memory_writes"),
        ({"IGGY_SYSTEM_SEGMENT_SIZE_BYTES": "1"}, "system.segment.size_bytes"),
        ({"IGGY_SYSTEM_SEGMENT_SIZE_BYTES": "0"}, "system.segment.size_bytes"),
        ({"IGGY_LIMITS_FRAME_READ_TIMEOUT_MS": "0"}, "limits.frame_read_timeout_ms"),
        ({"IGGY_LIMITS_LOGIN_TIMEOUT_MS": "0"}, "limits.login_timeout_ms"),
        ({"IGGY_TCP_SEND_THREAD_COUNT": "0"}, "tcp.send_thread_count"),
        ({"IGGY_TCP_SEND_THREAD_COUNT": "65"}, "tcp.send_thread_count"),
        ({"IGGY_SYSTEM_SEGMENT_CACHE_INDEXES": "some"}, "system.segment.cache_indexes"),
        ({"IGGY_SYSTEM_ENCRYPTION_ENABLED": "true"}, "system.encryption.key"),
        ({"IGGY_SYSTEM_ENCRYPTION_KEY": base64.b64encode(bytes(16)).decode()}, "system.encryption.key"),
        ({"IGGY_SYSTEM_IO_MAX_OPEN_SEGMENT_FILES": "4"}, "system.io.max_open_segment_files"),
    ],
)
def test_bad_values_name_the_key(environ, key, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        load_config(environ=environ)


@pytest.mark.parametrize(
    "value, mode",
    [("all", CacheIndexes.ALL), ("open_segment", CacheIndexes.OPEN_SEGMENT), ("none", CacheIndexes.NONE),
     ("true", CacheIndexes.ALL), ("false", CacheIndexes.NONE)],
)
def test_cache_indexes_takes_iggys_values_and_spellings(value, mode, tmp_path):
    config_file = tmp_path / "config.toml"
    config_file.write_text(f'[system.segment]\ncache_indexes = "{value}"\n')
    assert load_config(config_file, environ={}).storage_config().cache_indexes is mode


def test_unknown_or_mistyped_file_keys_are_errors(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[system]\npaht = 'x'\n")
    with pytest.raises(ConfigError, match=r"system\.paht"):
        load_config(bad, environ={})
    bad.write_text("[system.segment]\nsize_bytes = 'lots'\n")
    with pytest.raises(ConfigError, match=r"system\.segment\.size_bytes"):
        load_config(bad, environ={})
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "missing.toml", environ={})


def start_server(environ: dict[str, str], cwd, arguments: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """Run the server's entry point as an operator would (it exits at once on a bad config or a query flag)."""
    return subprocess.run(
        [sys.executable, "-m", "iggy_server", *arguments],
        env={**environ, "PATH": "/usr/bin:/bin"},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_server_refuses_to_start_with_a_bad_value(tmp_path):
    result = start_server({"IGGY_HEARTBEAT_INTERVAL_MS": "soon"}, tmp_path)
    assert result.returncode == 2
    assert "heartbeat.interval_ms" in result.stderr


@pytest.mark.parametrize(
    "name, closest",
    [
        ("IGGY_SYSTEM_PARTITION_DURABILTY", "IGGY_SYSTEM_PARTITION_DURABILITY"),
        ("IGGY_TCP_ADRESS", "IGGY_TCP_ADDRESS"),
        ("IGGY_ROOT_PASSWRD", "IGGY_ROOT_PASSWORD"),
        ("IGGY_LIMITS_MAX_CONECTIONS", "IGGY_LIMITS_MAX_CONNECTIONS"),
    ],
)
def test_unknown_environment_variables_are_refused_naming_the_closest_key(name, closest, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=f"{name}: unknown setting; closest known key: {closest} "):
        load_config(environ={name: "durable"})


def test_client_tool_variables_do_not_stop_the_server(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    environ = {"IGGY_USERNAME": "u", "IGGY_PASSWORD": "p", "IGGY_TCP_SERVER_ADDRESS": "127.0.0.1:1", "PATH": "/x"}
    assert load_config(environ=environ).tcp.address == DEFAULTS["tcp"]["address"]


def test_server_refuses_to_start_with_a_misspelled_variable(tmp_path):
    result = start_server({"IGGY_SYSTEM_PARTITION_DURABILTY": "durable"}, tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "IGGY_SYSTEM_PARTITION_DURABILITY" in lines[0], result.stderr


def test_every_size_is_bytes_and_every_duration_milliseconds():
    # One unit per kind, named in the key: no "2 MB" / "1 h" strings beside *_bytes / *_ms numbers.
    for path, value in leaves(DEFAULTS):
        if isinstance(value, str):
            assert not re.fullmatch(r"\d+(\.\d+)?\s*(b|[kmgt]i?b|ms|s|m|min|h|d)", value, re.I), (path, value)
        if path[-1].endswith(("_bytes", "_ms", "_us")):
            assert isinstance(value, int) and not isinstance(value, bool), path


@pytest.mark.parametrize("old, new", sorted((old, new) for old, (new, _) in RENAMED_KEYS.items()))
def test_keys_renamed_in_0_2_are_refused_naming_the_new_key(old, new, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert lookup(load_config(environ={}), new.split(".")) is not None
    section, _, key = old.rpartition(".")
    old_file = tmp_path / "old.toml"
    old_file.write_text(f"[{section}]\n{key} = \"1\"\n")
    with pytest.raises(ConfigError, match=rf"^{old.replace('.', '[.]')} \(.*\): renamed to {new.replace('.', '[.]')} "):
        load_config(old_file, environ={})
    old_variable = "IGGY_" + old.replace(".", "_").upper()
    new_variable = "IGGY_" + new.replace(".", "_").upper()
    with pytest.raises(ConfigError, match=f"env {old_variable}: renamed to .*{new_variable}"):
        load_config(environ={old_variable: "1"})


def test_version_prints_the_release(tmp_path):
    result = start_server({}, tmp_path, ("--version",))
    assert (result.returncode, result.stdout) == (0, f"iggy-server {RELEASE_VERSION}\n")


def test_help_lists_every_option_the_environment_and_the_exit_codes(tmp_path):
    result = start_server({}, tmp_path, ("--help",))
    assert result.returncode == 0
    for word in ("--help", "--version", "--config PATH", "--check-config", "--fresh",
                 "--with-default-root-credentials", "IGGY_CONFIG_PATH", "IGGY_ROOT_PASSWORD", "exit codes"):
        assert word in result.stdout, word


def test_check_config_accepts_the_documented_file_and_starts_nothing(tmp_path):
    result = start_server({}, tmp_path, ("--check-config", "--config", str(DOCUMENTED_CONFIG)))
    assert result.returncode == 0, result.stderr
    assert f"configuration OK (file {DOCUMENTED_CONFIG}" in result.stdout
    assert not (tmp_path / "local_data").exists()  # system.path of the documented file: untouched


@pytest.mark.parametrize(
    "file_text, environ, named",
    [
        ("[system.segment]\nsize_bytes = 1\n", {}, "system.segment.size_bytes"),
        ("[websocket]\nmax_message_size = \"64 MiB\"\n", {}, "websocket.max_message_size_bytes"),
        ("[tcp]\nadress = \"127.0.0.1:1\"\n", {}, "tcp.adress"),
        ("", {"IGGY_TCP_TLS_ENABLED": "true"}, "tcp.tls.cert_file"),
        ("[http.tls]\nenabled = true\ncert_file = \"/nonexistent.pem\"\nkey_file = \"/nonexistent.key\"\n", {},
         "http.tls"),
        ("[logging\n", {}, "config file"),
    ],
)
def test_check_config_fails_naming_the_problem(file_text, environ, named, tmp_path):
    config_file = tmp_path / "bad.toml"
    config_file.write_text(file_text)
    result = start_server(environ, tmp_path, ("--check-config", "--config", str(config_file)))
    assert result.returncode == 2, result
    assert result.stdout == ""
    assert named in result.stderr and result.stderr.count("\n") == 1, result.stderr
