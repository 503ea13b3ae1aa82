"""The one exception type of the storage layer: an Iggy error code plus a message."""

from iggy_server._native import NativeError as StorageError

__all__ = ["StorageError"]
