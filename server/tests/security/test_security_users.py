"""UserStore: slab ids, validation limits, hashing, root rules, persistence."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from security_support import FAST_HASHER, ROOT_NAME, ROOT_PASSWORD

from iggy.protocol.codes import ErrorCode
from iggy.protocol.primitives import GlobalPermissions, Permissions, StreamPermissions, TopicPermissions
from iggy_server.errors import IggyError
from iggy_server.security import PasswordHasher, UserStatus, UserStore
from iggy_server.security import users as users_module
from iggy_server.security.users import USERS_STATE_FILE


def error_code(excinfo: pytest.ExceptionInfo[IggyError]) -> int:
    return excinfo.value.code


def rich_permissions() -> Permissions:
    return Permissions(
        GlobalPermissions(read_servers=True, read_users=True, poll_messages=True),
        {
            3: StreamPermissions(read_stream=True, send_messages=True, topics={7: TopicPermissions(manage_topic=True)}),
            1: StreamPermissions(manage_topics=True),
        },
    )


# ---------------------------------------------------------------- root


def test_root_is_created_once_with_every_global_permission(users: UserStore, state_dir: Path) -> None:
    root = users.get(0)
    assert root is not None and root.is_root and root.username == ROOT_NAME
    assert root.status == UserStatus.ACTIVE
    assert root.permissions == Permissions.root()
    assert users.authenticate(ROOT_NAME, ROOT_PASSWORD) == 0

    # A later start with different credentials keeps the stored root and its password.
    reopened = UserStore(state_dir, hasher=FAST_HASHER)
    assert reopened.ensure_root("admin", "another-password") is False
    assert [u.username for u in reopened.list_users()] == [ROOT_NAME]
    assert reopened.authenticate(ROOT_NAME, ROOT_PASSWORD) == 0
    with pytest.raises(IggyError) as excinfo:
        reopened.authenticate("admin", "another-password")
    assert error_code(excinfo) == ErrorCode.INVALID_CREDENTIALS


def test_root_cannot_be_deleted_or_have_permissions_changed(users: UserStore) -> None:
    with pytest.raises(IggyError) as excinfo:
        users.delete(0)
    assert error_code(excinfo) == ErrorCode.CANNOT_DELETE_USER
    with pytest.raises(IggyError) as excinfo:
        users.update_permissions(ROOT_NAME, None)
    assert error_code(excinfo) == ErrorCode.CANNOT_CHANGE_PERMISSIONS
    assert users.get(0).permissions == Permissions.root()


def test_root_cannot_be_deactivated(users: UserStore) -> None:
    with pytest.raises(IggyError) as excinfo:
        users.update(0, status=UserStatus.INACTIVE)
    assert error_code(excinfo) == ErrorCode.INVALID_USER_STATUS
    assert users.get(0).is_active
    renamed = users.update(0, username="admin", status=UserStatus.ACTIVE)  # renaming root stays allowed
    assert renamed.username == "admin" and renamed.is_active


# ---------------------------------------------------------------- ids


def test_ids_are_a_slab_reusing_the_most_recently_freed_id_first(users: UserStore, state_dir: Path) -> None:
    created = [users.create(f"user{i}", "secret").id for i in range(1, 5)]
    assert created == [1, 2, 3, 4]
    users.delete(2)
    users.delete("user4")
    assert users.create("fresh-a", "secret").id == 4  # freed last, reused first
    # The free stack survives a restart.
    reopened = UserStore(state_dir, hasher=FAST_HASHER)
    assert reopened.create("fresh-b", "secret").id == 2
    assert reopened.create("fresh-c", "secret").id == 5
    assert [u.id for u in reopened.list_users()] == [0, 1, 2, 3, 4, 5]


# ---------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("username", "ok"),
    [
        ("ab", False), ("abc", True), ("x" * 50, True), ("x" * 51, False),
        ("ż", False), ("żx", True), ("ż" * 25, True), ("ż" * 26, False),
    ],
)
def test_username_must_be_3_to_50_bytes(users: UserStore, username: str, ok: bool) -> None:
    if ok:
        assert users.create(username, "secret").username == username
    else:
        with pytest.raises(IggyError) as excinfo:
            users.create(username, "secret")
        assert error_code(excinfo) == ErrorCode.INVALID_USERNAME


@pytest.mark.parametrize(
    ("password", "ok"),
    [("ab", False), ("abc", True), ("p" * 100, True), ("p" * 101, False), ("ü" * 50, True), ("ü" * 51, False)],
)
def test_password_must_be_3_to_100_bytes(users: UserStore, password: str, ok: bool) -> None:
    if ok:
        user = users.create("someone", password)
        assert users.authenticate("someone", password) == user.id
    else:
        with pytest.raises(IggyError) as excinfo:
            users.create("someone", password)
        assert error_code(excinfo) == ErrorCode.INVALID_PASSWORD


def test_invalid_status_is_invalid_command_as_in_iggy(users: UserStore) -> None:
    for status in (0, 3, 255):
        with pytest.raises(IggyError) as excinfo:
            users.create("someone", "secret", status)
        assert error_code(excinfo) == ErrorCode.INVALID_COMMAND
    assert users.find_by_name("someone") is None


def test_duplicate_username_is_46_and_limit_is_55(state_dir: Path) -> None:
    store = UserStore(state_dir, hasher=FAST_HASHER, max_users=3)
    store.ensure_root("root", "secret")
    store.create("alice", "secret")
    with pytest.raises(IggyError) as excinfo:
        store.create("alice", "other-secret")
    assert error_code(excinfo) == ErrorCode.USER_ALREADY_EXISTS
    store.create("bob", "secret")
    with pytest.raises(IggyError) as excinfo:
        store.create("carol", "secret")
    assert error_code(excinfo) == ErrorCode.USERS_LIMIT_REACHED
    store.delete("bob")
    assert store.create("carol", "secret").id == 2


# ---------------------------------------------------------------- login


def test_authenticate_errors(users: UserStore) -> None:
    users.create("alice", "alice-pw")
    users.create("sleepy", "sleepy-pw", UserStatus.INACTIVE)
    assert users.authenticate("alice", "alice-pw") == 1
    cases = [
        (("alice", "wrong-pw"), ErrorCode.INVALID_CREDENTIALS),
        (("nobody", "alice-pw"), ErrorCode.INVALID_CREDENTIALS),
        (("sleepy", "sleepy-pw"), ErrorCode.USER_INACTIVE),
        # Without the right password nobody learns the account is inactive.
        (("sleepy", "wrong-pw"), ErrorCode.INVALID_CREDENTIALS),
        (("al", "alice-pw"), ErrorCode.INVALID_USERNAME),
        (("alice", "pw"), ErrorCode.INVALID_PASSWORD),
    ]
    for (username, password), code in cases:
        with pytest.raises(IggyError) as excinfo:
            users.authenticate(username, password)
        assert error_code(excinfo) == code, (username, password)


def test_async_login_and_create_match_the_sync_rules(users: UserStore) -> None:
    async def scenario() -> None:
        results = await asyncio.gather(
            users.create_async("twin", "first-pw"),
            users.create_async("twin", "second-pw"),
            return_exceptions=True,
        )
        created = [r for r in results if not isinstance(r, BaseException)]
        failed = [r for r in results if isinstance(r, IggyError)]
        assert len(created) == 1 and len(failed) == 1
        assert failed[0].code == ErrorCode.USER_ALREADY_EXISTS
        winner_password = "first-pw" if results[0] is created[0] else "second-pw"
        assert await users.authenticate_async("twin", winner_password) == created[0].id
        with pytest.raises(IggyError) as excinfo:
            await users.authenticate_async("twin", "not-it")
        assert excinfo.value.code == ErrorCode.INVALID_CREDENTIALS

    asyncio.run(scenario())


# ---------------------------------------------------------------- updates


def test_change_password(users: UserStore) -> None:
    users.create("alice", "old-password")
    with pytest.raises(IggyError) as excinfo:
        users.change_password("alice", "not-the-old-one", "new-password")
    assert error_code(excinfo) == ErrorCode.INVALID_CREDENTIALS
    with pytest.raises(IggyError) as excinfo:
        users.change_password("alice", "old-password", "no")
    assert error_code(excinfo) == ErrorCode.INVALID_PASSWORD
    with pytest.raises(IggyError) as excinfo:
        users.change_password(99, "old-password", "new-password")
    assert error_code(excinfo) == ErrorCode.RESOURCE_NOT_FOUND

    asyncio.run(users.change_password_async("alice", "old-password", "new-password"))
    assert users.authenticate("alice", "new-password") == 1
    with pytest.raises(IggyError):
        users.authenticate("alice", "old-password")


def test_update_renames_and_changes_status(users: UserStore) -> None:
    users.create("alice", "secret")
    users.create("bob", "secret")
    with pytest.raises(IggyError) as excinfo:
        users.update("alice", username="bob")
    assert error_code(excinfo) == ErrorCode.USER_ALREADY_EXISTS
    with pytest.raises(IggyError) as excinfo:
        users.update("ghost", username="ghosty")
    assert error_code(excinfo) == ErrorCode.RESOURCE_NOT_FOUND
    with pytest.raises(IggyError) as excinfo:
        users.update("alice", username="al")
    assert error_code(excinfo) == ErrorCode.INVALID_USERNAME

    assert users.update("alice", username="alice").username == "alice"  # own name: fine
    renamed = users.update(1, username="alicia", status=UserStatus.INACTIVE)
    assert (renamed.id, renamed.username, renamed.status) == (1, "alicia", UserStatus.INACTIVE)
    assert users.find_by_name("alice") is None and users.find_by_name("alicia") == renamed
    users.create("alice", "secret")  # the old name is free again


def test_delete_notifies_listeners_and_unknown_user_is_20(users: UserStore) -> None:
    deleted: list[int] = []
    users.add_deletion_listener(deleted.append)
    users.create("alice", "secret")
    users.delete("alice")
    assert deleted == [1] and users.get(1) is None
    with pytest.raises(IggyError) as excinfo:
        users.delete("alice")
    assert error_code(excinfo) == ErrorCode.RESOURCE_NOT_FOUND


# ---------------------------------------------------------------- persistence


def test_round_trip_keeps_every_field(users: UserStore, state_dir: Path) -> None:
    alice = users.create("alice", "alice-pw", UserStatus.INACTIVE, rich_permissions())
    bob = users.create("bob", "bob-pw")
    users.update_permissions("bob", Permissions(GlobalPermissions(send_messages=True)))
    reopened = UserStore(state_dir, hasher=FAST_HASHER)
    assert reopened.get(alice.id) == alice
    assert reopened.get(alice.id).permissions == rich_permissions()
    assert reopened.get(bob.id).permissions == Permissions(GlobalPermissions(send_messages=True))
    assert reopened.get(bob.id).created_at_us == bob.created_at_us
    assert reopened.authenticate("bob", "bob-pw") == bob.id


def test_state_file_never_contains_a_plaintext_password(users: UserStore, state_dir: Path) -> None:
    users.create("alice", "correct-horse-battery")
    users.create("bob", "tr0ub4dor-and-3")
    users.change_password("bob", "tr0ub4dor-and-3", "staple-refrigerator")
    data = (state_dir / USERS_STATE_FILE).read_bytes()
    for secret in (ROOT_PASSWORD, "correct-horse-battery", "tr0ub4dor-and-3", "staple-refrigerator"):
        assert secret.encode() not in data
    assert data.count(b"$argon2id$v=19$") == 3
    assert not [p for p in state_dir.iterdir() if p.name != USERS_STATE_FILE]  # no temp files left


def test_production_hasher_parameters_are_owasp_argon2id() -> None:
    hasher = PasswordHasher()
    encoded = hasher.hash("some password")
    assert encoded.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert hasher.verify("some password", encoded)
    assert not hasher.verify("some passworD", encoded)
    assert hasher.hash("some password") != encoded  # random salt
    assert not hasher.verify("some password", "$argon2id$garbage")


def test_failed_write_leaves_memory_and_disk_unchanged(
    users: UserStore, state_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    users.create("alice", "secret")
    before = (state_dir / USERS_STATE_FILE).read_bytes()

    def disk_full(path: Path, obj: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(users_module, "write_msgpack_atomic", disk_full)
    with pytest.raises(OSError):
        users.create("bob", "secret")
    with pytest.raises(OSError):
        users.delete("alice")
    with pytest.raises(OSError):
        users.update("alice", username="alicia")
    assert users.find_by_name("bob") is None
    assert users.find_by_name("alice").id == 1
    assert users.find_by_name("alicia") is None
    assert (state_dir / USERS_STATE_FILE).read_bytes() == before
    monkeypatch.undo()
    assert users.create("bob", "secret").id == 2  # the slab did not leak an id


def test_corrupted_state_is_reported_not_ignored(state_dir: Path, users: UserStore) -> None:
    path = state_dir / USERS_STATE_FILE
    import msgpack

    state = msgpack.unpackb(path.read_bytes())
    state["users"][0]["password_hash"] = "plaintext!"
    path.write_bytes(msgpack.packb(state))
    with pytest.raises(IggyError) as excinfo:
        UserStore(state_dir, hasher=FAST_HASHER)
    assert error_code(excinfo) == ErrorCode.STATE_FILE_CORRUPTED

    state["users"][0]["password_hash"] = users.get(0).password_hash
    state["free_ids"] = [5]
    path.write_bytes(msgpack.packb(state))
    with pytest.raises(IggyError) as excinfo:
        UserStore(state_dir, hasher=FAST_HASHER)
    assert error_code(excinfo) == ErrorCode.STATE_FILE_CORRUPTED
