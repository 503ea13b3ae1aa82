"""The one exception type of the storage layer: an Iggy error code plus a message."""

from iggy.protocol.codes import ErrorCode
from iggy_server._native import NativeError as StorageError

__all__ = ["StorageError", "background_write_failed"]


def background_write_failed(error: BaseException) -> StorageError:
    """What appends and reads of a partition raise after one of its background writes failed."""
    return StorageError(
        int(ErrorCode.CANNOT_SAVE_MESSAGES_TO_SEGMENT),
        f"a background write of this partition failed ({error}); restart the server to recover its files",
    )
