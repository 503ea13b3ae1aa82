"""Per-invocation state: output, settings, and the (lazily opened, logged-in) SDK client.

Commands that need the server call `state.client()`; `iggy context ...` and `--help` never connect.
The client is the SDK's synchronous facade, closed when the root click context closes.
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field
from typing import Any

import click
from iggy import ClientConfig
from iggy.connection import DEFAULT_PROTOCOL, protocol_name
from iggy.errors import IggyError
from iggy.protocol.codes import ErrorCode
from iggy.sync import IggyClient

from .config import ContextStore, Overrides, Settings, resolve
from .errors import CliError
from .output import Output

# A CLI call is short-lived: fail fast instead of retrying, and skip the background heartbeat.
CONNECT_TIMEOUT_MS = 5_000
REQUEST_TIMEOUT_MS = 30_000
NO_CREDENTIALS = (
    "no credentials: pass --username/--password or --token, set IGGY_USERNAME and IGGY_PASSWORD "
    "(or IGGY_TOKEN), add them to the context, or run `iggy login` first"
)
# Errors that mean the stored login session is no longer valid on the server.
_STALE_SESSION_CODES = {
    ErrorCode.UNAUTHENTICATED,
    ErrorCode.INVALID_CREDENTIALS,
    ErrorCode.RESOURCE_NOT_FOUND,
    ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN,
    ErrorCode.PERSONAL_ACCESS_TOKEN_EXPIRED,
}


@dataclass
class AppState:
    output: Output
    store: ContextStore
    overrides: Overrides
    _settings: Settings | None = None
    _client: Any = None
    _closers: list = field(default_factory=list)

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = resolve(self.store, self.overrides)
        return self._settings

    def override(self, **values: Any) -> None:
        """Apply command-level options (e.g. `iggy login -u NAME`) on top of the global ones."""
        if self._client is not None:
            raise RuntimeError("overrides must be applied before connecting")
        self.overrides = dataclasses.replace(self.overrides, **values)
        self._settings = None

    def client_config(self) -> ClientConfig:
        settings = self.settings
        address, transport, protocol = server_endpoint(settings.tcp_server_address)
        if protocol is not None and settings.protocol is not None and protocol != settings.protocol:
            raise CliError.usage(f"the address says protocol={protocol} but --protocol (or IGGY_PROTOCOL, or the "
                                 f"context) says {settings.protocol}: give one")
        return ClientConfig(
            address=address,
            transport=transport,
            protocol=protocol or settings.protocol or DEFAULT_PROTOCOL,
            tls=settings.tcp_tls_enabled,
            tls_domain=settings.tcp_tls_domain,
            tls_ca_file=settings.tcp_tls_ca_file,
            connect_timeout_ms=CONNECT_TIMEOUT_MS,
            request_timeout_ms=REQUEST_TIMEOUT_MS,
            reconnection_retries=0,
            heartbeat_interval_ms=0,
        )

    def client(self, login: bool = True) -> IggyClient:
        """The connected client; logged in with the resolved credentials unless `login` is False."""
        if self._client is None:
            if login and self.settings.credentials is None:
                raise CliError.usage(NO_CREDENTIALS)
            client = IggyClient(self.client_config())
            client.connect()
            self._client = client
            if login:
                self._login(client)
        return self._client

    def _login(self, client: IggyClient) -> None:
        credentials = self.settings.credentials
        if credentials is None:
            raise CliError.usage(NO_CREDENTIALS)
        if credentials.token is not None:
            try:
                client.login_with_personal_access_token(credentials.token)
            except IggyError as error:
                if credentials.source == "session" and error.code in _STALE_SESSION_CODES:
                    self.store.clear_session(self.settings.context_name)
                    raise CliError(
                        f"the login session of context '{self.settings.context_name}' has expired or was "
                        f"revoked ({error.name}); run `iggy login` again"
                    ) from None
                raise
            return
        password = credentials.password
        if password is None:
            password = prompt_password(credentials.username or "")
        client.login_user(credentials.username, password)

    def close(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            try:
                client.close()
            except Exception:  # the command's result is already printed; a failing close changes nothing
                pass


def prompt_password(username: str) -> str:
    if not sys.stdin.isatty():
        raise CliError.usage(f"a password for '{username}' is required: pass --password or set IGGY_PASSWORD")
    return click.prompt(f"Password for {username}", hide_input=True, err=True)


def get_state() -> AppState:
    return click.get_current_context().find_object(AppState)


def server_endpoint(address: str) -> tuple[str, str, str | None]:
    """``HOST:PORT`` (TCP) or a connection string naming the transport: ``iggy+ws://HOST:PORT``,
    ``iggy+http://HOST:PORT`` (credentials stay in -u/-p/--token, never in the address); with the protocol its
    ``?protocol=`` names (None when it names none)."""
    if "://" not in address:
        return address, "tcp", None
    config = ClientConfig.parse(address)
    if config.username is not None or config.token is not None:
        raise CliError.usage("give credentials with -u/-p or --token, not inside the server address")
    named = "protocol=" in address.partition("?")[2]
    return config.address, config.transport, protocol_name(config.protocol) if named else None
