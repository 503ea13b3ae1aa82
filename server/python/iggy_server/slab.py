"""Id allocation with Iggy's slab rules: ids start at 0, the most recently freed id is reused first."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")

__all__ = ["Slab"]


class Slab(Generic[T]):
    """A map from dense 0-based ids to values, iterated in id order.

    Mirrors the Rust ``slab`` crate the 0.8 server keeps streams, topics, groups and users in: an
    insert takes the most recently vacated id, else ``len`` (the next never-used id).
    """

    __slots__ = ("_items", "_vacant", "_capacity")

    def __init__(self) -> None:
        self._items: dict[int, T] = {}
        self._vacant: list[int] = []  # stack: last freed on top
        self._capacity = 0  # ids ever handed out: 0.._capacity-1

    def next_id(self) -> int:
        return self._vacant[-1] if self._vacant else self._capacity

    def insert_with(self, make: Callable[[int], T]) -> T:
        item_id = self.next_id()
        value = make(item_id)  # may raise: nothing changed yet
        if self._vacant:
            self._vacant.pop()
        else:
            self._capacity += 1
        self._items[item_id] = value
        return value

    def remove(self, item_id: int) -> T:
        value = self._items.pop(item_id)
        self._vacant.append(item_id)
        return value

    def get(self, item_id: int) -> T | None:
        return self._items.get(item_id)

    def __contains__(self, item_id: object) -> bool:
        return item_id in self._items

    def __len__(self) -> int:
        return len(self._items)

    def ids(self) -> list[int]:
        return sorted(self._items)

    def values(self) -> list[T]:
        return [self._items[i] for i in sorted(self._items)]

    def items(self) -> list[tuple[int, T]]:
        return [(i, self._items[i]) for i in sorted(self._items)]

    def __iter__(self) -> Iterator[T]:
        return iter(self.values())

    # Persistence: the values are stored by the owner; the slab only needs its free-list state.
    def allocation_state(self) -> dict[str, object]:
        return {"vacant": list(self._vacant), "capacity": self._capacity}

    def restore(self, values: dict[int, T], state: dict[str, object] | None) -> None:
        self._items = dict(values)
        highest = max(values, default=-1) + 1
        if state:
            capacity = max(int(state.get("capacity", 0)), highest)  # type: ignore[arg-type]
            stored = [int(i) for i in state.get("vacant", [])]  # type: ignore[union-attr]
            vacant = [i for i in stored if i not in values and i < capacity]
        else:
            capacity, vacant = highest, []
        # Any id below capacity that is neither used nor known vacant becomes vacant (oldest first).
        known = set(vacant)
        missing = [i for i in range(capacity) if i not in values and i not in known]
        self._vacant = sorted(missing, reverse=True) + vacant
        self._capacity = capacity
