"""Handlers are typed: every annotation resolves to a real class, and ``HandlerContext`` names what they use.

No type checker runs in this project, so these checks are what keeps the signatures honest: an annotation
naming a class that does not exist (or exists only under ``TYPE_CHECKING``) fails ``typing.get_type_hints``
here; a handler reaching for a part of the server ``HandlerContext`` does not name fails the AST scan.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import types
import typing
from pathlib import Path

import pytest

import iggy_server.handlers
from iggy_server.context import HandlerContext, ServerContext
from iggy_server.handlers import HANDLER_MODULES, Response, load_handlers
from iggy_server.session import Session
from iggy_server.telemetry import Telemetry

DIRECTORY = Path(iggy_server.handlers.__file__).parent
MODULES = sorted(
    "iggy_server.handlers" if path.stem == "__init__" else f"iggy_server.handlers.{path.stem}"
    for path in DIRECTORY.glob("*.py")
)
HANDLERS = load_handlers()


def _module_functions(module_name: str) -> list[types.FunctionType]:
    module = importlib.import_module(module_name)
    return [
        value
        for value in vars(module).values()
        if inspect.isfunction(value) and value.__module__ == module_name
    ]


def _contains_any(hint: object) -> bool:
    return hint is typing.Any or any(_contains_any(arg) for arg in typing.get_args(hint))


@pytest.mark.parametrize("command", sorted(HANDLERS, key=int), ids=lambda command: command.name)
def test_every_handler_takes_the_typed_context(command):
    function = HANDLERS[command]
    hints = typing.get_type_hints(function)
    ctx, session, payload = inspect.signature(function).parameters
    assert hints[ctx] is HandlerContext, f"{function.__qualname__}: ctx is {hints.get(ctx)!r}"
    assert hints[session] is Session
    assert hints[payload] is memoryview
    answer = hints["return"]
    assert answer == Response or answer in typing.get_args(Response), f"{function.__qualname__} answers {answer!r}"


@pytest.mark.parametrize("module_name", MODULES)
def test_every_annotation_in_the_handler_modules_resolves(module_name):
    functions = _module_functions(module_name)
    for function in functions:
        hints = typing.get_type_hints(function)  # NameError / AttributeError: an annotation names nothing real
        missing = [name for name in inspect.signature(function).parameters if name not in hints]
        assert not missing, f"{function.__qualname__}: unannotated {missing}"
        assert "return" in hints, f"{function.__qualname__}: no return annotation"
        assert not any(_contains_any(hint) for hint in hints.values()), f"{function.__qualname__} uses Any"


def test_the_context_protocol_resolves_and_the_server_context_is_one():
    protocol = typing.get_type_hints(HandlerContext)
    server = typing.get_type_hints(ServerContext, localns={"Telemetry": Telemetry})
    for name, hint in protocol.items():
        assert server.get(name) == hint, f"ServerContext.{name} is {server.get(name)!r}, HandlerContext says {hint!r}"
    assert callable(getattr(ServerContext, "run_time_us"))
    assert typing.get_type_hints(ServerContext.run_time_us) == typing.get_type_hints(HandlerContext.run_time_us)


def _context_attributes(module_path: Path) -> set[str]:
    """Every ``ctx.<name>`` a module reads (handlers and their helpers name their context ``ctx``)."""
    tree = ast.parse(module_path.read_text())
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "ctx"
    }


@pytest.mark.parametrize("module", [*HANDLER_MODULES, "_common", "_consumers"])
def test_handlers_use_only_what_the_context_names(module):
    named = set(typing.get_type_hints(HandlerContext)) | {"run_time_us"}
    used = _context_attributes(DIRECTORY / f"{module}.py")
    assert used <= named, f"handlers/{module}.py uses ctx.{sorted(used - named)}, which HandlerContext does not name"


def test_the_context_scan_sees_a_use_outside_the_protocol(tmp_path):
    source = tmp_path / "handler.py"
    source.write_text("async def h(ctx, session, payload):\n    ctx.log_limit.allow()\n    return ctx.metadata\n")
    assert _context_attributes(source) == {"log_limit", "metadata"}
    assert "log_limit" not in typing.get_type_hints(HandlerContext)
