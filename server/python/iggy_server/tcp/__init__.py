"""The TCP listener's connection: one ``asyncio.BufferedProtocol`` per client, built in three layers.

* :mod:`.framing` — :class:`~.framing.FrameReader`, the frame state machine and the checks made from a
  frame's header before its payload is read (which bound what a peer can make the server hold);
* :mod:`.dispatch` — :class:`~.dispatch.RequestDispatcher`, which runs a request's handler, answers it,
  refuses with a rate-limited log line and writes the audit line;
* :mod:`.connection` — :class:`~.connection.Connection`, the asyncio protocol: session, flow control, close.

The checks before a payload is read, what follows a handler (its error, the audit line) and every refusal's log
line and counter are ``iggy_server.request_path``'s, which HTTP, QUIC and WebSocket run through
``transports/execute.py``; TCP calls the same functions from this inline path (no task and no reply object per
request). Errors never carry a body; OK bodies are never exactly one byte (reference §2.2).
"""
