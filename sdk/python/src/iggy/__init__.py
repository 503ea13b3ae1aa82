"""Python SDK for Apache Iggy 0.8-compatible servers.

`iggy.IggyClient` is the asyncio client (every 0.8 command), `iggy.sync.IggyClient` its blocking
facade, `IggyProducer` / `IggyConsumer` the high-level layers. `iggy.protocol` is the I/O-free wire
codec shared by this SDK and the reference server.
"""

from ._version import CLIENT_NAME, __version__
from .client import IggyClient
from .connection import ClientConfig, parse_connection_string
from .consumer import AutoCommit, IggyConsumer, ReceivedMessage
from .errors import (
    AlreadyExistsError,
    CannotConnectError,
    ClientClosedError,
    ClientError,
    ConnectionLostError,
    IggyError,
    InvalidConnectionStringError,
    InvalidCredentialsError,
    NotConnectedError,
    NotFoundError,
    RequestTimeoutError,
    UnauthenticatedError,
    UnauthorizedError,
)
from .producer import IggyProducer
from .protocol.codes import Command, ErrorCode
from .protocol.kinds import CompressionAlgorithm, ConsumerKind, PollingKind, UserStatus
from .protocol.messages import Message, PolledMessages
from .protocol.primitives import (
    Consumer,
    GlobalPermissions,
    HeaderValue,
    Identifier,
    Partitioning,
    Permissions,
    PollingStrategy,
    StreamPermissions,
    TopicPermissions,
)
from .protocol.responses import (
    ClientDetails,
    ClientInfo,
    ClusterMetadata,
    ConsumerOffsetInfo,
    GroupDetails,
    GroupHeader,
    HotPathStats,
    PartitionDetails,
    PersonalAccessTokenInfo,
    Stats,
    StreamDetails,
    StreamHeader,
    TopicDetails,
    TopicHeader,
    UserDetails,
    UserHeader,
)

__all__ = [
    "CLIENT_NAME",
    "__version__",
    "AlreadyExistsError",
    "AutoCommit",
    "CannotConnectError",
    "ClientClosedError",
    "ClientConfig",
    "ClientDetails",
    "ClientError",
    "ClientInfo",
    "ClusterMetadata",
    "Command",
    "CompressionAlgorithm",
    "ConnectionLostError",
    "Consumer",
    "ConsumerKind",
    "ConsumerOffsetInfo",
    "ErrorCode",
    "GlobalPermissions",
    "GroupDetails",
    "GroupHeader",
    "HeaderValue",
    "Identifier",
    "IggyClient",
    "IggyConsumer",
    "IggyError",
    "IggyProducer",
    "InvalidConnectionStringError",
    "InvalidCredentialsError",
    "Message",
    "NotConnectedError",
    "NotFoundError",
    "PartitionDetails",
    "Partitioning",
    "Permissions",
    "PersonalAccessTokenInfo",
    "PolledMessages",
    "PollingKind",
    "PollingStrategy",
    "ReceivedMessage",
    "RequestTimeoutError",
    "Stats",
    "HotPathStats",
    "StreamDetails",
    "StreamHeader",
    "StreamPermissions",
    "TopicDetails",
    "TopicHeader",
    "TopicPermissions",
    "UnauthenticatedError",
    "UnauthorizedError",
    "UserDetails",
    "UserHeader",
    "UserStatus",
    "parse_connection_string",
]
