"""Which files the generator owns, and the drift check behind `make gen-check`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .codec_go import render_go_codec
from .codec_java import JAVA_CODEC_OUTPUTS
from .codec_python import (
    FRAMES_PATH, LAYOUT_PATH, REQUESTS_PATH, RESPONSES_PATH, render_python_frames, render_python_layout,
    render_python_requests, render_python_responses,
)
from .codec_rust import render_rust_codec, render_rust_error_code, render_rust_fields, render_rust_layout
from .driver_calls import DRIVER_CALLS_OUTPUTS
from .driver_ops import CONFORMANCE_README_PATH, render_conformance_readme
from .driver_tables import DRIVER_OPS_OUTPUTS
from .http_routes import SDK_ROUTES_PATH, SERVER_ROUTES_PATH, render_sdk_routes, render_server_routes
from .languages import JAVA_ROOT, render_go, render_java, render_python, render_rust
from .reference import render_reference
from .spec import Spec

REPO_ROOT = Path(__file__).resolve().parents[2]

# Repository-relative path -> renderer. The Rust codes and wire-layout files are shared verbatim by the server and
# the Rust SDK.
OUTPUTS: dict[str, Callable[[Spec], str]] = {
    "sdk/python/src/iggy/protocol/codes.py": render_python,
    "server/src/codes.rs": render_rust,
    "sdk/rust/src/codes.rs": render_rust,
    "sdk/rust/src/codec.rs": render_rust_codec,
    "sdk/rust/src/wire_layout.rs": render_rust_layout,
    "sdk/rust/src/error_code.rs": render_rust_error_code,
    "sdk/rust/tests/golden/generated.rs": render_rust_fields,
    "server/src/wire_layout.rs": render_rust_layout,
    "sdk/go/codes.go": render_go,
    "sdk/go/internal/codec/codec_gen.go": render_go_codec,
    f"{JAVA_ROOT}/Codes.java": render_java,
    "protocol-spec/REFERENCE.md": render_reference,
    # The Python codec (codec_python.py): requests, the command table and the header/index layout.
    REQUESTS_PATH: render_python_requests,
    RESPONSES_PATH: render_python_responses,
    LAYOUT_PATH: render_python_layout,
    FRAMES_PATH: render_python_frames,
    # The Java codec (codec_java.py): records with their codec, the command table, the layout, ErrorCode.
    **JAVA_CODEC_OUTPUTS,
    # Iggy's REST routes (http_routes.py): the server's and the Python SDK's (no other SDK speaks HTTP).
    SERVER_ROUTES_PATH: render_server_routes,
    SDK_ROUTES_PATH: render_sdk_routes,
    # The conformance driver protocol's op table (driver_ops.py), spliced between markers into the README's prose.
    CONFORMANCE_README_PATH: render_conformance_readme,
    # The same table per driver language, with the step check every driver runs (driver_tables.py).
    **DRIVER_OPS_OUTPUTS,
    # The plain ops' calls in our four SDKs' drivers, which need no hand-written case (driver_calls.py).
    **DRIVER_CALLS_OUTPUTS,
}


# Outputs that are one generated block inside a hand-written file (its renderer keeps the text around the block);
# the block's opening marker carries the banner, not the file's first line.
SPLICED_OUTPUTS = frozenset({CONFORMANCE_README_PATH})


# Outputs whose generator already emits every protocol version from one spec (one type per record or command,
# encoding and decoding each version's fields). The others are still generated from the oldest version's view.
VERSIONED_OUTPUTS = frozenset({
    "sdk/python/src/iggy/protocol/codes.py", REQUESTS_PATH, RESPONSES_PATH, LAYOUT_PATH, FRAMES_PATH,
    "server/src/wire_layout.rs", "sdk/rust/src/wire_layout.rs", "server/src/codes.rs",
    f"{JAVA_ROOT}/Codes.java", *JAVA_CODEC_OUTPUTS,
    # The Rust SDK's codec (codec_rust.py): one type per record serving every version.
    "sdk/rust/src/codes.rs", "sdk/rust/src/codec.rs", "sdk/rust/src/error_code.rs",
    "sdk/rust/tests/golden/generated.rs",
    "sdk/go/codes.go", "sdk/go/internal/codec/codec_gen.go",
    SERVER_ROUTES_PATH, SDK_ROUTES_PATH, CONFORMANCE_README_PATH, *DRIVER_OPS_OUTPUTS, *DRIVER_CALLS_OUTPUTS,
})


def render_all(spec: Spec) -> dict[str, str]:
    oldest = spec.at(spec.version_names[0])
    return {path: render(spec if path in VERSIONED_OUTPUTS else oldest) for path, render in OUTPUTS.items()}


def write_all(spec: Spec, root: Path = REPO_ROOT) -> list[str]:
    """Write every output whose content changed; returns the paths written."""
    written = []
    for path, text in render_all(spec).items():
        target = root / path
        if target.exists() and target.read_text(encoding="utf-8") == text:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def stale_outputs(spec: Spec, root: Path = REPO_ROOT) -> list[str]:
    """Paths whose committed content differs from what the spec generates (missing files count as stale)."""
    stale = []
    for path, text in render_all(spec).items():
        target = root / path
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            stale.append(path)
    return stale
