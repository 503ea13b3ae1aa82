"""Shared encode/decode plumbing for request and response models."""

from __future__ import annotations

from typing import Any, Final, Self

from .codes import ProtocolVersion
from .errors import invalid_command
from .primitives import BytesLike, Reader, Writer

V0_8: Final = ProtocolVersion.V0_8


class _Required:
    """The default of a constructor argument that is required although an earlier one has a default (a field
    only some protocol versions have sits before it); `require_fields` refuses it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()


def require_fields(model: Any, names: tuple[str, ...]) -> None:
    missing = [name for name in names if getattr(model, name) is REQUIRED]
    if missing:
        raise TypeError(f"{type(model).__name__}() missing required argument(s): {', '.join(missing)}")


class WireModel:
    """Mixin: subclasses implement `write(writer)` and `read(reader)`; this adds bytes-level helpers."""

    __slots__ = ()

    def write(self, writer: Writer) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def read(cls, reader: Reader) -> Self:  # pragma: no cover - abstract
        raise NotImplementedError

    def encode(self, version: ProtocolVersion = V0_8) -> bytes:
        """The payload bytes (no frame header) in `version`."""
        writer = Writer(version)
        self.write(writer)
        return writer.bytes()

    @classmethod
    def decode(cls, buf: BytesLike, version: ProtocolVersion = V0_8) -> Self:
        """Decode one value from the start of `buf`; trailing bytes are ignored (as the 0.8 server does)."""
        return cls.read(Reader(buf, version=version))

    @classmethod
    def decode_list(cls, buf: BytesLike, version: ProtocolVersion = V0_8, counted: bool = False) -> list[Self]:
        """Decode `X × n` packed back to back until the buffer ends (an empty buffer is an empty list); `counted`:
        a u32 element count comes first (and must match)."""
        reader = Reader(buf, version=version)
        items: list[Any] = []
        expected = reader.u32("count") if counted else None
        # Every item consumes at least one byte, so the loop is bounded by the buffer size.
        while reader.remaining:
            items.append(cls.read(reader))
        if expected is not None and expected != len(items):
            raise invalid_command(f"the list says {expected} elements, the body holds {len(items)}")
        return items

    @classmethod
    def encode_list(
        cls, items: list[Self] | tuple[Self, ...], version: ProtocolVersion = V0_8, counted: bool = False
    ) -> bytes:
        writer = Writer(version)
        if counted:
            writer.u32(len(items))
        for item in items:
            item.write(writer)
        return writer.bytes()
