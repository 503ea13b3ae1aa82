# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: VERSION. Change it, then run `make gen`.
"""The release of the iggy-sdk package."""

__version__ = "0.2.0"
# Sent as LoginUser's version string and as the HTTP/WebSocket User-Agent.
CLIENT_NAME = "iggy-sdk-python/0.2.0"
