"""Consumer groups: membership and partition assignment with the Iggy 0.8 rebalancing rules.

* Join (new member): cooperative rebalance — unassigned partitions go round-robin to idle members;
  members holding more than their fair share get their excess partitions (from the end of their
  list) marked *pending revocation* towards an idle member. A revocation completes (the partition
  moves) once the group has committed everything it polled from that partition, or was never polled,
  or after ``rebalancing_timeout``.
* Leave / disconnect / partition count change: full round-robin rebalance (partition i → i-th member
  mod members, in member slot order), pending revocations dropped.
* Member ids are ``max(existing) + 1`` (first member 0); members live in a slab (slot order).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .session import now_us
from .slab import Slab

__all__ = ["ConsumerGroup", "Member", "Revocation"]


@dataclass(slots=True)
class Revocation:
    partition_id: int
    target_slot: int
    target_member_id: int
    created_at_us: int


@dataclass(slots=True)
class Member:
    id: int
    client_id: int
    partitions: list[int] = field(default_factory=list)
    partition_index: int = 0  # round-robin cursor for polls without an explicit partition
    pending: list[Revocation] = field(default_factory=list)

    def pending_ids(self) -> set[int]:
        return {r.partition_id for r in self.pending}

    def effective_partitions(self) -> list[int]:
        pending = self.pending_ids()
        return [p for p in self.partitions if p not in pending]


class ConsumerGroup:
    """One group of one topic. ``partitions`` is the group's snapshot of the topic's partition ids."""

    def __init__(self, group_id: int, name: str, partitions: list[int]) -> None:
        self.id = group_id
        self.name = name
        self.partitions = list(partitions)
        self.members: Slab[Member] = Slab()
        # Last offset handed to the group per partition (cooperative revocation waits for its commit).
        self.last_polled: dict[int, int] = {}
        # 0.9: grows with every change of membership or assignment; a member that syncs at a newer generation
        # knows its partitions changed (SyncConsumerGroup). Not persisted: members do not outlive the server.
        self.generation = 1

    # ------------------------------------------------------------------ membership

    def member_slot_of(self, client_id: int) -> int | None:
        for slot, member in self.members.items():
            if member.client_id == client_id:
                return slot
        return None

    def member_of(self, client_id: int) -> Member | None:
        slot = self.member_slot_of(client_id)
        return None if slot is None else self.members.get(slot)

    def join(self, client_id: int, committed: Callable[[int], int | None]) -> bool:
        """Add ``client_id``; False (no change) when it is already a member (join is idempotent)."""
        if self.member_slot_of(client_id) is not None:
            self.complete_ready_revocations(committed)
            return False
        next_member_id = max((m.id for m in self.members), default=-1) + 1
        self.members.insert_with(lambda _slot: Member(next_member_id, client_id))
        self.rebalance_cooperative()
        self.complete_ready_revocations(committed)
        return True

    def leave(self, client_id: int) -> bool:
        slot = self.member_slot_of(client_id)
        if slot is None:
            return False
        leaving = self.members.remove(slot)
        self.rebalance_members()
        for partition_id in leaving.partitions:
            self.last_polled.pop(partition_id, None)
        return True

    def set_partitions(self, partition_ids: list[int]) -> None:
        """The topic gained or lost partitions: full rebalance, polled offsets forgotten."""
        self.partitions = list(partition_ids)
        self.rebalance_members()
        self.last_polled.clear()

    # ------------------------------------------------------------------ rebalancing

    def rebalance_members(self) -> None:
        self.generation += 1
        members = self.members.values()
        for member in members:
            member.partitions.clear()
            member.pending.clear()
        if not members or not self.partitions:
            return
        for index, partition_id in enumerate(self.partitions):
            members[index % len(members)].partitions.append(partition_id)

    def rebalance_cooperative(self) -> None:
        self.generation += 1
        slots = self.members.items()
        if not slots or not self.partitions:
            return
        assigned = {p for _, m in slots for p in m.partitions}
        unassigned = [p for p in self.partitions if p not in assigned]
        if unassigned:
            idle = [m for _, m in slots if not m.partitions]
            for index, partition_id in enumerate(unassigned):
                if idle:
                    idle[index % len(idle)].partitions.append(partition_id)

        fair_share, remainder = divmod(len(self.partitions), len(slots))
        targeted = {r.target_slot for _, m in slots for r in m.pending}
        idle_slots = [slot for slot, m in slots if not m.partitions and slot not in targeted]
        if not idle_slots:
            return
        members_with_remainder = remainder
        for _slot, member in slots:
            if not idle_slots:
                break
            effective = len(member.effective_partitions())
            max_allowed = fair_share + 1 if members_with_remainder > 0 else fair_share
            if effective <= max_allowed:
                if effective > fair_share:
                    members_with_remainder = max(0, members_with_remainder - 1)
                continue
            excess = effective - max_allowed
            if members_with_remainder > 0 and effective > fair_share:
                members_with_remainder -= 1
            pending = member.pending_ids()
            revocable = [p for p in reversed(member.partitions) if p not in pending][:excess]
            for partition_id in revocable:
                if not idle_slots:
                    break
                target_slot = idle_slots.pop(0)
                target = self.members.get(target_slot)
                member.pending.append(
                    Revocation(partition_id, target_slot, target.id if target else -1, now_us())
                )

    def complete_ready_revocations(self, committed: Callable[[int], int | None]) -> int:
        """Move every pending partition whose polled messages are all committed; returns how many moved."""
        ready: list[tuple[int, int, int]] = []
        for slot, member in self.members.items():
            for revocation in member.pending:
                if self.revocation_ready(revocation.partition_id, committed):
                    ready.append((slot, member.id, revocation.partition_id))
        for slot, member_id, partition_id in ready:
            self.complete_revocation(slot, member_id, partition_id)
        return len(ready)

    def revocation_ready(self, partition_id: int, committed: Callable[[int], int | None]) -> bool:
        polled = self.last_polled.get(partition_id)
        if polled is None:
            return True
        stored = committed(partition_id)
        return stored is not None and stored >= polled

    def complete_timed_out(self, now: int, timeout_us: int) -> int:
        expired = [
            (slot, member.id, r.partition_id)
            for slot, member in self.members.items()
            for r in member.pending
            if now - r.created_at_us >= timeout_us
        ]
        for slot, member_id, partition_id in expired:
            self.complete_revocation(slot, member_id, partition_id)
        return len(expired)

    def complete_revocation(self, slot: int, member_id: int, partition_id: int) -> bool:
        member = self.members.get(slot)
        if member is None or member.id != member_id:
            return False
        revocation = next((r for r in member.pending if r.partition_id == partition_id), None)
        if revocation is None:
            return False
        member.pending.remove(revocation)
        member.partitions = [p for p in member.partitions if p != partition_id]
        self.generation += 1
        target = self.members.get(revocation.target_slot)
        if target is None or target.id != revocation.target_member_id:
            self.rebalance_members()  # the target left meanwhile
            return True
        target.partitions.append(partition_id)
        return True

    # ------------------------------------------------------------------ polling

    def partition_for_poll(self, member: Member, explicit_partition: int | None, advance: bool) -> int | None:
        """The partition a member reads (None = nothing to read), per the 0.8 rules."""
        if explicit_partition is not None:
            if explicit_partition in member.partitions or explicit_partition in member.pending_ids():
                return explicit_partition
            return None
        effective = member.effective_partitions()
        if not effective:
            return None
        index = member.partition_index % len(effective)
        if advance:
            member.partition_index = (member.partition_index + 1) % len(effective)
        return effective[index]

    def current_partition(self, member: Member) -> int | None:
        return self.partition_for_poll(member, None, advance=False)

    # ------------------------------------------------------------------ persistence

    def to_state(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "partitions": list(self.partitions)}
