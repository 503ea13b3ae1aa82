"""Handlers decode, resolve, authorize, make one storage call and encode (issue 15's layout rule).

Checked on the sources of the partition-level handler modules (messages, offsets, segments, partitions):
every registered handler authorizes once, makes at most one call of the storage surface — after the
authorization — and touches none of the storage's internals (ack policy, write queue, resources). The
other modules (streams, topics, users, …) call one Metadata/UserStore method the same way but their
admin commands have no partition storage to speak of, so only the internals rule is checked there.
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
     "read_by_timestamp"}
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
        if isinstance(node, ast.FunctionDef) and any(name == "require" for name, _ in called_methods(node))
    }


def called_methods(function: ast.AST, authorizing: frozenset[str] | set[str] = frozenset()) -> list[tuple[str, int]]:
    """(method name, line) of every call; a call of an authorizing helper counts as ``require``."""
    calls = []
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            calls.append((node.func.attr, node.lineno))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in authorizing:
            calls.append(("require", node.lineno))
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
        authorizations = [line for name, line in calls if name == "require"]
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
    assert min(line for name, line in calls if name in STORAGE_CALLS) < [l for n, l in calls if n == "require"][0]
    assert names_used(function) & STORAGE_INTERNALS == {"durable", "wait_durable"}
