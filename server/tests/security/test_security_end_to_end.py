"""Security over real TCP: the ``iggy-server`` process, raw frames built with ``iggy.protocol``.

A smaller subset of the in-process matrix, checking that handlers call the authorizer with the
resolved ids and answer the exact Iggy codes, plus the wire layouts of reference vectors V34–V40.
"""

from __future__ import annotations

import struct
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from security_support import ROOT_NAME, ROOT_PASSWORD, RawClient, RunningServer

from iggy.protocol import requests as rq
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.primitives import (
    Consumer,
    GlobalPermissions,
    Permissions,
    PollingStrategy,
    StreamPermissions,
    TopicPermissions,
)
from iggy.protocol.responses import (
    CreatePersonalAccessTokenResponse,
    LoginUserResponse,
    LoginWithPersonalAccessTokenResponse,
    PersonalAccessTokenInfo,
    UserDetails,
    UserHeader,
)

HOUR_US = 3_600_000_000


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("security-e2e") / "data"


@pytest.fixture(scope="module")
def server(data_dir: Path) -> Iterator[RunningServer]:
    running = RunningServer(data_dir)
    yield running
    running.stop()


@pytest.fixture
def root(server: RunningServer) -> Iterator[RawClient]:
    client = server.connect()
    assert LoginUserResponse.decode(client.ok(rq.LoginUser(ROOT_NAME, ROOT_PASSWORD))).user_id == 0
    yield client
    client.close()


def login(server: RunningServer, username: str, password: str) -> RawClient:
    client = server.connect()
    client.ok(rq.LoginUser(username, password))
    return client


def create_user(
    root: RawClient, username: str, permissions: Permissions | None = None, password: str = "secret"
) -> int:
    return UserDetails.decode(root.ok(rq.CreateUser(username, password, 1, permissions))).id


def test_login_logout_and_unauthenticated(server: RunningServer) -> None:
    client = server.connect()
    assert client.call(rq.GetStreams()) == (ErrorCode.UNAUTHENTICATED, b"")
    assert client.call(rq.LoginUser(ROOT_NAME, "wrong-password")) == (ErrorCode.INVALID_CREDENTIALS, b"")
    assert client.call(rq.LoginUser("no-such-user", ROOT_PASSWORD)) == (ErrorCode.INVALID_CREDENTIALS, b"")
    assert client.call(rq.LoginUser("no", ROOT_PASSWORD)) == (ErrorCode.INVALID_USERNAME, b"")
    assert client.call(rq.LoginUser(ROOT_NAME, ROOT_PASSWORD)) == (0, b"\x00\x00\x00\x00")
    # V39 / V40: logout answers an empty OK and the connection is unauthenticated again.
    assert client.call_raw(Command.LOGOUT_USER, b"") == (0, b"")
    assert client.call(rq.GetStreams()) == (ErrorCode.UNAUTHENTICATED, b"")
    client.close()


def test_user_wire_layouts_match_reference_vectors(root: RawClient) -> None:
    # V34: CreateUser with global-only permissions → UserDetails (created_at varies).
    request = bytes.fromhex("057573657231077365637265743101010b0000000001000100010001010000")
    status, payload = root.call_raw(Command.CREATE_USER, request)
    assert status == 0
    user_id = struct.unpack_from("<I", payload)[0]
    assert payload[12:] == bytes.fromhex("01057573657231010b0000000001000100010001010000")
    # V35: no permissions, inactive, 5 junk trailing bytes (ignored) → four zero bytes.
    status, payload = root.call_raw(Command.CREATE_USER, bytes.fromhex("057573657232077365637265743202000100000000"))
    assert status == 0
    assert struct.unpack_from("<I", payload)[0] == user_id + 1
    assert payload[12:] == bytes.fromhex("02057573657232") + b"\x00\x00\x00\x00"
    # V36: GetUser root by name.
    status, payload = root.call_raw(Command.GET_USER, bytes.fromhex("020469676779"))
    assert status == 0 and payload[:4] == b"\x00\x00\x00\x00"
    assert payload[12:] == (
        bytes.fromhex("01") + bytes([len(ROOT_NAME)]) + ROOT_NAME.encode()
        + bytes.fromhex("010b0000000101010101010101010100")
    )
    headers = UserHeader.decode_list(root.ok(rq.GetUsers()))
    assert [(h.id, h.username) for h in headers][:1] == [(0, ROOT_NAME)]
    assert {"user1", "user2"} <= {h.username for h in headers}
    root.ok(rq.DeleteUser("user1"))
    root.ok(rq.DeleteUser("user2"))


def test_user_management_errors(server: RunningServer, root: RawClient) -> None:
    assert root.call(rq.DeleteUser(0)) == (ErrorCode.CANNOT_DELETE_USER, b"")
    assert root.call(rq.UpdatePermissions(ROOT_NAME, None)) == (ErrorCode.CANNOT_CHANGE_PERMISSIONS, b"")
    assert root.call(rq.UpdateUser(0, None, 2)) == (ErrorCode.INVALID_USER_STATUS, b"")
    assert root.call(rq.CreateUser("ab", "secret")) == (ErrorCode.INVALID_USERNAME, b"")
    assert root.call(rq.CreateUser("dup-user", "pw")) == (ErrorCode.INVALID_PASSWORD, b"")
    create_user(root, "dup-user")
    assert root.call(rq.CreateUser("dup-user", "secret")) == (ErrorCode.USER_ALREADY_EXISTS, b"")
    assert root.call(rq.DeleteUser("ghost-user")) == (ErrorCode.RESOURCE_NOT_FOUND, b"")
    assert root.call(rq.GetUser("ghost-user")) == (0, b"")  # Get* on a missing object: empty OK
    assert root.call(rq.UpdateUser("dup-user", status=2)) == (0, b"")
    assert root.call(rq.UpdateUser("dup-user", status=9)) == (ErrorCode.INVALID_COMMAND, b"")
    other = server.connect()  # the inactive user cannot log in, even with the right password
    assert other.call(rq.LoginUser("dup-user", "secret")) == (ErrorCode.USER_INACTIVE, b"")
    other.close()
    root.ok(rq.DeleteUser("dup-user"))


def test_permissions_are_enforced_with_resolved_ids(server: RunningServer, root: RawClient) -> None:
    root.ok(rq.CreateStream("sec-s1"))
    root.ok(rq.CreateStream("sec-s2"))
    stream_id = struct.unpack_from("<I", root.ok(rq.GetStream("sec-s1")))[0]
    other_stream_id = struct.unpack_from("<I", root.ok(rq.GetStream("sec-s2")))[0]
    for stream in ("sec-s1", "sec-s2"):
        root.ok(rq.CreateTopic(stream, 1, 1, 0, 0, 0, "t1"))
        root.ok(rq.CreateTopic(stream, 1, 1, 0, 0, 0, "t2"))
    topic_id = struct.unpack_from("<I", root.ok(rq.GetTopic("sec-s1", "t1")))[0]

    create_user(root, "no-perms")
    create_user(root, "reader", Permissions(GlobalPermissions(read_streams=True)))
    create_user(
        root,
        "topic-poller",
        Permissions(
            GlobalPermissions(),
            {stream_id: StreamPermissions(topics={topic_id: TopicPermissions(poll_messages=True)})},
        ),
    )
    poll = rq.PollMessages(Consumer.consumer(1), "sec-s1", "t1", 0, PollingStrategy.first(), 10)
    poll_sibling = rq.PollMessages(Consumer.consumer(1), "sec-s1", "t2", 0, PollingStrategy.first(), 10)
    poll_other = rq.PollMessages(Consumer.consumer(1), "sec-s2", "t1", 0, PollingStrategy.first(), 10)

    nobody = login(server, "no-perms", "secret")
    assert nobody.call(rq.GetStreams())[0] == ErrorCode.UNAUTHORIZED
    assert nobody.call(rq.GetStream(stream_id))[0] == ErrorCode.UNAUTHORIZED
    assert nobody.call(rq.GetUsers())[0] == ErrorCode.UNAUTHORIZED
    assert nobody.call(rq.GetUser(ROOT_NAME))[0] == ErrorCode.UNAUTHORIZED
    assert UserDetails.decode(nobody.ok(rq.GetUser("no-perms"))).permissions is None  # yourself: always
    assert nobody.call(poll)[0] == ErrorCode.UNAUTHORIZED
    # Resolve before authorize (as Iggy): a missing stream is "not found" even without permissions.
    poll_missing = rq.PollMessages(Consumer.consumer(1), "missing", "t1", 0, PollingStrategy.first(), 1)
    assert nobody.call(poll_missing)[0] == ErrorCode.STREAM_ID_NOT_FOUND

    reader = login(server, "reader", "secret")
    assert reader.call(rq.GetStreams())[0] == 0
    assert reader.call(rq.GetTopic("sec-s2", "t2"))[0] == 0
    assert reader.call(poll_other)[0] == 0  # read_streams ⇒ read_topics ⇒ poll
    assert reader.call(rq.CreateStream("sec-s3"))[0] == ErrorCode.UNAUTHORIZED
    assert reader.call(rq.DeleteTopic("sec-s1", "t1"))[0] == ErrorCode.UNAUTHORIZED

    poller = login(server, "topic-poller", "secret")
    assert poller.call(poll)[0] == 0
    assert poller.call(poll_sibling)[0] == ErrorCode.UNAUTHORIZED
    assert poller.call(poll_other)[0] == ErrorCode.UNAUTHORIZED
    assert poller.call(rq.GetTopic("sec-s1", "t1"))[0] == ErrorCode.UNAUTHORIZED  # poll is not read

    # A permission change applies to live sessions at once.
    root.ok(rq.UpdatePermissions("no-perms", Permissions(GlobalPermissions(read_streams=True))))
    assert nobody.call(rq.GetStreams())[0] == 0
    for client in (nobody, reader, poller):
        client.close()


def test_change_password_own_and_others(server: RunningServer, root: RawClient) -> None:
    create_user(root, "pw-alice", password="alice-old")
    create_user(root, "pw-bob", password="bob-old")
    alice = login(server, "pw-alice", "alice-old")
    assert alice.call(rq.ChangePassword("pw-alice", "not-it", "alice-new")) == (ErrorCode.INVALID_CREDENTIALS, b"")
    assert alice.call(rq.ChangePassword("pw-alice", "alice-old", "alice-new")) == (0, b"")
    assert alice.call(rq.ChangePassword("pw-bob", "bob-old", "hijacked")) == (ErrorCode.UNAUTHORIZED, b"")
    assert alice.call(rq.ChangePassword("pw-ghost", "abc", "defg")) == (ErrorCode.RESOURCE_NOT_FOUND, b"")
    assert root.call(rq.ChangePassword("pw-bob", "bob-old", "bob-new")) == (0, b"")
    alice.close()
    fresh = server.connect()
    assert fresh.call(rq.LoginUser("pw-alice", "alice-old"))[0] == ErrorCode.INVALID_CREDENTIALS
    assert fresh.call(rq.LoginUser("pw-alice", "alice-new"))[0] == 0
    assert fresh.call(rq.LoginUser("pw-bob", "bob-new"))[0] == 0  # re-login replaces the identity
    assert UserDetails.decode(fresh.ok(rq.GetUser("pw-bob"))).username == "pw-bob"
    assert fresh.call(rq.GetUser("pw-alice"))[0] == ErrorCode.UNAUTHORIZED
    fresh.close()


def test_personal_access_tokens(server: RunningServer, root: RawClient) -> None:
    user_id = create_user(root, "pat-user")
    owner = login(server, "pat-user", "secret")
    raw = CreatePersonalAccessTokenResponse.decode(owner.ok(rq.CreatePersonalAccessToken("laptop", HOUR_US))).token
    assert len(raw) == 68
    short = CreatePersonalAccessTokenResponse.decode(owner.ok(rq.CreatePersonalAccessToken("short", 1))).token
    assert owner.call(rq.CreatePersonalAccessToken("laptop", 0))[0] == ErrorCode.PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS
    assert owner.call(rq.CreatePersonalAccessToken("ab", 0))[0] == ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN_NAME
    listed = PersonalAccessTokenInfo.decode_list(owner.ok(rq.GetPersonalAccessTokens()))
    assert [t.name for t in listed] == ["laptop", "short"] and listed[0].expiry_at_us > 0
    assert root.ok(rq.GetPersonalAccessTokens()) == b""  # tokens are per user

    by_token = server.connect()
    identity = LoginWithPersonalAccessTokenResponse.decode(by_token.ok(rq.LoginWithPersonalAccessToken(raw)))
    assert identity.user_id == user_id
    assert UserDetails.decode(by_token.ok(rq.GetUser(user_id))).username == "pat-user"
    time.sleep(0.001)
    assert by_token.call(rq.LoginWithPersonalAccessToken(short))[0] == ErrorCode.PERSONAL_ACCESS_TOKEN_EXPIRED
    assert by_token.call(rq.LoginWithPersonalAccessToken("x" * 68))[0] == ErrorCode.RESOURCE_NOT_FOUND
    owner.ok(rq.DeletePersonalAccessToken("laptop"))
    assert owner.call(rq.DeletePersonalAccessToken("laptop"))[0] == ErrorCode.RESOURCE_NOT_FOUND
    assert by_token.call(rq.LoginWithPersonalAccessToken(raw))[0] == ErrorCode.RESOURCE_NOT_FOUND
    owner.close()
    by_token.close()


def test_deleting_a_user_logs_out_its_sessions(server: RunningServer, root: RawClient) -> None:
    create_user(root, "doomed", Permissions(GlobalPermissions(read_streams=True)))
    doomed = login(server, "doomed", "secret")
    token = CreatePersonalAccessTokenResponse.decode(doomed.ok(rq.CreatePersonalAccessToken("doomed-token", 0))).token
    assert doomed.call(rq.GetStreams())[0] == 0
    root.ok(rq.DeleteUser("doomed"))
    assert doomed.call(rq.GetStreams()) == (ErrorCode.UNAUTHENTICATED, b"")
    assert doomed.call(rq.LoginWithPersonalAccessToken(token))[0] == ErrorCode.RESOURCE_NOT_FOUND
    doomed.close()


def test_state_survives_a_restart(tmp_path: Path) -> None:
    # A separate data dir and server, so this restart does not disturb the module's server.
    first = RunningServer(tmp_path / "data")
    try:
        admin = first.connect()
        admin.ok(rq.LoginUser(ROOT_NAME, ROOT_PASSWORD))
        create_user(admin, "keeper", Permissions(GlobalPermissions(read_users=True)), password="keeper-pw")
        admin.ok(rq.ChangePassword(ROOT_NAME, ROOT_PASSWORD, "rotated-root-pw"))
        keeper = login(first, "keeper", "keeper-pw")
        raw = CreatePersonalAccessTokenResponse.decode(keeper.ok(rq.CreatePersonalAccessToken("keep", 0))).token
        admin.close()
        keeper.close()
    finally:
        first.stop()
    # Restart with a different configured root password: the stored (rotated) one wins.
    second = RunningServer(tmp_path / "data", root_password="ignored-now")
    try:
        client = second.connect()
        assert client.call(rq.LoginUser(ROOT_NAME, "rotated-root-pw"))[0] == 0
        assert client.call(rq.LoginWithPersonalAccessToken(raw)) == (0, b"\x01\x00\x00\x00")
        details = UserDetails.decode(client.ok(rq.GetUser("keeper")))
        assert details.permissions == Permissions(GlobalPermissions(read_users=True))
        client.close()
    finally:
        second.stop()
    for state_file in (tmp_path / "data" / "state").iterdir():
        data = state_file.read_bytes()
        for secret in (ROOT_PASSWORD, "rotated-root-pw", "keeper-pw", raw):
            assert secret.encode() not in data, state_file
