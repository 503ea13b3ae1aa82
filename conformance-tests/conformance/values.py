"""Expansion of case arguments and matching of results.

Case files are written for people; drivers speak base64. This module bridges the two: payload text and
generated batches are expanded into base64 before a step reaches a driver, and expectations written with
text payloads are compared against the base64 a driver returns.
"""

from __future__ import annotations

import base64
import re
from typing import Any

# A generated batch larger than this is a mistake in a case file, not a test of the server.
GENERATED_BATCH_BYTES_MAX = 64 * 1024 * 1024
# The u64 range, not a sentinel: TOML integers are signed 64-bit, so cases write "$u64_max".
U64_MAX = (1 << 64) - 1  # tidy: allow-value
_VARIABLE = re.compile(r"\$\{([A-Za-z0-9_.]+)\}")


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def generated_payload(size_bytes: int, seed: int) -> bytes:
    """Deterministic, non-repeating-looking bytes so a misplaced slice shows up as a mismatch."""
    pattern = bytes((seed * 31 + index * 7) % 251 for index in range(251))
    repeats = size_bytes // len(pattern) + 1
    return (pattern * repeats)[:size_bytes]


def _expand_message(message: dict[str, Any]) -> dict[str, Any]:
    expanded = {key: value for key, value in message.items() if key not in ("payload", "payload_size", "seed")}
    if "payload" in message:
        expanded["payload"] = _b64(message["payload"].encode())
    elif "payload_size" in message:
        expanded["payload"] = _b64(generated_payload(message["payload_size"], message.get("seed", 0)))
    return expanded


def _expand_generate(spec: dict[str, Any]) -> list[dict[str, Any]]:
    count, size_bytes = int(spec["count"]), int(spec["size"])
    if count * size_bytes > GENERATED_BATCH_BYTES_MAX:
        raise ValueError(f"generated batch of {count}×{size_bytes} B exceeds {GENERATED_BATCH_BYTES_MAX} B")
    return [{"payload": _b64(generated_payload(size_bytes, index))} for index in range(count)]


def substitute(value: Any, saved: dict[str, Any]) -> Any:
    """Replace ${name.path} in strings with values saved by earlier steps."""
    if isinstance(value, str):
        whole = _VARIABLE.fullmatch(value)
        if whole:
            return _lookup(saved, whole.group(1))
        return _VARIABLE.sub(lambda match: str(_lookup(saved, match.group(1))), value)
    if isinstance(value, list):
        return [substitute(item, saved) for item in value]
    if isinstance(value, dict):
        return {key: substitute(item, saved) for key, item in value.items()}
    return value


def _lookup(saved: dict[str, Any], dotted: str) -> Any:
    current: Any = saved
    for part in dotted.split("."):
        if isinstance(current, list):
            current = current[int(part)]
        else:
            current = current[part]
    return current


def expand_args(op: str, args: dict[str, Any], saved: dict[str, Any]) -> dict[str, Any]:
    args = substitute(args, saved)
    if op == "send_messages":
        messages = [_expand_message(message) for message in args.get("messages", [])]
        if "generate" in args:
            messages.extend(_expand_generate(args.pop("generate")))
        args["messages"] = messages
    return args


def match(expected: Any, actual: Any, path: str = "$") -> str | None:
    """Return None when `actual` satisfies `expected`, else a one-line description of the first difference.

    Dicts match as subsets; lists match element-wise with equal length unless written as {"$len" = N};
    "$any" matches any value, "$null" only null, "$u64_max" the u64 sentinel; a `payload` text matches a base64
    payload; `payload_size` matches its length.
    """
    if expected == "$null":
        return None if actual is None else f"{path}: expected null, got {_short(actual)}"
    if expected == "$u64_max":
        expected = U64_MAX
    if expected == "$any":
        return None if actual is not None else f"{path}: expected a value, got nothing"
    if isinstance(expected, dict):
        if set(expected) == {"$len"}:
            length = len(actual) if isinstance(actual, (list, dict, str)) else None
            return None if length == expected["$len"] else f"{path}: expected length {expected['$len']}, got {length}"
        if not isinstance(actual, dict):
            return f"{path}: expected an object, got {type(actual).__name__}"
        for key, expected_item in expected.items():
            problem = _match_key(key, expected_item, actual, f"{path}.{key}")
            if problem:
                return problem
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return f"{path}: expected a list, got {type(actual).__name__}"
        if len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items, got {len(actual)}"
        for index, (expected_item, actual_item) in enumerate(zip(expected, actual)):
            problem = match(expected_item, actual_item, f"{path}[{index}]")
            if problem:
                return problem
        return None
    if expected != actual:
        return f"{path}: expected {expected!r}, got {_short(actual)}"
    return None


def _match_key(key: str, expected: Any, actual: dict[str, Any], path: str) -> str | None:
    if key == "payload" and isinstance(expected, str):
        if "payload" not in actual:
            return f"{path}: missing"
        decoded = base64.b64decode(actual["payload"])
        return None if decoded == expected.encode() else f"{path}: expected {expected!r}, got {_short(decoded)}"
    if key == "payload_size":
        if "payload" not in actual:
            return f"{path}: missing payload"
        size = len(base64.b64decode(actual["payload"]))
        return None if size == expected else f"{path}: expected {expected} bytes, got {size}"
    if key not in actual:
        return f"{path}: missing"
    return match(expected, actual[key], path)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
