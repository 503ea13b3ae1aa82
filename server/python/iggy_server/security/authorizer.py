"""Who may run which command: one table keyed by ``Command``, mirroring Iggy 0.8's permissioner.

Each command maps to a :class:`Rule`: a scope (server-wide, one stream, or one topic) and a
predicate over the user's :class:`Permissions`. The predicates encode Iggy's implications:

* manage ⇒ read at every level (``manage_streams`` ⇒ ``read_streams``, ``manage_topic`` ⇒ ``read_topic``);
* stream-level grants ⇒ the topics inside (``read_streams`` ⇒ ``read_topics`` ⇒ poll);
* poll is implied by any read/manage of the stream or topic; send by manage (never by read).

Root (user 0) may do everything. Handlers call :meth:`Authorizer.require` after resolving names to
numeric ids, exactly where Iggy checks, so "not found" versus "unauthorized" ordering matches.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.layout import COMMANDS
from iggy.protocol.primitives import GlobalPermissions, Permissions, StreamPermissions, TopicPermissions

from ..errors import IggyError
from .users import ROOT_USER_ID, UserStore

__all__ = ["Authorizer", "Rule", "Scope", "RULES", "RULES_BY_ID"]

log = logging.getLogger(__name__)

_NO_GLOBAL = GlobalPermissions()
_NO_STREAM = StreamPermissions()
_NO_TOPIC = TopicPermissions()


class Scope(Enum):
    PUBLIC = "public"  # allowed before login (Ping, LoginUser, LoginWithPersonalAccessToken)
    SERVER = "server"  # no stream/topic id involved
    STREAM = "stream"  # needs stream_id
    TOPIC = "topic"  # needs stream_id and topic_id


Check = Callable[[GlobalPermissions, StreamPermissions, TopicPermissions], bool]


@dataclass(frozen=True, slots=True)
class Rule:
    """``check(global, stream, topic)`` gets empty permission sets where the user has no grant."""

    scope: Scope
    check: Check
    description: str
    # GetUser on yourself and ChangePassword of your own password need no users permission.
    allows_self: bool = False
    rule_id: str = ""  # the id of the spec's permission_rule it implements (protocol-spec/spec/commands.toml)


# -------------------------------------------------------------------------- predicates


def _anyone(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return True


def _read_servers(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return g.manage_servers or g.read_servers


def _read_users(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return g.manage_users or g.read_users


def _manage_users(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return g.manage_users


def _read_all_streams(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return g.manage_streams or g.read_streams


def _manage_all_streams(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return g.manage_streams


def _read_stream(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return g.manage_streams or g.read_streams or s.manage_stream or s.read_stream


def _manage_stream(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return g.manage_streams or s.manage_stream


def _read_topics_of_stream(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return (
        g.manage_streams or g.read_streams or g.manage_topics or g.read_topics
        or s.manage_stream or s.read_stream or s.manage_topics or s.read_topics
    )  # fmt: skip


def _manage_topics_of_stream(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return g.manage_streams or g.manage_topics or s.manage_stream or s.manage_topics


def _read_topic(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return _read_topics_of_stream(g, s, t) or t.manage_topic or t.read_topic


def _manage_topic(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return _manage_topics_of_stream(g, s, t) or t.manage_topic


def _poll_messages(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return g.poll_messages or s.poll_messages or t.poll_messages or _read_topic(g, s, t)


def _send_messages(g: GlobalPermissions, s: StreamPermissions, t: TopicPermissions) -> bool:
    return g.send_messages or s.send_messages or t.send_messages or _manage_topic(g, s, t)


# -------------------------------------------------------------------------- the table

# One rule per id of the spec's [[permission_rule]] (protocol-spec/spec/commands.toml). Which command needs which
# rule is the spec's `permission_rule`, generated into COMMANDS: the table below is built from it, so it cannot
# disagree with the spec, and a spec id without a rule here fails at import.
_RULE_LIST = (
    Rule(Scope.PUBLIC, _anyone, "no login needed", rule_id="public"),
    # Iggy 0.8 checks nothing beyond login for GetSnapshot, GetMe, GetClusterMetadata and the caller's own tokens.
    Rule(Scope.SERVER, _anyone, "any logged-in user", rule_id="logged_in"),
    Rule(Scope.SERVER, _read_servers, "global manage_servers or read_servers", rule_id="read_servers"),
    Rule(Scope.SERVER, _read_users, "global manage_users or read_users", rule_id="read_users"),
    # Everyone may read themselves and change their own password.
    Rule(Scope.SERVER, _read_users, "global manage/read_users (or yourself)", allows_self=True,
         rule_id="read_users_or_self"),
    Rule(Scope.SERVER, _manage_users, "global manage_users", rule_id="manage_users"),
    Rule(Scope.SERVER, _manage_users, "global manage_users (or yourself)", allows_self=True,
         rule_id="manage_users_or_self"),
    Rule(Scope.SERVER, _read_all_streams, "global manage_streams or read_streams", rule_id="read_streams"),
    Rule(Scope.SERVER, _manage_all_streams, "global manage_streams", rule_id="manage_streams"),
    Rule(Scope.STREAM, _read_stream, "global manage/read_streams or stream manage/read_stream", rule_id="read_stream"),
    Rule(Scope.STREAM, _manage_stream, "global manage_streams or stream manage_stream", rule_id="manage_stream"),
    Rule(Scope.STREAM, _read_topics_of_stream, "read of the stream's topics", rule_id="read_topics"),
    Rule(Scope.STREAM, _manage_topics_of_stream, "manage of the stream's topics", rule_id="manage_topics"),
    # Consumer groups: Iggy 0.8 treats every group operation, even create/delete, as a topic read.
    Rule(Scope.TOPIC, _read_topic, "read or manage of the topic, its stream, or all streams/topics",
         rule_id="read_topic"),
    Rule(Scope.TOPIC, _manage_topic, "manage of the topic, its stream's topics, or all streams/topics",
         rule_id="manage_topic"),
    Rule(Scope.TOPIC, _poll_messages, "poll_messages at any level, or read of the topic", rule_id="poll_messages"),
    Rule(Scope.TOPIC, _send_messages, "send_messages at any level, or manage of the topic", rule_id="send_messages"),
)
RULES_BY_ID: dict[str, Rule] = {rule.rule_id: rule for rule in _RULE_LIST}
RULES: dict[Command, Rule] = {command: RULES_BY_ID[info.permission] for command, info in COMMANDS.items()}


class Authorizer:
    """Evaluates :data:`RULES` against the permissions stored in a :class:`UserStore`."""

    def __init__(self, users: UserStore, rules: dict[Command, Rule] | None = None) -> None:
        self.users = users
        self.rules = RULES if rules is None else rules
        self._warned_unlisted: set[int] = set()

    def allows(
        self,
        user_id: int | None,
        command: Command,
        stream_id: int | None = None,
        topic_id: int | None = None,
        *,
        target_user_id: int | None = None,
    ) -> bool:
        rule = self.rules.get(command)
        if rule is None:
            # Fail closed: a command added to the protocol without a rule is denied, loudly once.
            if int(command) not in self._warned_unlisted:
                self._warned_unlisted.add(int(command))
                log.error("no permission rule for command %r; denying it", command)
            return False
        if rule.scope is Scope.PUBLIC:
            return True
        if user_id is None:
            return False
        _check_scope(command, rule.scope, stream_id, topic_id)
        user = self.users.get(user_id)
        if user is None:
            return False  # deleted while its session lived on
        if user.id == ROOT_USER_ID:
            return True
        if rule.allows_self and target_user_id == user_id:
            return True
        return rule.check(*_permission_sets(user.permissions, stream_id, topic_id))

    def require(
        self,
        session: Any,
        command: Command,
        stream_id: int | None = None,
        topic_id: int | None = None,
        *,
        target_user_id: int | None = None,
    ) -> None:
        """Raise 40 Unauthenticated (not logged in) or 41 Unauthorized unless the command is allowed."""
        user_id = session.user_id
        if self.allows(user_id, command, stream_id, topic_id, target_user_id=target_user_id):
            return
        if user_id is None:
            raise IggyError(ErrorCode.UNAUTHENTICATED, f"{_name(command)} needs a logged-in user")
        rule = self.rules.get(command)
        needs = rule.description if rule is not None else "a permission rule (none defined)"
        where = "" if stream_id is None else f" on stream {stream_id}"
        where += "" if topic_id is None else f", topic {topic_id}"
        raise IggyError(ErrorCode.UNAUTHORIZED, f"user {user_id} may not run {_name(command)}{where}: needs {needs}")


def _check_scope(command: Command, scope: Scope, stream_id: int | None, topic_id: int | None) -> None:
    # Calling a stream/topic rule without the ids is a handler bug; denying silently would hide it.
    if scope in (Scope.STREAM, Scope.TOPIC) and stream_id is None:
        raise ValueError(f"{_name(command)} is checked per stream: pass stream_id")
    if scope is Scope.TOPIC and topic_id is None:
        raise ValueError(f"{_name(command)} is checked per topic: pass topic_id")


def _permission_sets(
    permissions: Permissions | None, stream_id: int | None, topic_id: int | None
) -> tuple[GlobalPermissions, StreamPermissions, TopicPermissions]:
    if permissions is None:
        return _NO_GLOBAL, _NO_STREAM, _NO_TOPIC
    stream = _NO_STREAM if stream_id is None else permissions.streams.get(stream_id, _NO_STREAM)
    topic = _NO_TOPIC if topic_id is None else stream.topics.get(topic_id, _NO_TOPIC)
    return permissions.global_permissions, stream, topic


def _name(command: Command) -> str:
    return command.name if isinstance(command, Command) else f"command {command}"
