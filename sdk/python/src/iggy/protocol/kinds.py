"""Wire discriminant enums used inside payloads (generated into `codes.py`; re-exported here)."""

from .codes import (
    ClusterNodeRole,
    ClusterNodeStatus,
    CompressionAlgorithm,
    ConsumerKind,
    HeaderKind,
    IdKind,
    PartitioningKind,
    PollingKind,
    SnapshotCompression,
    SnapshotType,
    Transport,
    UserStatus,
)

__all__ = [
    "ClusterNodeRole",
    "ClusterNodeStatus",
    "CompressionAlgorithm",
    "ConsumerKind",
    "HeaderKind",
    "IdKind",
    "PartitioningKind",
    "PollingKind",
    "SnapshotCompression",
    "SnapshotType",
    "Transport",
    "UserStatus",
]
