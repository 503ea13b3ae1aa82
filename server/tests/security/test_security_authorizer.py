"""Authorizer: a users × commands matrix hand-derived from Iggy 0.8's permissioner rules.

Expected results are written out per user (never computed by the code under test). Stream 1 /
topic 2 are the ids granted to the scoped users; stream 3 is "another stream" and topic 4 "another
topic in the same stream".
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, fields

import pytest

from iggy.protocol.codes import Command, ErrorCode, UNAUTHENTICATED_COMMANDS
from iggy.protocol.primitives import GlobalPermissions, Permissions, StreamPermissions, TopicPermissions
from iggy_server.errors import IggyError
from iggy_server.security import RULES, Authorizer, Scope, UserStore
from iggy_server.session import Session

C = Command
GRANTED_STREAM, GRANTED_TOPIC, OTHER_STREAM, SIBLING_TOPIC = 1, 2, 3, 4

# case name → (command, stream_id, topic_id, target_user is "self" / "other" / None)
CASES: dict[str, tuple[Command, int | None, int | None, str | None]] = {
    "stats": (C.GET_STATS, None, None, None),
    "clients": (C.GET_CLIENTS, None, None, None),
    "client": (C.GET_CLIENT, None, None, None),
    "me": (C.GET_ME, None, None, None),
    "cluster": (C.GET_CLUSTER_METADATA, None, None, None),
    "describe_options": (C.DESCRIBE_OPTIONS, None, None, None),
    "snapshot": (C.GET_SNAPSHOT, None, None, None),
    "users": (C.GET_USERS, None, None, None),
    "user_self": (C.GET_USER, None, None, "self"),
    "user_other": (C.GET_USER, None, None, "other"),
    "create_user": (C.CREATE_USER, None, None, None),
    "delete_user": (C.DELETE_USER, None, None, None),
    "update_user": (C.UPDATE_USER, None, None, None),
    "update_perms": (C.UPDATE_PERMISSIONS, None, None, None),
    "passwd_self": (C.CHANGE_PASSWORD, None, None, "self"),
    "passwd_other": (C.CHANGE_PASSWORD, None, None, "other"),
    "logout": (C.LOGOUT_USER, None, None, None),
    "pat_list": (C.GET_PERSONAL_ACCESS_TOKENS, None, None, None),
    "pat_create": (C.CREATE_PERSONAL_ACCESS_TOKEN, None, None, None),
    "pat_delete": (C.DELETE_PERSONAL_ACCESS_TOKEN, None, None, None),
    "streams": (C.GET_STREAMS, None, None, None),
    "create_stream": (C.CREATE_STREAM, None, None, None),
    "stream": (C.GET_STREAM, 1, None, None),
    "stream_other": (C.GET_STREAM, 3, None, None),
    "update_stream": (C.UPDATE_STREAM, 1, None, None),
    "delete_stream": (C.DELETE_STREAM, 1, None, None),
    "delete_stream_other": (C.DELETE_STREAM, 3, None, None),
    "purge_stream": (C.PURGE_STREAM, 1, None, None),
    "topics": (C.GET_TOPICS, 1, None, None),
    "topics_other": (C.GET_TOPICS, 3, None, None),
    "create_topic": (C.CREATE_TOPIC, 1, None, None),
    "create_topic_other": (C.CREATE_TOPIC, 3, None, None),
    "topic": (C.GET_TOPIC, 1, 2, None),
    "topic_sibling": (C.GET_TOPIC, 1, 4, None),
    "topic_other": (C.GET_TOPIC, 3, 2, None),
    "update_topic": (C.UPDATE_TOPIC, 1, 2, None),
    "update_topic_sibling": (C.UPDATE_TOPIC, 1, 4, None),
    "delete_topic": (C.DELETE_TOPIC, 1, 2, None),
    "purge_topic": (C.PURGE_TOPIC, 1, 2, None),
    "create_partitions": (C.CREATE_PARTITIONS, 1, 2, None),
    "delete_partitions": (C.DELETE_PARTITIONS, 1, 2, None),
    "delete_segments": (C.DELETE_SEGMENTS, 1, 2, None),
    "poll": (C.POLL_MESSAGES, 1, 2, None),
    "poll_sibling": (C.POLL_MESSAGES, 1, 4, None),
    "poll_other": (C.POLL_MESSAGES, 3, 2, None),
    "get_offset": (C.GET_CONSUMER_OFFSET, 1, 2, None),
    "store_offset": (C.STORE_CONSUMER_OFFSET, 1, 2, None),
    "delete_offset": (C.DELETE_CONSUMER_OFFSET, 1, 2, None),
    "send": (C.SEND_MESSAGES, 1, 2, None),
    "send_sibling": (C.SEND_MESSAGES, 1, 4, None),
    "send_other": (C.SEND_MESSAGES, 3, 2, None),
    "flush": (C.FLUSH_UNSAVED_BUFFER, 1, 2, None),
    "get_group": (C.GET_CONSUMER_GROUP, 1, 2, None),
    "get_groups": (C.GET_CONSUMER_GROUPS, 1, 2, None),
    "create_group": (C.CREATE_CONSUMER_GROUP, 1, 2, None),
    "delete_group": (C.DELETE_CONSUMER_GROUP, 1, 2, None),
    "join_group": (C.JOIN_CONSUMER_GROUP, 1, 2, None),
    "join_group_sibling": (C.JOIN_CONSUMER_GROUP, 1, 4, None),
    "leave_group": (C.LEAVE_CONSUMER_GROUP, 1, 2, None),
    "sync_group": (C.SYNC_CONSUMER_GROUP, 1, 2, None),
}

# Allowed for every logged-in user, whatever their permissions.
ALWAYS = {"me", "cluster", "describe_options", "snapshot", "user_self", "passwd_self", "logout", "pat_list",
          "pat_create", "pat_delete"}
GROUPS = {"get_group", "get_groups", "create_group", "delete_group", "join_group", "leave_group", "sync_group"}
OFFSETS = {"get_offset", "store_offset", "delete_offset"}
MANAGE_TOPIC_2 = {
    "update_topic", "delete_topic", "purge_topic", "create_partitions", "delete_partitions", "delete_segments"
}


def stream1(**flags: bool) -> Permissions:
    return Permissions(GlobalPermissions(), {GRANTED_STREAM: StreamPermissions(**flags)})


def topic2(**flags: bool) -> Permissions:
    return Permissions(
        GlobalPermissions(), {GRANTED_STREAM: StreamPermissions(topics={GRANTED_TOPIC: TopicPermissions(**flags)})}
    )


@dataclass(frozen=True)
class Profile:
    name: str
    permissions: Permissions | None
    allowed: frozenset[str]


ALL_CASES = frozenset(CASES)
EVERY_TOPIC_READ = {"topic", "topic_sibling", "topic_other", "topics", "topics_other"} | GROUPS | {"join_group_sibling"}
EVERY_POLL = {"poll", "poll_sibling", "poll_other"} | OFFSETS
EVERY_SEND = {"send", "send_sibling", "send_other", "flush"}
EVERY_TOPIC_MANAGE = MANAGE_TOPIC_2 | {"update_topic_sibling", "create_topic", "create_topic_other"}

PROFILES = [
    Profile("no_permissions", None, frozenset(ALWAYS)),
    Profile("empty_permissions", Permissions(), frozenset(ALWAYS)),
    Profile(
        "global_read_only",
        Permissions(GlobalPermissions(read_servers=True, read_users=True, read_streams=True, read_topics=True)),
        frozenset(ALWAYS | {"stats", "clients", "client", "users", "user_other", "streams", "stream", "stream_other"}
                  | EVERY_TOPIC_READ | EVERY_POLL),
    ),
    Profile(
        "read_servers",
        Permissions(GlobalPermissions(read_servers=True)),
        frozenset(ALWAYS | {"stats", "clients", "client"}),
    ),
    Profile(
        "manage_servers",
        Permissions(GlobalPermissions(manage_servers=True)),
        frozenset(ALWAYS | {"stats", "clients", "client"}),
    ),
    Profile("read_users", Permissions(GlobalPermissions(read_users=True)), frozenset(ALWAYS | {"users", "user_other"})),
    Profile(
        "manage_users",
        Permissions(GlobalPermissions(manage_users=True)),
        frozenset(ALWAYS | {"users", "user_other", "create_user", "delete_user", "update_user", "update_perms",
                            "passwd_other"}),
    ),
    Profile(
        "global_manage_streams",
        Permissions(GlobalPermissions(manage_streams=True)),
        frozenset(ALWAYS | {"streams", "create_stream", "stream", "stream_other", "update_stream", "delete_stream",
                            "delete_stream_other", "purge_stream"}
                  | EVERY_TOPIC_READ | EVERY_TOPIC_MANAGE | EVERY_POLL | EVERY_SEND),
    ),
    Profile(
        "global_read_streams",
        Permissions(GlobalPermissions(read_streams=True)),
        frozenset(ALWAYS | {"streams", "stream", "stream_other"} | EVERY_TOPIC_READ | EVERY_POLL),
    ),
    Profile(
        # manage_topics does not let you see the stream itself (GetStream) in Iggy 0.8.
        "global_manage_topics",
        Permissions(GlobalPermissions(manage_topics=True)),
        frozenset(ALWAYS | EVERY_TOPIC_READ | EVERY_TOPIC_MANAGE | EVERY_POLL | EVERY_SEND),
    ),
    Profile(
        "global_read_topics",
        Permissions(GlobalPermissions(read_topics=True)),
        frozenset(ALWAYS | EVERY_TOPIC_READ | EVERY_POLL),
    ),
    Profile("global_poll", Permissions(GlobalPermissions(poll_messages=True)), frozenset(ALWAYS | EVERY_POLL)),
    Profile("global_send", Permissions(GlobalPermissions(send_messages=True)), frozenset(ALWAYS | EVERY_SEND)),
    Profile(
        "stream1_manage",
        stream1(manage_stream=True),
        frozenset(ALWAYS | {"stream", "update_stream", "delete_stream", "purge_stream", "topics", "create_topic",
                            "topic", "topic_sibling", "update_topic_sibling", "poll", "poll_sibling", "send",
                            "send_sibling", "flush", "join_group_sibling"}
                  | MANAGE_TOPIC_2 | OFFSETS | GROUPS),
    ),
    Profile(
        "stream1_read",
        stream1(read_stream=True),
        frozenset(ALWAYS | {"stream", "topics", "topic", "topic_sibling", "poll", "poll_sibling", "join_group_sibling"}
                  | OFFSETS | GROUPS),
    ),
    Profile(
        "stream1_manage_topics",
        stream1(manage_topics=True),
        frozenset(ALWAYS | {"topics", "create_topic", "topic", "topic_sibling", "update_topic_sibling", "poll",
                            "poll_sibling", "send", "send_sibling", "flush", "join_group_sibling"}
                  | MANAGE_TOPIC_2 | OFFSETS | GROUPS),
    ),
    Profile(
        "stream1_read_topics",
        stream1(read_topics=True),
        frozenset(ALWAYS | {"topics", "topic", "topic_sibling", "poll", "poll_sibling", "join_group_sibling"}
                  | OFFSETS | GROUPS),
    ),
    Profile("stream1_poll", stream1(poll_messages=True), frozenset(ALWAYS | {"poll", "poll_sibling"} | OFFSETS)),
    Profile("stream1_send", stream1(send_messages=True), frozenset(ALWAYS | {"send", "send_sibling", "flush"})),
    Profile(
        "topic2_manage",
        topic2(manage_topic=True),
        frozenset(ALWAYS | {"topic", "poll", "send", "flush"} | MANAGE_TOPIC_2 | OFFSETS | GROUPS),
    ),
    Profile("topic2_read", topic2(read_topic=True), frozenset(ALWAYS | {"topic", "poll"} | OFFSETS | GROUPS)),
    Profile("topic2_poll", topic2(poll_messages=True), frozenset(ALWAYS | {"poll"} | OFFSETS)),
    Profile("topic2_send", topic2(send_messages=True), frozenset(ALWAYS | {"send", "flush"})),
    Profile(
        "topic2_read_and_send_via_stream",
        Permissions(
            GlobalPermissions(),
            {1: StreamPermissions(send_messages=True, topics={2: TopicPermissions(read_topic=True)})},
        ),
        frozenset(ALWAYS | {"topic", "poll", "send", "send_sibling", "flush"} | OFFSETS | GROUPS),
    ),
]


@pytest.fixture
def matrix(users: UserStore) -> tuple[Authorizer, dict[str, int]]:
    ids = {"root": 0}
    for profile in PROFILES:
        username = profile.name.replace("_", "-")[:50]
        ids[profile.name] = users.create(username, "secret", permissions=profile.permissions).id
    return Authorizer(users), ids


def _allowed(authorizer: Authorizer, user_id: int, case: str) -> bool:
    command, stream_id, topic_id, target = CASES[case]
    target_user_id = {"self": user_id, "other": 0 if user_id else 1, None: None}[target]
    return authorizer.allows(user_id, command, stream_id, topic_id, target_user_id=target_user_id)


def test_every_command_has_a_rule_and_every_rule_is_exercised() -> None:
    assert set(Command) <= set(RULES), f"commands without a rule: {set(Command) - set(RULES)}"
    exercised = {command for command, *_ in CASES.values()} | set(UNAUTHENTICATED_COMMANDS)
    assert set(RULES) <= exercised, f"rules not covered by the matrix: {set(RULES) - exercised}"
    assert {c for c, rule in RULES.items() if rule.scope is Scope.PUBLIC} == set(UNAUTHENTICATED_COMMANDS)


def test_root_may_do_everything(matrix: tuple[Authorizer, dict[str, int]]) -> None:
    authorizer, _ = matrix
    denied = [case for case in CASES if not _allowed(authorizer, 0, case)]
    assert denied == []


@pytest.mark.parametrize("profile", PROFILES, ids=[p.name for p in PROFILES])
def test_permission_matrix(matrix: tuple[Authorizer, dict[str, int]], profile: Profile) -> None:
    authorizer, ids = matrix
    actual = {case for case in CASES if _allowed(authorizer, ids[profile.name], case)}
    assert sorted(actual - profile.allowed) == [], "allowed but should be denied"
    assert sorted(profile.allowed - actual) == [], "denied but should be allowed"


def test_require_raises_41_when_denied_and_40_when_not_logged_in(matrix: tuple[Authorizer, dict[str, int]]) -> None:
    authorizer, ids = matrix
    session = Session(client_id=7, address="127.0.0.1:5000", user_id=ids["topic2_poll"])
    authorizer.require(session, C.POLL_MESSAGES, 1, 2)
    with pytest.raises(IggyError) as excinfo:
        authorizer.require(session, C.SEND_MESSAGES, 1, 2)
    assert excinfo.value.code == ErrorCode.UNAUTHORIZED
    assert "SEND_MESSAGES" in excinfo.value.message and "stream 1" in excinfo.value.message

    session.user_id = None
    for command in UNAUTHENTICATED_COMMANDS:
        authorizer.require(session, command)
    with pytest.raises(IggyError) as excinfo:
        authorizer.require(session, C.GET_ME)
    assert excinfo.value.code == ErrorCode.UNAUTHENTICATED


def test_permission_changes_and_deletion_take_effect_immediately(users: UserStore) -> None:
    authorizer = Authorizer(users)
    alice = users.create("alice", "secret")
    assert not authorizer.allows(alice.id, C.GET_STREAMS)
    users.update_permissions(alice.id, Permissions(GlobalPermissions(read_streams=True)))
    assert authorizer.allows(alice.id, C.GET_STREAMS)
    users.delete(alice.id)
    assert not authorizer.allows(alice.id, C.GET_ME)  # a dangling session id grants nothing


def test_scoped_rule_without_ids_is_a_bug_not_a_silent_denial(users: UserStore) -> None:
    authorizer = Authorizer(users)
    with pytest.raises(ValueError, match="stream_id"):
        authorizer.allows(0, C.GET_STREAM)
    with pytest.raises(ValueError, match="topic_id"):
        authorizer.allows(0, C.POLL_MESSAGES, 1)


def test_command_without_a_rule_is_denied(users: UserStore) -> None:
    partial = {command: rule for command, rule in RULES.items() if command is not C.GET_STATS}
    authorizer = Authorizer(users, partial)
    assert not authorizer.allows(0, C.GET_STATS)  # even root: fail closed
    assert authorizer.allows(0, C.GET_ME)


def _random_permissions(rng: random.Random) -> tuple[GlobalPermissions, StreamPermissions, TopicPermissions]:
    def flags(cls):  # noqa: ANN001, ANN202
        return cls(**{f.name: rng.random() < 0.2 for f in fields(cls) if f.name != "topics"})

    return flags(GlobalPermissions), flags(StreamPermissions), flags(TopicPermissions)


def test_granting_more_never_takes_anything_away() -> None:
    """Monotonicity: setting any one extra flag never turns an allowed command into a denied one."""
    rng = random.Random(20240508)
    for _ in range(300):
        g, s, t = _random_permissions(rng)
        for level, value in (("g", g), ("s", s), ("t", t)):
            for flag in (f.name for f in fields(value) if f.name != "topics"):
                more = {"g": g, "s": s, "t": t}
                more[level] = type(value)(**{**{f.name: getattr(value, f.name) for f in fields(value)}, flag: True})
                for command, rule in RULES.items():
                    if rule.check(g, s, t):
                        assert rule.check(more["g"], more["s"], more["t"]), (command, level, flag)


def test_manage_implies_read_at_every_level() -> None:
    none_g, none_s, none_t = GlobalPermissions(), StreamPermissions(), TopicPermissions()
    pairs = [
        (GlobalPermissions(manage_streams=True), none_s, none_t),
        (GlobalPermissions(manage_topics=True), none_s, none_t),
        (none_g, StreamPermissions(manage_stream=True), none_t),
        (none_g, StreamPermissions(manage_topics=True), none_t),
        (none_g, none_s, TopicPermissions(manage_topic=True)),
    ]
    for g, s, t in pairs:
        for manage, read in itertools.product(
            [C.UPDATE_TOPIC, C.DELETE_TOPIC], [C.GET_TOPIC, C.POLL_MESSAGES, C.GET_CONSUMER_GROUP]
        ):
            assert RULES[manage].check(g, s, t) and RULES[read].check(g, s, t), (g, s, t, manage, read)
