"""Python SDK for Apache Iggy servers, speaking Iggy 0.9 (the default) or 0.8 (`protocol=0.8`).

`iggy.IggyClient` is the asyncio client (every command of both protocols), `iggy.sync.IggyClient` its blocking
facade, `IggyProducer` / `IggyConsumer` the high-level layers. `iggy.protocol` is the I/O-free wire
codec shared by this SDK and the reference server.
"""

__version__ = "0.1.0"

from .client import IggyClient
from .connection import ClientConfig, parse_connection_string
from .consumer import AutoCommit, IggyConsumer, ReceivedMessage
from .errors import (
    AlreadyExistsError,
    CannotConnectError,
    ClientClosedError,
    ClientError,
    ConnectionLostError,
    EvictedError,
    IggyError,
    InvalidConnectionStringError,
    InvalidCredentialsError,
    NotConnectedError,
    NotFoundError,
    ProtocolMismatchError,
    RequestTimeoutError,
    UnauthenticatedError,
    UnauthorizedError,
)
from .options import decode_options, encode_options
from .producer import IggyProducer
from .protocol.codes import AckLevel, Command, ErrorCode, EvictionReason, OptionScope, ProtocolVersion
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
    OptionDescriptor,
    PartitionDetails,
    PersonalAccessTokenInfo,
    SendConfirmation,
    Stats,
    StreamDetails,
    StreamHeader,
    SyncConsumerGroupResponse,
    TopicDetails,
    TopicHeader,
    UserDetails,
    UserHeader,
)

__all__ = [
    "AckLevel",
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
    "EvictedError",
    "EvictionReason",
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
    "OptionDescriptor",
    "OptionScope",
    "PartitionDetails",
    "Partitioning",
    "Permissions",
    "PersonalAccessTokenInfo",
    "PolledMessages",
    "PollingKind",
    "PollingStrategy",
    "ProtocolMismatchError",
    "ProtocolVersion",
    "ReceivedMessage",
    "RequestTimeoutError",
    "SendConfirmation",
    "Stats",
    "HotPathStats",
    "StreamDetails",
    "StreamHeader",
    "StreamPermissions",
    "SyncConsumerGroupResponse",
    "TopicDetails",
    "TopicHeader",
    "TopicPermissions",
    "UnauthenticatedError",
    "UnauthorizedError",
    "UserDetails",
    "UserHeader",
    "UserStatus",
    "decode_options",
    "encode_options",
    "parse_connection_string",
]
