"""The non-TCP transports of Iggy 0.8: HTTP REST (``http``), QUIC (``quic``) and WebSocket (``websocket``).

Every transport runs commands through :func:`iggy_server.transports.execute.execute`, the same handlers TCP
uses, so one place decides what a command does. :func:`iggy_server.transports.listeners.start_listeners` starts
the enabled ones; the TCP listener stays in ``tcp/`` with its inline fast path. The listener modules import their
libraries (aiohttp, aioquic, websockets) only when enabled.

This file imports nothing: ``config`` reads ``transports.settings``, and the server's layers below ``metadata``
must not reach the server context through the package (tests/test_server_metadata_modules.py).
"""
