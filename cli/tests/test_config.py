"""Contexts on disk and the precedence flag > env > context > default (no server needed)."""

from __future__ import annotations

import stat

import pytest

from iggy_cli import tomlfile
from iggy_cli.config import (
    DEFAULT_TCP_SERVER_ADDRESS,
    ContextError,
    ContextStore,
    Overrides,
    resolve,
)


def test_toml_writer_round_trips_awkward_strings(tmp_path):
    tables = {"weird name": {"password": 'a"b\\c\nd\té', "port": 8090, "tls": True}, "plain": {"x": "y"}}
    path = tmp_path / "contexts.toml"
    tomlfile.write_tables(path, tables)
    assert tomlfile.read_tables(path) == tables
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_default_context_exists_without_files(tmp_path):
    store = ContextStore(tmp_path / "home")
    assert store.active_name() == "default"
    assert store.contexts() == {"default": {}}
    settings = resolve(store, Overrides())
    assert settings.tcp_server_address == DEFAULT_TCP_SERVER_ADDRESS
    assert settings.credentials is None


def test_create_use_delete(tmp_path):
    store = ContextStore(tmp_path)
    store.create("prod", {"tcp_server_address": "10.0.0.1:8090", "username": "admin", "tcp_tls_enabled": True})
    store.use("prod")
    assert store.active_name() == "prod"
    assert (tmp_path / ".active_context").read_text() == "prod"
    settings = resolve(store, Overrides())
    assert settings.context_name == "prod"
    assert settings.tcp_server_address == "10.0.0.1:8090"
    assert settings.tcp_tls_enabled is True
    with pytest.raises(ContextError, match="already exists"):
        store.create("prod", {})
    store.delete("prod")
    assert store.active_name() == "default"
    with pytest.raises(ContextError, match="not found"):
        store.use("prod")
    with pytest.raises(ContextError, match="cannot be deleted"):
        store.delete("default")
    with pytest.raises(ContextError, match="invalid context name"):
        store.create("bad name", {})


def test_flags_override_the_context_and_the_context_overrides_defaults(tmp_path):
    store = ContextStore(tmp_path)
    store.create("dev", {"tcp_server_address": "10.0.0.2:9000", "username": "ctx-user", "password": "ctx-pass"})
    from_context = resolve(store, Overrides(context="dev"))
    assert from_context.tcp_server_address == "10.0.0.2:9000"
    assert (from_context.credentials.username, from_context.credentials.password) == ("ctx-user", "ctx-pass")
    assert from_context.credentials.source == "context"

    overridden = resolve(store, Overrides(context="dev", tcp_server_address="127.0.0.1:1", username="flag-user",
                                          password="flag-pass"))
    assert overridden.tcp_server_address == "127.0.0.1:1"
    assert (overridden.credentials.username, overridden.credentials.password) == ("flag-user", "flag-pass")
    assert overridden.credentials.source == "flag"

    token_wins = resolve(store, Overrides(context="dev", token="tok", username="flag-user"))
    assert token_wins.credentials.token == "tok" and token_wins.credentials.username is None


def test_session_is_used_only_for_the_server_that_issued_it(tmp_path):
    store = ContextStore(tmp_path)
    store.create("dev", {"tcp_server_address": "10.0.0.2:9000", "username": "u", "password": "p"})
    store.store_session("dev", "session-token", "10.0.0.2:9000")
    settings = resolve(store, Overrides(context="dev"))
    assert settings.credentials.source == "session" and settings.credentials.token == "session-token"
    # Pointing the same context at another server must not leak the token there.
    elsewhere = resolve(store, Overrides(context="dev", tcp_server_address="10.9.9.9:9000"))
    assert elsewhere.session_token is None
    assert elsewhere.credentials.source == "context"
    # Explicit credentials beat the session.
    explicit = resolve(store, Overrides(context="dev", username="other", password="x"))
    assert explicit.credentials.username == "other"
    assert store.clear_session("dev") is True
    assert store.clear_session("dev") is False
    assert "session_token" not in store.get("dev")


def test_context_file_written_by_iggy_cli_is_readable_and_unknown_keys_survive(tmp_path):
    # The layout Iggy's Rust CLI writes: flattened keys, plus keys we do not know.
    (tmp_path / "contexts.toml").write_text(
        '[production]\ntransport = "tcp"\ntcp_server_address = "10.0.0.1:8090"\ntoken_name = "prod-token"\n'
    )
    (tmp_path / ".active_context").write_text("production\n")
    store = ContextStore(tmp_path)
    assert resolve(store, Overrides()).tcp_server_address == "10.0.0.1:8090"
    store.store_session("production", "t", "10.0.0.1:8090")
    assert store.get("production")["token_name"] == "prod-token"
    assert store.get("production")["transport"] == "tcp"


def test_corrupt_context_file_is_a_clear_error(tmp_path):
    (tmp_path / "contexts.toml").write_text("[broken\n")
    with pytest.raises(ContextError, match="cannot read"):
        ContextStore(tmp_path).contexts()


def test_iggy_home_env_var(tmp_path, monkeypatch):
    monkeypatch.setenv("IGGY_HOME", str(tmp_path / "elsewhere"))
    assert ContextStore().home == tmp_path / "elsewhere"
