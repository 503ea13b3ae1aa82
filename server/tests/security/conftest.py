"""Fixtures for the security tests: stores in a temporary state dir with a cheap Argon2id hasher."""

from __future__ import annotations

from pathlib import Path

import pytest
from security_support import FAST_HASHER, ROOT_NAME, ROOT_PASSWORD, FakeClock

from iggy_server.security import Authorizer, TokenStore, UserStore


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    return tmp_path / "state"


@pytest.fixture
def users(state_dir: Path) -> UserStore:
    store = UserStore(state_dir, hasher=FAST_HASHER)
    store.ensure_root(ROOT_NAME, ROOT_PASSWORD)
    return store


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def tokens(state_dir: Path, users: UserStore, clock: FakeClock) -> TokenStore:
    return TokenStore(state_dir, users, clock_us=clock)


@pytest.fixture
def authorizer(users: UserStore) -> Authorizer:
    return Authorizer(users)
