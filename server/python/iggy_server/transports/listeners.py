"""Starting and stopping the enabled HTTP, QUIC and WebSocket listeners (a config section each)."""

from __future__ import annotations

import importlib
import logging
import os
from typing import Any

from ..context import TransportContext

__all__ = ["ListenError", "start_listeners", "stop_listeners", "LISTENERS"]

log = logging.getLogger(__name__)

# config section → (module, class, name used in logs and address files)
LISTENERS = {
    "http": ("http", "HttpListener", "http"),
    "quic": ("quic", "QuicListener", "quic"),
    "websocket": ("websocket", "WebSocketListener", "websocket"),
}


class ListenError(OSError):
    """A listener could not bind; the message names its config section and address, so an operator whose
    ``websocket.address`` is taken is not sent to look at ``tcp.address``."""

    def __init__(self, section: str, address: str, cause: OSError) -> None:
        reason = os.strerror(cause.errno) if cause.errno else str(cause)
        super().__init__(cause.errno, f"{section}.address {address}: {reason}")
        self.section = section


async def start_listeners(ctx: TransportContext) -> dict[str, Any]:
    """Start every enabled transport; ``{section: listener}`` with ``listener.address`` bound."""
    from ..config import split_address
    from .metrics import METRICS

    METRICS.attach(ctx)
    started: dict[str, Any] = {}
    try:
        for section, (module_name, class_name, _) in LISTENERS.items():
            config = getattr(ctx.config, section)
            if not config.enabled:
                continue
            module = importlib.import_module(f"{__package__}.{module_name}")
            listener = getattr(module, class_name)(ctx)
            host, port = split_address(config.address, f"{section}.address")
            try:
                bound = await listener.start(host, port)
            except OSError as exc:
                raise ListenError(section, config.address, exc) from exc
            started[section] = listener
            ctx.transport_ports[section] = bound[1]
            log.info("%s listening on %s:%d", section, bound[0], bound[1])
    except BaseException:
        await stop_listeners(started)
        raise
    return started


async def stop_listeners(listeners: dict[str, Any]) -> None:
    for section, listener in listeners.items():
        try:
            await listener.stop()
        except Exception:
            log.exception("stopping the %s listener failed", section)
