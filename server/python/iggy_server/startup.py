"""Start-up: open the data directory and build the :class:`ServerContext` every handler gets.

Probes that ``system.path`` and its ``state/`` directory take a write, opens the storage's I/O resources,
loads metadata and partitions, checks that the configured encryption reads the stored messages back, loads the
users, tokens and authorizer, and creates root on the first start.
"""

from __future__ import annotations

import logging
import os
import secrets
import string
from pathlib import Path

from iggy.protocol.codes import ErrorCode

from .clients import ClientRegistry
from .config import ConfigError, ServerConfig
from .context import ServerContext
from .errors import IggyError
from .metadata import Metadata
from .security.authorizer import Authorizer
from .security.tokens import TokenStore
from .security.users import UserStore
from .storage import IoResources
from .storage.encryption import check_data_directory

__all__ = ["build_context", "configure_hot_path"]

log = logging.getLogger("iggy_server")

ROOT_PASSWORD_ALPHABET = string.ascii_letters + string.digits
_STARTUP_PROBE_BYTES = 64 * 1024

def generate_root_password() -> str:
    """20–40 random alphanumerics, like the 0.8 server's generated root password."""
    length = 20 + secrets.randbelow(21)
    return "".join(secrets.choice(ROOT_PASSWORD_ALPHABET) for _ in range(length))


def build_context(config: ServerConfig, *, root_credentials: tuple[str, str] | None = None) -> ServerContext:
    """Open the data directory: metadata + partitions, users, tokens, authorizer.

    ``root_credentials`` = (username, password) used only when no user exists yet; None = take them
    from ``IGGY_ROOT_USERNAME`` / ``IGGY_ROOT_PASSWORD`` or generate a password and print it once.
    """
    system_path = Path(config.system.path)
    state_dir = system_path / "state"
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise IggyError(ErrorCode.CANNOT_CREATE_STATE_DIRECTORY, f"cannot create {state_dir}: {exc}") from None
    for directory in (system_path, state_dir):
        probe_writable(directory)
    io = configure_hot_path(config)
    clients = ClientRegistry()
    metadata = Metadata(system_path, config, io, lookup_session=clients.get)
    metadata.load()
    try:
        key = metadata.storage_config.encryption_key or None
        check_data_directory(state_dir, key, metadata.counts()["messages"])
    except BaseException:
        metadata.close()
        raise
    users = UserStore(state_dir)
    ctx = ServerContext(
        config=config,
        metadata=metadata,
        groups=metadata.groups,
        io=io,
        clients=clients,
        users=users,
        tokens=TokenStore(state_dir, users),
        authorizer=Authorizer(users),
        state_dir=state_dir,
    )
    _attach_security(ctx, root_credentials)
    return ctx


def probe_writable(directory: Path) -> None:
    """Write, fsync and remove a small file in ``directory``, so a read-only, full or unwritable data
    directory stops start-up with one clear error instead of failing at the first change."""
    probe = directory / f".write-probe-{os.getpid()}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            view = memoryview(bytes(_STARTUP_PROBE_BYTES))
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
            probe.unlink(missing_ok=True)
    except OSError as exc:
        raise IggyError(
            ErrorCode.CANNOT_WRITE_TO_FILE, f"{directory} is not writable ({exc.strerror or exc}); nothing was changed"
        ) from None


def configure_hot_path(config: ServerConfig) -> IoResources:
    """The storage's I/O resources (buffer pool bound, segment writer backend, direct I/O, write queue)."""
    try:
        io = IoResources(config.storage_config().io)
    except OSError as exc:
        raise ConfigError(f"system.io.writer: {exc}") from None
    tcp = config.tcp
    # Partitions open with a lane only when the listener will run the native send path (it answers through the
    # send thread, which TLS rules out).
    io.send_lanes = tcp.native_send_connections > 0 and tcp.send_thread and not tcp.tls.enabled
    status = io.io_status()
    if status["io_uring_available"]:
        log.info(
            "segment writer: %s, direct_io=%s; buffer pool: %d bytes",
            status["writer"],
            status["direct_io"],
            config.system.memory_pool.size_bytes,
        )
    else:
        log.warning(
            "io_uring unavailable (%s): segment writer falls back to pwritev; buffer pool: %d bytes",
            status["io_uring_reason"],
            config.system.memory_pool.size_bytes,
        )
    return io


def _attach_security(ctx: ServerContext, root_credentials: tuple[str, str] | None) -> None:
    """Create root on the first start, and log out the sessions of a deleted user."""
    users = ctx.users
    generated = False
    if root_credentials is None:
        username = os.environ.get("IGGY_ROOT_USERNAME")
        password = os.environ.get("IGGY_ROOT_PASSWORD")
        if not (username and password):
            username, password, generated = "iggy", generate_root_password(), True
        root_credentials = (username, password)
    if users.ensure_root(*root_credentials) and generated:
        # Printed once, at creation: it is stored only as a hash.
        print(f"Created root user {root_credentials[0]!r} with generated password: {root_credentials[1]}", flush=True)

    def logout_deleted_user(user_id: int) -> None:
        for session in ctx.clients.sessions_of_user(user_id):
            session.user_id = None

    users.add_deletion_listener(logout_deleted_user)
