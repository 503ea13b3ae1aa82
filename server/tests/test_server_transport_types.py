"""The transports are typed: every ``ctx`` in ``tcp/``, ``transports/`` and ``request_path`` is a
``TransportContext``, and they read only what that Protocol names.

No type checker runs in this project (see test_server_handler_types.py), so an AST scan keeps the annotations
honest: a ``ctx`` typed ``Any`` (or left untyped) fails here, and so does a transport reaching for a part of the
server the Protocol does not name.
"""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest

import iggy_server
from iggy_server.context import HandlerContext, ServerContext, TransportContext
from iggy_server.telemetry import Telemetry

PACKAGE = Path(iggy_server.__file__).parent
MODULES = sorted(
    [*(PACKAGE / "tcp").glob("*.py"), *(PACKAGE / "transports").glob("*.py"), PACKAGE / "request_path.py"]
)
NAMED = set(typing.get_type_hints(TransportContext, localns={"Telemetry": Telemetry})) | {"run_time_us"}
TYPED = {"TransportContext", "TransportContext | None"}


def _ctx_annotations(tree: ast.AST) -> list[tuple[int, str | None]]:
    """(line, annotation) of every parameter named ``ctx`` and every annotated ``ctx`` / ``self.ctx``."""
    found: list[tuple[int, str | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.arg == "ctx":
            found.append((node.lineno, None if node.annotation is None else ast.unparse(node.annotation)))
        elif isinstance(node, ast.AnnAssign):
            target = node.target
            named_ctx = (isinstance(target, ast.Name) and target.id == "ctx") or (
                isinstance(target, ast.Attribute) and target.attr == "ctx"
            )
            if named_ctx:
                found.append((node.lineno, ast.unparse(node.annotation)))
    return found


def _ctx_reads(tree: ast.AST) -> set[str]:
    """Every ``ctx.<name>`` and ``self.ctx.<name>`` read."""
    reads = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        if (isinstance(owner, ast.Name) and owner.id == "ctx") or (
            isinstance(owner, ast.Attribute) and owner.attr == "ctx"
        ):
            reads.add(node.attr)
    return reads


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_every_ctx_of_the_transports_is_a_transport_context(module):
    tree = ast.parse(module.read_text())
    untyped = [(line, annotation) for line, annotation in _ctx_annotations(tree) if annotation not in TYPED]
    assert not untyped, f"{module.name}: ctx typed otherwise at (line, annotation) {untyped}"


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_the_transports_read_only_what_the_context_names(module):
    used = _ctx_reads(ast.parse(module.read_text()))
    assert used <= NAMED, f"{module.name} reads ctx.{sorted(used - NAMED)}, which TransportContext does not name"


def test_the_server_context_is_a_transport_context():
    protocol = typing.get_type_hints(TransportContext, localns={"Telemetry": Telemetry})
    server = typing.get_type_hints(ServerContext, localns={"Telemetry": Telemetry})
    for name, hint in protocol.items():
        assert server.get(name) == hint, f"ServerContext.{name} is {server.get(name)!r}, TransportContext: {hint!r}"
    assert set(typing.get_type_hints(HandlerContext)) < set(protocol)


def test_the_scan_sees_an_untyped_ctx_and_an_unnamed_read():
    tree = ast.parse("def f(ctx: Any, other):\n    return ctx.secret\nclass C:\n    ctx: Any = None\n")
    assert sorted(_ctx_annotations(tree)) == [(1, "Any"), (4, "Any")]
    assert _ctx_reads(tree) == {"secret"}
