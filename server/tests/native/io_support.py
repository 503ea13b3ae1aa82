"""Shared by the writer and storage tests: writer backends, an independent O_DIRECT probe, segment files.

The probe is written without the code under test, so a broken ``resources._probe_direct_io`` cannot make the
direct-I/O tests skip themselves.
"""

from __future__ import annotations

import mmap
import os
from pathlib import Path

import pytest

from iggy_server import _native

ALIGN = _native.DIRECT_IO_ALIGN_BYTES
IO_URING_AVAILABLE, IO_URING_REASON = _native.io_uring_status()
BACKENDS = [
    "pwritev",
    pytest.param(
        "io_uring",
        marks=pytest.mark.skipif(not IO_URING_AVAILABLE, reason=f"io_uring unavailable here: {IO_URING_REASON}"),
    ),
]


def direct_io_refusal(directory: Path) -> str:
    """"" when an aligned O_DIRECT write works in ``directory``, else why not."""
    block = mmap.mmap(-1, ALIGN)
    probe = directory / "o_direct_probe"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_DIRECT, 0o644)
        try:
            os.pwritev(fd, [block], 0)
        finally:
            os.close(fd)
    except OSError as error:
        return f"{directory} refuses O_DIRECT: {error}"
    finally:
        block.close()
        probe.unlink(missing_ok=True)
    return ""


@pytest.fixture
def direct_dir(tmp_path):
    """tmp_path, on a filesystem that takes O_DIRECT (pytest's base temp dir is on the real disk here)."""
    refusal = direct_io_refusal(tmp_path)
    if refusal:
        pytest.skip(f"no O_DIRECT-capable filesystem for the direct tests: {refusal}")
    return tmp_path


def stored_files(directory: Path) -> dict[str, bytes]:
    """Every segment .log and .index file of a partition directory, by name."""
    return {path.name: path.read_bytes() for path in sorted(directory.iterdir()) if path.suffix in (".log", ".index")}
