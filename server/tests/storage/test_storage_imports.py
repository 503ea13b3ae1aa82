"""The storage package's layout: every module imports on its own, the modules import each other without a
cycle (type-only imports included), and no module keeps process-wide mutable state — the shared I/O
resources are an ``IoResources`` object the server passes in."""

from __future__ import annotations

import ast
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import iggy_server.storage

PACKAGE = "iggy_server.storage"
DIRECTORY = Path(iggy_server.storage.__file__).parent
MODULES = sorted(path.stem for path in DIRECTORY.glob("*.py"))


def storage_imports(module: str) -> set[str]:
    """The storage modules ``module`` imports (at run time or under TYPE_CHECKING); ``__init__`` stands for
    the package itself."""
    tree = ast.parse((DIRECTORY / f"{module}.py").read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from . import x / from .x import y
                base = f"{PACKAGE}.{base}" if base else PACKAGE
            names = [base] if base != PACKAGE else [f"{PACKAGE}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name == PACKAGE:
                found.add("__init__")
            elif name.startswith(PACKAGE + "."):
                submodule = name[len(PACKAGE) + 1 :].split(".")[0]
                found.add(submodule if submodule in MODULES else "__init__")
    found.discard(module)
    return found


def test_the_import_graph_has_no_cycle():
    graph = {module: storage_imports(module) for module in MODULES}
    assert "__init__" not in set().union(*(graph[m] for m in MODULES if m != "__init__")), graph
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as cycle:
        pytest.fail(f"import cycle in {PACKAGE}: {cycle.args[1]}")
    assert order[-1] == "__init__"


def test_the_checker_sees_a_cycle(tmp_path):
    """The graph above is read from the sources: a module importing one that imports it is a cycle."""
    graph = {"a": {"b"}, "b": {"a"}}
    with pytest.raises(CycleError):
        list(TopologicalSorter(graph).static_order())
    assert storage_imports("store") >= {"partition", "offsets", "resources"}


def test_no_module_rebinds_a_global():
    """A ``global`` statement is how module state gets mutated; the storage keeps its state in objects."""
    offenders = [
        f"{module}:{node.lineno}"
        for module in MODULES
        for node in ast.walk(ast.parse((DIRECTORY / f"{module}.py").read_text()))
        if isinstance(node, ast.Global)
    ]
    assert offenders == []


# Registers the package without running its __init__ (which imports every module), so the import below
# loads exactly the module and what it imports itself.
_IMPORT_ALONE = """
import sys, types
package = types.ModuleType({package!r})
package.__path__ = [{directory!r}]
sys.modules[{package!r}] = package
import {package}.{module}
loaded = sorted(name for name in sys.modules if name.startswith({package!r} + "."))
print(" ".join(name.rsplit(".", 1)[1] for name in loaded))
"""


@pytest.mark.parametrize("module", [m for m in MODULES if m != "__init__"])
def test_each_module_imports_alone(module):
    script = _IMPORT_ALONE.format(package=PACKAGE, directory=str(DIRECTORY), module=module)
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    # Only what the module imports, directly or through those (type-only imports are not loaded).
    reachable, pending = set(), [module]
    while pending:
        for imported in storage_imports(pending.pop()) - reachable:
            reachable.add(imported)
            pending.append(imported)
    assert set(completed.stdout.split()) - {module} <= reachable
