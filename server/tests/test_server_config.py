"""Configuration: defaults, TOML file, IGGY_<SECTION>_<KEY> overrides for every key, clear errors."""

from __future__ import annotations

import base64
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from iggy_server.config import DEFAULTS, CacheIndexes, ConfigError, env_variable_names, load_config

SERVER_DIR = Path(__file__).resolve().parents[1]
DOCUMENTED_CONFIG = SERVER_DIR / "config.toml"


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
    if re.fullmatch(r"\d+ [A-Za-z]+", default):  # Iggy byte sizes and durations ("2 MB", "1 h")
        number, unit = default.split(" ")
        return f"{int(number) + 1} {unit}", f"{int(number) + 1} {unit}"
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
        ({"IGGY_SYSTEM_LOGGING_MAX_FILE_SIZE": "big"}, "system.logging.max_file_size"),
        ({"IGGY_SYSTEM_LOGGING_RETENTION": "a week"}, "system.logging.retention"),
        ({"IGGY_SYSTEM_LOGGING_MAX_FILES": "-1"}, "system.logging.max_files"),
        ({"IGGY_SYSTEM_SEGMENT_SIZE_BYTES": str(8 * 1024**3)}, "system.segment.size_bytes"),
        ({"IGGY_SYSTEM_PARTITION_DURABILITY": "fsync"}, "system.partition.durability"),
        ({"IGGY_SYSTEM_IO_WRITE_QUEUE_BYTES": "1024"}, "system.io.write_queue_bytes"),
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


def start_server(environ: dict[str, str], cwd) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "iggy_server"],
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
