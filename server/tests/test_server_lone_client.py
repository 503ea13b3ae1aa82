"""`context.LoneClient`: which sends and polls are a lone client's, whose 0.9 conversions may take the second core."""

from __future__ import annotations

from iggy_server.context import LONE_CLIENT_WINDOW_NS, LoneClient


class Clock:
    def __init__(self) -> None:
        self.now_ns = 1_000_000_000

    def __call__(self) -> int:
        return self.now_ns


def test_one_client_is_lone_however_fast_it_asks() -> None:
    clock, one = Clock(), object()
    rule = LoneClient(clock=clock)
    assert rule.note(one)
    for _ in range(3):
        clock.now_ns += 1_000
        assert rule.note(one)


def test_clients_taking_turns_within_the_window_are_not_lone() -> None:
    clock, first, second = Clock(), object(), object()
    rule = LoneClient(clock=clock)
    assert rule.note(first)
    for _ in range(3):
        clock.now_ns += LONE_CLIENT_WINDOW_NS // 10
        assert not rule.note(second)
        clock.now_ns += LONE_CLIENT_WINDOW_NS // 10
        assert not rule.note(first)


def test_another_client_after_the_window_is_lone_again() -> None:
    clock, first, second = Clock(), object(), object()
    rule = LoneClient(clock=clock)
    rule.note(first)
    clock.now_ns += LONE_CLIENT_WINDOW_NS
    assert not rule.note(second)  # exactly the window: still within it
    clock.now_ns += LONE_CLIENT_WINDOW_NS + 1
    assert rule.note(first)
