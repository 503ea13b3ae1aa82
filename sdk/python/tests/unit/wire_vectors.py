"""Load the reference test vectors (iggy-wire-0.8.md §7) as raw frames.

The reference lives outside the repo; tests that need it skip when it is absent. The vectors are
copied into protocol-spec/fixtures as well, so the fixture suite covers them without this file.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

REFERENCE = Path(os.environ.get("IGGY_WIRE_REFERENCE", "/work/shared/reference/iggy-wire-0.8.md"))

_HEADING = re.compile(r"^#### (V\d+) (.*)$", re.M)
_CODE = re.compile(r"Command code (\d+)")
_BLOCK = re.compile(r"(Request|Response) frame \(\d+ bytes\):\s*```\s*([0-9a-f]+)\s*```", re.S)


@dataclass(frozen=True)
class Vector:
    name: str
    title: str
    code: int
    request: bytes | None
    response: bytes | None


def load_vectors() -> dict[str, Vector]:
    text = REFERENCE.read_text(encoding="utf-8")
    section = text[text.index("## 7. Test vectors") : text.index("## 8. Verification record")]
    headings = list(_HEADING.finditer(section))
    vectors: dict[str, Vector] = {}
    for index, heading in enumerate(headings):
        end = headings[index + 1].start() if index + 1 < len(headings) else len(section)
        body = section[heading.end() : end]
        frames = {kind: bytes.fromhex(hexstr) for kind, hexstr in _BLOCK.findall(body)}
        code_match = _CODE.search(body)
        name = heading.group(1)
        if name == "V0":
            request = bytes.fromhex("04000000c9000000")
            response = bytes.fromhex(re.search(r"= `([0-9a-f]+)`", body).group(1))
            vectors[name] = Vector(name, heading.group(2), 201, request, response)
            continue
        vectors[name] = Vector(
            name, heading.group(2), int(code_match.group(1)), frames.get("Request"), frames.get("Response")
        )
    return vectors
