"""Shared encode/decode plumbing for request and response models."""

from __future__ import annotations

from typing import Any, Self

from .primitives import BytesLike, Reader, Writer


class WireModel:
    """Mixin: subclasses implement `write(writer)` and `read(reader)`; this adds bytes-level helpers."""

    __slots__ = ()

    def write(self, writer: Writer) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def read(cls, reader: Reader) -> Self:  # pragma: no cover - abstract
        raise NotImplementedError

    def encode(self) -> bytes:
        """The payload bytes (no frame header)."""
        writer = Writer()
        self.write(writer)
        return writer.bytes()

    @classmethod
    def decode(cls, buf: BytesLike) -> Self:
        """Decode one value from the start of `buf`; trailing bytes are ignored (as the 0.8 server does)."""
        return cls.read(Reader(buf))

    @classmethod
    def decode_list(cls, buf: BytesLike) -> list[Self]:
        """Decode `X × n` packed back to back until the buffer ends (an empty buffer is an empty list)."""
        reader = Reader(buf)
        items: list[Any] = []
        # Every item consumes at least one byte, so the loop is bounded by the buffer size.
        while reader.remaining:
            items.append(cls.read(reader))
        return items

    @classmethod
    def encode_list(cls, items: list[Self] | tuple[Self, ...]) -> bytes:
        writer = Writer()
        for item in items:
            item.write(writer)
        return writer.bytes()
