"""TokenStore: raw token shape, hashing, limits, expiry, persistence, deletion with the user."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from security_support import FakeClock

from iggy.protocol.codes import ErrorCode
from iggy.protocol.primitives import U64_MAX
from iggy_server.errors import IggyError
from iggy_server.security import TokenStore, UserStatus, UserStore
from iggy_server.security import tokens as tokens_module
from iggy_server.security.tokens import TOKENS_STATE_FILE

HOUR_US = 3_600_000_000


def code_of(excinfo: pytest.ExceptionInfo[IggyError]) -> int:
    return excinfo.value.code


def test_raw_token_is_68_char_urlsafe_base64_of_50_random_bytes(tokens: TokenStore) -> None:
    token, raw = tokens.create(0, "ci-token")
    assert len(raw) == 68
    assert set(raw) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=")
    assert len(base64.urlsafe_b64decode(raw)) == 50
    assert raw.encode() not in token.token_hash and len(token.token_hash) == 32
    _, other = tokens.create(0, "ci-token-2")
    assert other != raw


def test_login_list_and_delete(tokens: TokenStore, users: UserStore, clock: FakeClock) -> None:
    alice = users.create("alice", "secret")
    _, raw = tokens.create(alice.id, "laptop", HOUR_US)
    tokens.create(alice.id, "forever", 0)
    tokens.create(alice.id, "also-forever", U64_MAX)
    tokens.create(0, "root-token")
    assert tokens.authenticate(raw) == alice.id
    listed = [(t.name, t.wire_expiry_at) for t in tokens.list_for_user(alice.id)]
    assert listed == [("laptop", clock.now_us + HOUR_US), ("forever", 0), ("also-forever", 0)]
    tokens.delete(alice.id, "laptop")
    with pytest.raises(IggyError) as excinfo:
        tokens.authenticate(raw)
    assert code_of(excinfo) == ErrorCode.RESOURCE_NOT_FOUND
    with pytest.raises(IggyError) as excinfo:
        tokens.delete(alice.id, "laptop")
    assert code_of(excinfo) == ErrorCode.RESOURCE_NOT_FOUND
    with pytest.raises(IggyError) as excinfo:
        tokens.delete(alice.id, "root-token")  # someone else's token is not yours to delete
    assert code_of(excinfo) == ErrorCode.RESOURCE_NOT_FOUND
    assert [t.name for t in tokens.list_for_user(0)] == ["root-token"]


@pytest.mark.parametrize(
    ("name", "ok"),
    [("ab", False), ("abc", True), ("n" * 30, True), ("n" * 31, False), ("ßß", True), ("ß", False)],
)
def test_name_must_be_3_to_30_bytes(tokens: TokenStore, name: str, ok: bool) -> None:
    if ok:
        assert tokens.create(0, name)[0].name == name
    else:
        with pytest.raises(IggyError) as excinfo:
            tokens.create(0, name)
        assert code_of(excinfo) == ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN_NAME


def test_names_are_unique_per_user_and_limited_to_100(tokens: TokenStore, users: UserStore) -> None:
    alice = users.create("alice", "secret")
    tokens.create(alice.id, "shared-name")
    tokens.create(0, "shared-name")  # another user may reuse the name
    with pytest.raises(IggyError) as excinfo:
        tokens.create(alice.id, "shared-name")
    assert code_of(excinfo) == ErrorCode.PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS
    for index in range(99):
        tokens.create(alice.id, f"token-{index}")
    assert tokens.count_for_user(alice.id) == 100
    with pytest.raises(IggyError) as excinfo:
        tokens.create(alice.id, "one-too-many")
    assert code_of(excinfo) == ErrorCode.PERSONAL_ACCESS_TOKENS_LIMIT_REACHED
    # Iggy checks the limit before the name, so a duplicate at the limit is also 52.
    with pytest.raises(IggyError) as excinfo:
        tokens.create(alice.id, "shared-name")
    assert code_of(excinfo) == ErrorCode.PERSONAL_ACCESS_TOKENS_LIMIT_REACHED


def test_unknown_user_is_20(tokens: TokenStore) -> None:
    with pytest.raises(IggyError) as excinfo:
        tokens.create(42, "orphan")
    assert code_of(excinfo) == ErrorCode.RESOURCE_NOT_FOUND
    with pytest.raises(IggyError) as excinfo:
        tokens.list_for_user(42)
    assert code_of(excinfo) == ErrorCode.RESOURCE_NOT_FOUND


def test_expiry(tokens: TokenStore, clock: FakeClock) -> None:
    _, short = tokens.create(0, "short", 10)
    _, never = tokens.create(0, "never", 0)
    clock.now_us += 9
    assert tokens.authenticate(short) == 0
    clock.now_us += 1  # expiry_at <= now: expired exactly at the deadline, as Iggy
    with pytest.raises(IggyError) as excinfo:
        tokens.authenticate(short)
    assert code_of(excinfo) == ErrorCode.PERSONAL_ACCESS_TOKEN_EXPIRED
    clock.now_us += 100 * 365 * 24 * HOUR_US
    assert tokens.authenticate(never) == 0
    assert tokens.remove_expired() == 1
    assert [t.name for t in tokens.list_for_user(0)] == ["never"]
    with pytest.raises(IggyError) as excinfo:
        tokens.authenticate(short)
    assert code_of(excinfo) == ErrorCode.RESOURCE_NOT_FOUND


def test_expiry_overflowing_u64_means_never(tokens: TokenStore) -> None:
    token, _ = tokens.create(0, "huge", U64_MAX - 1)
    assert token.expiry_at_us is None and token.wire_expiry_at == 0


def test_inactive_user_cannot_log_in_with_a_token(tokens: TokenStore, users: UserStore) -> None:
    alice = users.create("alice", "secret")
    _, raw = tokens.create(alice.id, "laptop")
    users.update(alice.id, status=UserStatus.INACTIVE)
    with pytest.raises(IggyError) as excinfo:
        tokens.authenticate(raw)
    assert code_of(excinfo) == ErrorCode.USER_INACTIVE


def test_tokens_are_deleted_with_their_user(tokens: TokenStore, users: UserStore, state_dir: Path) -> None:
    alice = users.create("alice", "secret")
    _, raw = tokens.create(alice.id, "laptop")
    users.delete(alice.id)
    with pytest.raises(IggyError) as excinfo:
        tokens.authenticate(raw)
    assert code_of(excinfo) == ErrorCode.RESOURCE_NOT_FOUND
    # The id is reused by the next user, who must not inherit the old tokens.
    bob = users.create("bob", "secret")
    assert bob.id == alice.id
    assert tokens.list_for_user(bob.id) == []
    reopened = TokenStore(state_dir, users)
    assert reopened.list_for_user(bob.id) == []


def test_round_trip_and_no_raw_token_on_disk(
    tokens: TokenStore, users: UserStore, state_dir: Path, clock: FakeClock
) -> None:
    alice = users.create("alice", "secret")
    raws = [tokens.create(alice.id, "laptop", HOUR_US)[1], tokens.create(0, "ci-pipeline")[1]]
    data = (state_dir / TOKENS_STATE_FILE).read_bytes()
    for raw in raws:
        assert raw.encode() not in data
        assert base64.urlsafe_b64decode(raw) not in data
    reopened = TokenStore(state_dir, users, clock_us=clock)
    assert reopened.authenticate(raws[0]) == alice.id
    assert reopened.authenticate(raws[1]) == 0
    assert [(t.name, t.expiry_at_us) for t in reopened.list_for_user(alice.id)] == [("laptop", clock.now_us + HOUR_US)]


def test_failed_write_rolls_back(tokens: TokenStore, monkeypatch: pytest.MonkeyPatch) -> None:
    tokens.create(0, "kept")

    def disk_full(path: Path, obj: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tokens_module, "write_msgpack_atomic", disk_full)
    with pytest.raises(OSError):
        tokens.create(0, "lost")
    with pytest.raises(OSError):
        tokens.delete(0, "kept")
    assert [t.name for t in tokens.list_for_user(0)] == ["kept"]
