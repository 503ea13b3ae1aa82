"""The metadata package stays layered: one concern per module, each importing only the ones below it.

Read from the sources (AST), so a new import that closes a cycle, or a metadata module that reaches up into
the request layer (handlers, transports, the TCP connection), fails here rather than at some import order.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

import iggy_server
import iggy_server.metadata

PACKAGE = Path(iggy_server.__file__).parent
METADATA = Path(iggy_server.metadata.__file__).parent
SUBMODULES = sorted(path.stem for path in METADATA.glob("*.py") if path.stem != "__init__")
# The layers above metadata: they use it, it never uses them (transports.settings is a leaf config.py uses).
ABOVE = {"context", "handlers", "tcp", "lifecycle", "startup", "vsr", "telemetry", "__main__"}


def _is_above(module: str) -> bool:
    top = module.split(".")[0]
    return top in ABOVE or (top == "transports" and module not in ("transports", "transports.settings"))


def _import_time_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements run when the module is imported (``if``/``try`` blocks, ``TYPE_CHECKING`` ones included),
    not the bodies of functions and classes (an import there runs when it is called)."""
    statements = []
    for node in body:
        statements.append(node)
        if isinstance(node, ast.If):
            statements += _import_time_statements(node.body) + _import_time_statements(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(handler.body for handler in node.handlers)):
                statements += _import_time_statements(block)
    return statements


def _server_imports(module_path: Path, package: tuple[str, ...]) -> set[str]:
    """The iggy_server modules ``module_path`` imports when it is imported, as dotted names below iggy_server."""
    found = set()
    for node in _import_time_statements(ast.parse(module_path.read_text()).body):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - node.level + 1]
            target = [*base, *(node.module.split(".") if node.module else [])]
            if target:
                found.add(".".join(target))
            # ``from . import tree`` / ``from .transports import settings`` import modules by name too.
            found.update(
                ".".join([*target, alias.name]) for alias in node.names if _source_of(".".join([*target, alias.name]))
            )
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("iggy_server."):
            found.add(node.module.removeprefix("iggy_server."))
    return found


def _graph() -> dict[str, set[str]]:
    """Submodule → the submodules of iggy_server.metadata it imports."""
    graph = {}
    for name in SUBMODULES:
        imports = _server_imports(METADATA / f"{name}.py", ("metadata",))
        graph[name] = {target.split(".")[1] for target in imports if target.startswith("metadata.")}
    return graph


def test_the_metadata_modules_import_each_other_without_a_cycle():
    order = list(graphlib.TopologicalSorter(_graph()).static_order())  # CycleError names the cycle
    assert sorted(order) == SUBMODULES


@pytest.mark.parametrize("name", SUBMODULES)
def test_a_metadata_module_never_imports_the_layers_above_it(name):
    imports = _server_imports(METADATA / f"{name}.py", ("metadata",))
    upward = {target for target in imports if _is_above(target) or target == "metadata"}
    assert not upward, f"metadata/{name}.py imports {sorted(upward)}"


@pytest.mark.parametrize("name", SUBMODULES)
def test_every_metadata_module_says_why_it_exists(name):
    docstring = ast.get_docstring(ast.parse((METADATA / f"{name}.py").read_text()))
    assert docstring and len(docstring.split()) >= 15, f"metadata/{name}.py needs a docstring saying why it exists"


def _source_of(module: str) -> tuple[Path, tuple[str, ...]] | None:
    """A server module's file and the package it sits in; None for a name imported from a module or for the
    native extension."""
    parts = module.split(".")
    path = PACKAGE.joinpath(*parts).with_suffix(".py")
    if path.exists():
        return path, tuple(parts[:-1])
    path = PACKAGE.joinpath(*parts, "__init__.py")
    return (path, tuple(parts)) if path.exists() else None


def test_nothing_the_metadata_package_imports_imports_it_back():
    """Everything metadata depends on (config, storage, groups, session …), directly or not, sits below it."""
    pending = set()
    for name in SUBMODULES:
        pending |= {t for t in _server_imports(METADATA / f"{name}.py", ("metadata",)) if not t.startswith("metadata")}
    seen: set[str] = set()
    while pending:  # bounded: each server module is visited once
        module = pending.pop()
        seen.add(module)
        source = _source_of(module)
        if source is None:
            continue
        imports = _server_imports(*source)
        back = {t for t in imports if t.split(".")[0] == "metadata" or _is_above(t)}
        assert not back, f"{module} (below metadata) imports {sorted(back)}"
        pending |= imports - seen
    assert "storage" in seen and "config" in seen  # the scan did walk the dependencies


def test_the_scan_sees_a_cycle(tmp_path):
    (tmp_path / "a.py").write_text('"""a"""\nfrom .b import x\n')
    assert _server_imports(tmp_path / "a.py", ("metadata",)) == {"metadata.b"}
    with pytest.raises(graphlib.CycleError):
        list(graphlib.TopologicalSorter({"a": {"b"}, "b": {"a"}}).static_order())
