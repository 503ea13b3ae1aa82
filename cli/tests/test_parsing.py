"""Value parsers: identifiers, durations/expiry, sizes, headers, permissions."""

from __future__ import annotations

import click
import pytest
from iggy.protocol.primitives import HeaderValue

from iggy_cli.parsing import (
    NEVER_EXPIRE_US,
    UNLIMITED_SIZE_BYTES,
    build_permissions,
    format_duration_us,
    identifier,
    parse_duration_us,
    parse_expiry_us,
    parse_headers,
    parse_size_bytes,
    parse_stream_permissions,
)


def test_identifier_digits_are_numeric_ids_and_the_rest_names():
    assert identifier("0") == 0
    assert identifier("42") == 42
    assert identifier("orders") == "orders"
    assert identifier("7a") == "7a"
    assert identifier("-1") == "-1"


@pytest.mark.parametrize(
    ("text", "expected_us"),
    [
        ("1s", 1_000_000),
        ("15min", 900_000_000),
        ("1h 30min", 5_400_000_000),
        ("1day 1hour 1min 1sec", 90_061_000_000),
        ("2w", 1_209_600_000_000),
        ("250ms", 250_000),
        ("3 days", 259_200_000_000),
    ],
)
def test_durations(text, expected_us):
    assert parse_duration_us(text) == expected_us


@pytest.mark.parametrize("text", ["", "abc", "5", "5 parsecs", "1h junk", "h1"])
def test_bad_durations_are_rejected(text):
    with pytest.raises(ValueError):
        parse_duration_us(text)


def test_expiry_words_and_sums():
    assert parse_expiry_us([]) == 0
    assert parse_expiry_us(["server_default"]) == 0
    assert parse_expiry_us(["unlimited"]) == NEVER_EXPIRE_US
    assert parse_expiry_us(["1day", "1hour"]) == 90_000_000_000
    assert parse_expiry_us([], default_us=NEVER_EXPIRE_US) == NEVER_EXPIRE_US
    with pytest.raises(click.BadParameter):
        parse_expiry_us(["soon"])
    with pytest.raises(click.BadParameter):
        parse_expiry_us(["0s"])


def test_format_duration_round_trips_through_the_parser():
    for duration_us in (1_000_000, 90_061_000_000, 5_400_000_250):
        assert parse_duration_us(format_duration_us(duration_us)) == duration_us
    assert format_duration_us(NEVER_EXPIRE_US) == "unlimited"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("unlimited", UNLIMITED_SIZE_BYTES),
        ("server_default", 0),
        ("15GB", 15 * 10**9),
        ("2GiB", 2 * 2**30),
        ("512 MiB", 512 * 2**20),
        ("1000", 1000),
        ("1.5kb", 1500),
    ],
)
def test_sizes(text, expected):
    assert parse_size_bytes(text) == expected


@pytest.mark.parametrize("text", ["", "GB", "12 parsecs", "-1GB"])
def test_bad_sizes_are_rejected(text):
    with pytest.raises(click.BadParameter):
        parse_size_bytes(text)


def test_headers_typed_shorthand_and_comma_lists():
    headers = parse_headers(["source:string:cli,retries:uint8:3", "ok:bool:true", "note:a:b:c", "pi:float64:3.5"])
    assert headers["source"] == HeaderValue.string("cli")
    assert headers["retries"] == HeaderValue.uint8(3)
    assert headers["ok"] == HeaderValue.bool(True)
    # An unknown second field means the whole remainder is a string value.
    assert headers["note"] == HeaderValue.string("a:b:c")
    assert headers["pi"] == HeaderValue.float64(3.5)


@pytest.mark.parametrize("text", ["novalue", ":string:x", "n:uint8:300", "b:bool:maybe", "n:int32:1.5"])
def test_bad_headers_are_rejected(text):
    with pytest.raises(click.BadParameter):
        parse_headers([text])


def test_stream_permissions_with_topics():
    stream_id, stream = parse_stream_permissions("3:m_top,read_topics#1:s_msg#2:p_msg,r_top")
    assert stream_id == 3
    assert stream.manage_topics and stream.read_topics and not stream.manage_stream
    assert stream.topics[1].send_messages and not stream.topics[1].poll_messages
    assert stream.topics[2].poll_messages and stream.topics[2].read_topic


def test_permissions_builder():
    assert build_permissions(None, []) is None
    permissions = build_permissions("r_srv,p_msg", ["0"])
    assert permissions.global_permissions.read_servers and permissions.global_permissions.poll_messages
    assert not permissions.global_permissions.manage_users
    assert set(permissions.streams) == {0}
    with pytest.raises(click.BadParameter):
        build_permissions("fly", [])
    with pytest.raises(click.BadParameter):
        build_permissions(None, ["orders:m_str"])
