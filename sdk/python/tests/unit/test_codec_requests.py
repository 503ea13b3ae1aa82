import dataclasses

import pytest

from codec_samples import REQUESTS
from iggy.protocol import requests as rq
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.errors import ProtocolError
from iggy.protocol.primitives import Identifier, Permissions


def test_every_command_has_a_request_type():
    """Every command's bytes are also checked against a fixture (protocol-spec/tests/test_fixtures.py)."""
    assert set(rq.REQUEST_TYPES) == set(Command)
    for code, request_type in rq.REQUEST_TYPES.items():
        assert request_type.CODE == code
        assert dataclasses.is_dataclass(request_type)
        assert request_type.__dataclass_params__.frozen


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: type(r).__name__)
def test_request_round_trip(request_):
    payload = request_.encode()
    assert type(request_).decode(payload) == request_
    assert rq.decode_request(request_.CODE, payload) == request_
    assert type(request_).decode(memoryview(payload)) == request_


# SendMessages frames run to the end of the payload by definition, so it has no trailing bytes.
@pytest.mark.parametrize("request_", [r for r in REQUESTS if not isinstance(r, rq.SendMessages)],
                         ids=lambda r: type(r).__name__)
def test_trailing_bytes_are_ignored(request_):
    assert type(request_).decode(request_.encode() + b"\x01\x02\x03\x04\x05") == request_


@pytest.mark.parametrize("request_", [r for r in REQUESTS if r.encode()], ids=lambda r: type(r).__name__)
def test_every_truncation_is_a_protocol_error(request_):
    payload = request_.encode()
    # A SendMessages cut at a frame boundary holds fewer frames than messages_count: 4033, as the server answers.
    codes = {ErrorCode.INVALID_COMMAND, ErrorCode.INVALID_FORMAT}
    if isinstance(request_, rq.SendMessages):
        codes.add(ErrorCode.MISSING_INDEX)
    for cut in range(len(payload)):
        with pytest.raises(ProtocolError) as raised:
            type(request_).decode(payload[:cut])
        assert raised.value.code in codes


def test_identifier_fields_accept_plain_values():
    assert rq.GetStream("7").stream_id == Identifier.numeric(7)
    assert rq.GetTopic("s1", 3) == rq.GetTopic(Identifier.named("s1"), Identifier.numeric(3))


def test_login_user_matches_official_client_bytes():
    payload = rq.LoginUser("iggy", "iggy", "0.10.0", "").encode()
    assert payload.hex() == "0469676779046967677906000000302e31302e3000000000"


def test_create_user_permissions_length_is_checked():
    good = rq.CreateUser("user1", "pw", 1, Permissions.root()).encode()
    bad = bytearray(good)
    bad[good.index(b"\x0b\x00\x00\x00")] = 12
    with pytest.raises(ProtocolError) as caught:
        rq.CreateUser.decode(bytes(bad) + b"\x00")
    assert caught.value.code == ErrorCode.INVALID_FORMAT


def test_empty_names_are_invalid_format():
    with pytest.raises(ProtocolError) as caught:
        rq.CreateStream.decode(b"\x00")
    assert caught.value.code == ErrorCode.INVALID_FORMAT
    with pytest.raises(ProtocolError):
        rq.CreateStream("").encode()


def test_unknown_command_code():
    with pytest.raises(ProtocolError) as caught:
        rq.decode_request(9999, b"")
    assert caught.value.code == ErrorCode.INVALID_COMMAND


def test_optional_fields_flags():
    assert rq.UpdateUser(Identifier.numeric(1)).encode() == bytes.fromhex("010401000000" "00" "00")
    assert rq.UpdatePermissions(Identifier.numeric(1)).encode() == bytes.fromhex("010401000000" "00")
    # A flag byte other than 0/1 is refused, never read as "unchanged" (protocol-spec README, Malformed payloads).
    with pytest.raises(ProtocolError) as raised:
        rq.UpdateUser.decode(bytes.fromhex("010401000000" "02" "02"))
    assert raised.value.code == ErrorCode.INVALID_COMMAND
