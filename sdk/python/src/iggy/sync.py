"""Blocking facade over the async client, producer and consumer — the same implementation.

Each sync client owns one daemon thread running an asyncio loop. Every public coroutine method of the
async class is wrapped generically: the sync method submits the coroutine to that loop and waits for
its result, so there is no second copy of any command. Sync producers/consumers built from a sync
client share its loop and connection.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from typing import Any

from . import client as _client
from . import consumer as _consumer
from . import producer as _producer
from .connection import ClientConfig


class _LoopThread:
    """A private event loop in a daemon thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="iggy-sync-loop", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def run(self, coroutine: Any, timeout_s: float | None = None) -> Any:
        if threading.current_thread() is self._thread:
            coroutine.close()
            raise RuntimeError("a sync Iggy method was called from inside its own event loop thread")
        future: Future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        try:
            return future.result(timeout_s)
        except BaseException:
            future.cancel()
            raise

    def stop(self) -> None:
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=5)
        if not self._thread.is_alive():
            self.loop.close()


def _wrap(name: str, method: Any) -> Any:
    @functools.wraps(method)
    def call(self: _SyncFacade, *args: Any, **kwargs: Any) -> Any:
        return self._loop_thread.run(getattr(self._async, name)(*args, **kwargs))

    call.__doc__ = (method.__doc__ or "") + "\n\n(Blocking: runs the async method on the client's loop thread.)"
    return call


def _facade_of(async_cls: type, skip: tuple[str, ...] = ()) -> Any:
    """Class decorator adding a blocking method for every public `async def` of `async_cls`."""

    def decorate(cls: type) -> type:
        for name, member in inspect.getmembers(async_cls, inspect.iscoroutinefunction):
            if name.startswith("_") or name in skip or name in cls.__dict__:
                continue
            setattr(cls, name, _wrap(name, member))
        return cls

    return decorate


class _SyncFacade:
    _async: Any
    _loop_thread: _LoopThread

    def __getattr__(self, name: str) -> Any:
        # Plain attributes/properties of the async object (config, user_id, counters) read through.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._async, name)


@_facade_of(_client.IggyClient)
class IggyClient(_SyncFacade):
    """Blocking Iggy client. `with IggyClient("iggy://iggy:iggy@127.0.0.1:8090") as client: ...`"""

    def __init__(self, config: ClientConfig | str | None = None, **overrides: Any) -> None:
        self._loop_thread = _LoopThread()

        async def build() -> _client.IggyClient:
            return _client.IggyClient(config, **overrides)

        try:
            self._async = self._loop_thread.run(build())
        except BaseException:
            self._loop_thread.stop()
            raise

    @classmethod
    def from_connection_string(cls, connection_string: str, **overrides: Any) -> IggyClient:
        return cls(connection_string, **overrides)

    @property
    def async_client(self) -> _client.IggyClient:
        """The underlying async client (use only from `run()` coroutines)."""
        return self._async

    def run(self, coroutine: Any, timeout_s: float | None = None) -> Any:
        """Run any coroutine (e.g. one using `async_client`) on this client's loop and wait for it."""
        return self._loop_thread.run(coroutine, timeout_s)

    def close(self) -> None:
        try:
            if not self._loop_thread.loop.is_closed():
                self._loop_thread.run(self._async.close())
        finally:
            self._loop_thread.stop()

    def __enter__(self) -> IggyClient:
        self.connect()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return repr(self._async).replace("<IggyClient", "<sync IggyClient", 1)


@_facade_of(_producer.IggyProducer)
class IggyProducer(_SyncFacade):
    """Blocking producer on a sync client; same arguments as `iggy.IggyProducer`."""

    def __init__(self, client: IggyClient, stream: Any, topic: Any, **options: Any) -> None:
        self._loop_thread = client._loop_thread

        async def build() -> _producer.IggyProducer:
            return _producer.IggyProducer(client.async_client, stream, topic, **options)

        self._async = self._loop_thread.run(build())

    def __enter__(self) -> IggyProducer:
        self.init()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


@_facade_of(_consumer.IggyConsumer, skip=("__anext__",))
class IggyConsumer(_SyncFacade):
    """Blocking consumer on a sync client; iterate it with a plain `for`."""

    def __init__(self, client: IggyClient, stream: Any, topic: Any, **options: Any) -> None:
        self._loop_thread = client._loop_thread

        async def build() -> _consumer.IggyConsumer:
            return _consumer.IggyConsumer(client.async_client, stream, topic, **options)

        self._async = self._loop_thread.run(build())

    def __iter__(self) -> Iterator[_consumer.ReceivedMessage]:
        while True:
            try:
                yield self._loop_thread.run(self._async.__anext__())
            except StopAsyncIteration:
                return

    def consume(self, handler: Any, *, max_messages: int | None = None) -> int:
        """Call a plain `handler(msg)` per message until `max_messages` or close(); runs in this thread."""
        handled = 0
        for message in self:
            handler(message)
            handled += 1
            if max_messages is not None and handled >= max_messages:
                break
        return handled

    def __enter__(self) -> IggyConsumer:
        self.init()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


SyncIggyClient = IggyClient
SyncIggyProducer = IggyProducer
SyncIggyConsumer = IggyConsumer

__all__ = ["IggyClient", "IggyConsumer", "IggyProducer", "SyncIggyClient", "SyncIggyConsumer", "SyncIggyProducer"]
