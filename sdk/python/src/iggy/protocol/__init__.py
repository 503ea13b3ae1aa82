"""I/O-free Iggy 0.8 wire protocol: framing, primitives, requests, responses, messages.

Shared by the SDK (encode requests, decode responses) and the server (decode requests, encode
responses). Nothing here touches sockets or files.
"""

from .codes import Command, ErrorCode
from .errors import ProtocolError
from .framing import (
    REQUEST_HEADER_SIZE,
    RESPONSE_HEADER_SIZE,
    decode_request_header,
    decode_response_header,
    encode_request,
    encode_response,
)
from .messages import (
    MESSAGE_HEADER_SIZE,
    Message,
    PolledMessages,
    SendMessagesView,
    encode_poll_response_prefix,
    encode_send_messages,
)
from .primitives import (
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
from .requests import REQUEST_TYPES, decode_request

__all__ = [
    "Command",
    "Consumer",
    "ErrorCode",
    "GlobalPermissions",
    "HeaderValue",
    "Identifier",
    "MESSAGE_HEADER_SIZE",
    "Message",
    "Partitioning",
    "Permissions",
    "PolledMessages",
    "PollingStrategy",
    "ProtocolError",
    "REQUEST_HEADER_SIZE",
    "REQUEST_TYPES",
    "RESPONSE_HEADER_SIZE",
    "SendMessagesView",
    "StreamPermissions",
    "TopicPermissions",
    "decode_request",
    "decode_request_header",
    "decode_response_header",
    "encode_poll_response_prefix",
    "encode_request",
    "encode_response",
    "encode_send_messages",
]
