"""The shared connection-string vectors (protocol-spec/fixtures/connection_strings.json) parse as stated.

Every SDK replays the same file, so the grammar cannot drift between languages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from iggy import parse_connection_string
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
