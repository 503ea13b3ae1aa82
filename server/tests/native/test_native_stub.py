"""The hand-written stub _native.pyi matches the built module: same names, kinds and parameters."""

import ast
import inspect
from pathlib import Path

import iggy_server
from iggy_server import _native

STUB = Path(iggy_server.__file__).with_name("_native.pyi")
KINDS = {
    "posonlyargs": inspect.Parameter.POSITIONAL_ONLY,
    "args": inspect.Parameter.POSITIONAL_OR_KEYWORD,
    "kwonlyargs": inspect.Parameter.KEYWORD_ONLY,
}


def stub_tree():
    return ast.parse(STUB.read_text())


def stub_parameters(function: ast.FunctionDef):
    out = []
    defaults_from = len(function.args.posonlyargs) + len(function.args.args) - len(function.args.defaults)
    positional = function.args.posonlyargs + function.args.args
    for i, arg in enumerate(positional):
        kind = KINDS["posonlyargs"] if i < len(function.args.posonlyargs) else KINDS["args"]
        out.append((arg.arg, kind, i >= defaults_from))
    for arg, default in zip(function.args.kwonlyargs, function.args.kw_defaults, strict=True):
        out.append((arg.arg, KINDS["kwonlyargs"], default is not None))
    return out


def runtime_parameters(function):
    return [
        (p.name, p.kind, p.default is not inspect.Parameter.empty)
        for p in inspect.signature(function).parameters.values()
    ]


def test_every_stub_function_exists_with_the_same_parameters():
    functions = [node for node in stub_tree().body if isinstance(node, ast.FunctionDef)]
    assert functions
    for function in functions:
        runtime = getattr(_native, function.name)
        assert callable(runtime), function.name
        assert runtime_parameters(runtime) == stub_parameters(function), function.name
        assert ast.get_docstring(function), f"{function.name} has no docstring in the stub"


def test_every_stub_constant_exists_as_an_int():
    constants = [node.target.id for node in stub_tree().body if isinstance(node, ast.AnnAssign)]
    assert constants
    for name in constants:
        assert isinstance(getattr(_native, name), int), name


def test_stub_classes_match():
    classes = {node.name: node for node in stub_tree().body if isinstance(node, ast.ClassDef)}
    assert set(classes) == {
        "NativeError", "PoolExhausted", "PooledBuffer", "BufferPool", "MappedFile", "SocketSender", "SenderHandle",
        "SegmentFileWriter", "BenchRun", "QuicEndpoint", "QuicBytes", "DirtyLanes", "PartitionLane", "DataPlane",
        "RoundRobin",
    }
    assert issubclass(_native.NativeError, Exception)
    assert issubclass(_native.PoolExhausted, Exception)
    members = {node.name for node in classes["NativeError"].body if isinstance(node, ast.FunctionDef)}
    error = _native.NativeError(1, "m")
    for member in members - {"__init__"}:
        assert hasattr(error, member), member
    assert runtime_parameters(_native.NativeError)[:2] == [
        ("code", inspect.Parameter.POSITIONAL_OR_KEYWORD, False),
        ("message", inspect.Parameter.POSITIONAL_OR_KEYWORD, False),
    ]


def test_stub_methods_exist_with_the_same_parameters():
    classes = {node.name: node for node in stub_tree().body if isinstance(node, ast.ClassDef)}
    for name in (
        "PooledBuffer", "BufferPool", "MappedFile", "SegmentFileWriter", "BenchRun", "DirtyLanes", "PartitionLane",
        "DataPlane",
    ):
        runtime_class = getattr(_native, name)
        stubbed = [node for node in classes[name].body if isinstance(node, ast.FunctionDef)]
        for method in stubbed:
            runtime = getattr(runtime_class, method.name)
            assert runtime is not None, f"{name}.{method.name}"
            if method.name == "__init__":
                expected = stub_parameters(method)[1:]
                assert runtime_parameters(runtime_class) == expected, name
            elif not any(isinstance(d, ast.Name) and d.id == "property" for d in method.decorator_list):
                if method.name != "__len__":
                    assert runtime_parameters(runtime)[1:] == stub_parameters(method)[1:], f"{name}.{method.name}"
        runtime_members = {m for m in dir(runtime_class) if not m.startswith("_")}
        assert runtime_members == {m.name for m in stubbed if not m.name.startswith("_")}, name


def test_the_module_exports_nothing_the_stub_omits():
    tree = stub_tree()
    stubbed = {node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)}
    stubbed |= {node.target.id for node in tree.body if isinstance(node, ast.AnnAssign)}
    public = {name for name in dir(_native) if not name.startswith("_")}
    assert public == stubbed
