"""Handlers decode, resolve, authorize, make one storage call and encode (issue 15's layout rule).

Checked on the sources. Partition-level handler modules (messages, offsets, segments, partitions): every
registered handler authorizes once and makes at most one call of the storage surface, after the
authorization. Every handler module: at most one state-changing call (create/update/delete/purge/join/
leave/store/append/change_password … on the server's stores), never before the authorization, and no name
of the storage's internals (ack policy, write queue, resources). The shape is not checked on reads that
answer lists (GetStreams, GetUsers, GetStats …): encoding several objects is their job.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import iggy_server.handlers

DIRECTORY = Path(iggy_server.handlers.__file__).parent
PARTITION_MODULES = ("messages", "offsets", "segments", "partitions")
# The storage surface a partition-level handler may call (storage.Partition, its offsets, Metadata's
# partition commands).
STORAGE_CALLS = frozenset(
    {"append", "poll", "store_offset", "flush", "get", "delete", "delete_segments", "create_partitions",
     "delete_partitions"}
)
# What the storage decides for itself: a handler naming any of these has taken a storage decision.
STORAGE_INTERNALS = frozenset(
    {"resources", "write_queue", "durable", "background_writes", "wait_durable", "wait_written", "has_unwritten",
     "dirty_partitions", "wait_below_limit", "over_limit", "read_by_offset", "read_first", "read_last",
     "read_by_timestamp", "wait_readable", "offset_at_timestamp", "last_start_offset"}
)


def handlers(module: str) -> list[ast.AsyncFunctionDef]:
    tree = ast.parse((DIRECTORY / f"{module}.py").read_text())
    return [
        node
        for node in tree.body
        if isinstance(node, ast.AsyncFunctionDef)
        and any(isinstance(d, ast.Call) and getattr(d.func, "id", "") == "handler" for d in node.decorator_list)
    ]


def authorizing_helpers(module: str) -> set[str]:
    """Module functions that resolve and authorize for several handlers (offsets' _resolve_for_mutation)."""
    tree = ast.parse((DIRECTORY / f"{module}.py").read_text())
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and any(name == "authorize" for name, _ in called_methods(node))
    }


def called_methods(function: ast.AST, authorizing: frozenset[str] | set[str] = frozenset()) -> list[tuple[str, int]]:
    """(method name, line) of every call; ``authorize`` for ``….authorizer.require(…)`` and for a call of
    an authorizing helper of the module."""
    calls = []
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute):
            on_authorizer = isinstance(func.value, ast.Attribute) and func.value.attr == "authorizer"
            calls.append(("authorize" if on_authorizer and func.attr == "require" else func.attr, node.lineno))
        elif isinstance(func, ast.Name) and func.id in authorizing:
            calls.append(("authorize", node.lineno))
    return calls


def names_used(function: ast.AST) -> set[str]:
    return {node.attr for node in ast.walk(function) if isinstance(node, ast.Attribute)} | {
        node.id for node in ast.walk(function) if isinstance(node, ast.Name)
    }


@pytest.mark.parametrize("module", PARTITION_MODULES)
def test_partition_handlers_authorize_then_make_one_storage_call(module):
    found = handlers(module)
    assert found, f"no handler found in {module}"
    helpers = authorizing_helpers(module)
    for function in found:
        calls = called_methods(function, helpers)
        authorizations = [line for name, line in calls if name == "authorize"]
        assert len(authorizations) == 1, f"{module}.{function.name}: authorizes {len(authorizations)} times"
        storage = [(name, line) for name, line in calls if name in STORAGE_CALLS]
        assert len(storage) <= 1, f"{module}.{function.name}: several storage calls {storage}"
        for name, line in storage:
            assert line > authorizations[0], f"{module}.{function.name}: {name} before the authorization"


@pytest.mark.parametrize("module", sorted(path.stem for path in DIRECTORY.glob("*.py")))
def test_no_handler_reaches_into_storage_internals(module):
    tree = ast.parse((DIRECTORY / f"{module}.py").read_text())
    used = names_used(tree)
    imported = {
        alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names
    } | {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not (used | imported) & STORAGE_INTERNALS, sorted((used | imported) & STORAGE_INTERNALS)
    assert not any("storage.resources" in name or name.endswith("write_queue") for name in imported)


# Calls that change server state; a handler makes at most one, after authorizing.
MUTATING_PREFIXES = (
    "create", "update", "delete", "purge", "join", "leave", "store", "append", "change_password", "flush",
)


def mutations(calls: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return [(name, line) for name, line in calls if name.startswith(MUTATING_PREFIXES)]


HANDLER_MODULES = sorted(path.stem for path in DIRECTORY.glob("*.py") if not path.stem.startswith("_"))


@pytest.mark.parametrize("module", HANDLER_MODULES)
def test_handlers_change_state_once_and_after_authorizing(module):
    helpers = authorizing_helpers(module)
    found = handlers(module)
    assert found, f"no handler found in {module}"
    for function in found:
        calls = called_methods(function, helpers)
        changes = mutations(calls)
        assert len(changes) <= 1, f"{module}.{function.name}: several state changes {changes}"
        authorizations = [line for name, line in calls if name == "authorize"]
        for name, line in changes:
            assert authorizations and min(authorizations) < line, f"{module}.{function.name}: {name} unauthorized"


def test_the_checks_see_a_violation():
    """The rules are read from the source: a handler picking the ack policy itself is caught."""
    source = (
        "@handler(1)\n"
        "async def send(ctx, session, payload):\n"
        "    partition.append(1)\n"
        "    ctx.authorizer.require(session)\n"
        "    if partition.log.durable:\n"
        "        await partition.log.wait_durable()\n"
    )
    function = ast.parse(source).body[0]
    calls = called_methods(function)
    assert min(line for name, line in calls if name in STORAGE_CALLS) < [l for n, l in calls if n == "authorize"][0]
    assert names_used(function) & STORAGE_INTERNALS == {"durable", "wait_durable"}
    assert mutations(calls) == [("append", 3)]
