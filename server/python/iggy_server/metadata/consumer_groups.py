"""Consumer group commands over the tree: create, delete, join, leave, disconnect, revocation timeouts.

Kept apart from streams and topics because groups have a second owner: a connection's session lists the
groups it joined (``Session.consumer_groups``), so disconnect can leave them all. Every change of
membership here keeps that list in step, including when a topic or stream disappears under its members
(:meth:`ConsumerGroups.forget_topic`). Assignment and rebalancing rules are the group's own (groups.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from iggy.protocol.codes import ErrorCode

from ..errors import IggyError, naming_error
from ..groups import ConsumerGroup
from ..session import Session, now_us
from ..storage import CONSUMER_GROUP
from .state_file import MetadataFile
from .tree import StreamTree, Topic

__all__ = ["ConsumerGroups", "committed_offset_lookup"]

log = logging.getLogger("iggy_server.metadata")

SessionLookup = Callable[[int], Session | None]


def committed_offset_lookup(topic: Topic, group: ConsumerGroup) -> Callable[[int], int | None]:
    """The group's stored offset per partition id (None: nothing committed), which completes revocations."""

    def committed(partition_id: int) -> int | None:
        partition = topic.partition(partition_id)
        return None if partition is None else partition.offsets.get(CONSUMER_GROUP, group.id)

    return committed


class ConsumerGroups:
    """The groups of every topic of ``tree``, persisted through ``state_file``; ``lookup_session`` finds the
    live session of a member's client id."""

    def __init__(self, tree: StreamTree, state_file: MetadataFile, lookup_session: SessionLookup) -> None:
        self.tree = tree
        self.state_file = state_file
        self.lookup_session = lookup_session

    def create_group(self, topic: Topic, name: str) -> ConsumerGroup:
        if name in topic.group_names:
            raise naming_error(ErrorCode.CONSUMER_GROUP_NAME_ALREADY_EXISTS, name, topic.id)
        partition_ids = list(range(len(topic.partitions)))
        group = topic.groups.insert_with(lambda group_id: ConsumerGroup(group_id, name, partition_ids))
        topic.group_names[name] = group.id

        def undo() -> None:
            topic.groups.remove(group.id)
            del topic.group_names[name]

        self.state_file.save_or_undo(undo)
        return group

    def delete_group(self, topic: Topic, group: ConsumerGroup) -> None:
        self._forget_memberships(topic, group)
        topic.groups.remove(group.id)
        del topic.group_names[group.name]
        self.state_file.save()
        for partition in topic.partitions:
            try:
                partition.offsets.delete(CONSUMER_GROUP, group.id)
            except Exception:
                log.exception("deleting the stored offset of group %s in %s failed", group.id, partition.directory)

    def join_group(self, topic: Topic, group: ConsumerGroup, session: Session) -> None:
        group.join(session.client_id, committed_offset_lookup(topic, group))
        session.consumer_groups.add((topic.stream_id, topic.id, group.id))

    def leave_group(self, topic: Topic, group: ConsumerGroup, session: Session) -> None:
        if not group.leave(session.client_id):
            raise IggyError(
                ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND,
                f"client {session.client_id} is not a member of consumer group {group.id}",
            )
        session.consumer_groups.discard((topic.stream_id, topic.id, group.id))

    def leave_all_groups(self, session: Session) -> None:
        """Disconnect: leave every group the connection joined (each one rebalances)."""
        for stream_id, topic_id, group_id in list(session.consumer_groups):
            topic = self.tree.find_topic(stream_id, topic_id)
            group = None if topic is None else topic.groups.get(group_id)
            if group is not None:
                group.leave(session.client_id)
        session.consumer_groups.clear()

    def complete_timed_out_revocations(self, timeout_us: int) -> int:
        now = now_us()
        moved = 0
        for topic in self.tree.all_topics():
            for group in topic.groups:
                moved += group.complete_timed_out(now, timeout_us)
        return moved

    # ------------------------------------------------------------------ what topic changes do to groups

    def forget_topic(self, topic: Topic) -> None:
        """The topic is being deleted: its members' sessions no longer list its groups."""
        for group in topic.groups:
            self._forget_memberships(topic, group)

    @staticmethod
    def follow_partitions(topic: Topic) -> None:
        """The topic's partition count changed: every group takes the new partition ids (a full rebalance)."""
        partition_ids = list(range(len(topic.partitions)))
        for group in topic.groups:
            group.set_partitions(partition_ids)

    @staticmethod
    def forget_polls(topic: Topic) -> None:
        """The topic was purged: nothing polled from it waits for a commit any more."""
        for group in topic.groups:
            group.last_polled.clear()

    def _forget_memberships(self, topic: Topic, group: ConsumerGroup) -> None:
        for member in group.members:
            session = self.lookup_session(member.client_id)
            if session is not None:
                session.consumer_groups.discard((topic.stream_id, topic.id, group.id))
