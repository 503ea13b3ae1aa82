"""The shared connection-string vectors (protocol-spec/fixtures/connection_strings.json) parse as stated.

Every SDK replays the same file, so the grammar cannot drift between languages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from iggy import ClientConfig, parse_connection_string
from iggy.connection import protocol_name
from iggy.errors import IggyError
from iggy.protocol.codes import ErrorCode

VECTORS_PATH = Path(__file__).resolve().parents[4] / "protocol-spec" / "fixtures" / "connection_strings.json"
VECTORS = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
DEFAULTS = VECTORS["defaults"]


def _settings(connection_string: str) -> dict:
    config = parse_connection_string(connection_string)
    return {name: getattr(config, name) for name in DEFAULTS}


def _upper_snake(camel: str) -> str:
    return "".join(f"_{c}" if c.isupper() and i else c for i, c in enumerate(camel)).upper()


@pytest.mark.parametrize("case", VECTORS["valid"], ids=[case["input"] for case in VECTORS["valid"]])
def test_valid_connection_string_parses_to_the_expected_settings(case: dict):
    assert set(case["expected"]) <= set(DEFAULTS), "a vector names a setting outside `defaults`"
    assert _settings(case["input"]) == {**DEFAULTS, **case["expected"]}


@pytest.mark.parametrize("case", VECTORS["invalid"], ids=[case["input"] for case in VECTORS["invalid"]])
def test_invalid_connection_string_fails_with_the_expected_code(case: dict):
    with pytest.raises(IggyError) as raised:
        parse_connection_string(case["input"])
    assert raised.value.code == case["error_code"]
    assert ErrorCode(case["error_code"]).name == _upper_snake(case["error_name"])


def test_defaults_are_the_client_config_defaults():
    assert _settings("iggy://127.0.0.1:8090") == DEFAULTS


PROTOCOL = VECTORS["protocol"]


def test_protocol_default_is_the_shared_default():
    assert protocol_name(parse_connection_string("iggy://127.0.0.1:8090").protocol) == PROTOCOL["default"]
    assert protocol_name(ClientConfig().protocol) == PROTOCOL["default"]


@pytest.mark.parametrize("case", PROTOCOL["valid"], ids=[case["input"] for case in PROTOCOL["valid"]])
def test_protocol_option_selects_the_version(case: dict):
    assert protocol_name(parse_connection_string(case["input"]).protocol) == case["protocol"]


@pytest.mark.parametrize("case", PROTOCOL["invalid"], ids=[case["input"] for case in PROTOCOL["invalid"]])
def test_bad_protocol_fails_with_the_shared_text(case: dict):
    with pytest.raises(IggyError) as raised:
        parse_connection_string(case["input"])
    assert raised.value.code == case["error_code"]
    assert ErrorCode(case["error_code"]).name == _upper_snake(case["error_name"])
    assert raised.value.message == case["message"]
    # The same value given to ClientConfig directly fails alike.
    with pytest.raises(IggyError) as direct:
        ClientConfig(protocol=case["value"])
    assert direct.value.message == case["message"]
