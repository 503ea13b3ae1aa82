"""``iggy-server``: start the Iggy 0.8 compatible reference server.

    iggy-server [--config PATH] [--check-config] [--fresh] [--with-default-root-credentials] [--version]

Configuration: see ``iggy_server.config`` and server/README.md. The bound address is printed as
``iggy-server listening on HOST:PORT`` (and written to ``tcp.address_file`` when set), so tests can
start it with ``IGGY_TCP_ADDRESS=127.0.0.1:0``.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import shutil
import sys
from pathlib import Path

from ._version import __version__
from .config import ConfigError, ServerConfig, load_config
from .errors import IggyError
from .exit_codes import EXIT_ADDRESS_IN_USE, EXIT_BROKEN_INSTALL, EXIT_CONFIG_ERROR
from .log_files import configure_logging, log_file_settings, open_log_file

DEFAULT_ROOT_CREDENTIALS = ("iggy", "iggy")
_EPILOG = f"""\
configuration:
  built-in defaults <- the TOML file <- IGGY_<SECTION>_<KEY> environment variables, one per key
  (e.g. IGGY_TCP_ADDRESS, IGGY_SYSTEM_PATH); every key with its default: server/config.toml and server/README.md.
  Sizes are bytes (*_bytes), durations milliseconds (*_ms).

environment:
  IGGY_CONFIG_PATH                         config file when --config is not given
  IGGY_ROOT_USERNAME, IGGY_ROOT_PASSWORD   root user created on the first start

exit codes:
  0 stopped cleanly (or --check-config / --version)   1 cannot open the data directory or listen
  {EXIT_CONFIG_ERROR} configuration error (the message names the key)     {EXIT_BROKEN_INSTALL} incomplete installation
  {EXIT_ADDRESS_IN_USE} a listener's port is taken
"""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="iggy-server",
        description="Apache Iggy 0.8 compatible message streaming server (TCP, HTTP, QUIC, WebSocket).",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"iggy-server {__version__}")
    parser.add_argument(
        "--config", metavar="PATH", help="TOML config file (default: $IGGY_CONFIG_PATH, else ./config.toml if present)"
    )
    parser.add_argument(
        "--check-config",
        action="store_true",
        help="validate the configuration (file, environment, TLS files of enabled listeners), print the result, exit",
    )
    parser.add_argument("--fresh", action="store_true", help="delete the data directory (system.path) before starting")
    parser.add_argument(
        "--with-default-root-credentials",
        action="store_true",
        help="create the root user as iggy/iggy (only when no user exists yet)",
    )
    return parser.parse_args(argv)


def check_tls_files(config: ServerConfig) -> None:
    """Load the certificate and key of every enabled listener that reads them from files (ConfigError if not)."""
    from .transports.certificates import server_tls_context  # cryptography/ssl: only when checking

    sections = (
        ("tcp.tls", config.tcp.tls, config.tcp.tls.enabled),
        ("http.tls", config.http.tls, config.http.enabled and config.http.tls.enabled),
        ("websocket.tls", config.websocket.tls, config.websocket.enabled and config.websocket.tls.enabled
         and not (config.websocket.tls.self_signed and not config.websocket.tls.cert_file)),
        ("quic.certificate", config.quic.certificate, config.quic.enabled and not config.quic.certificate.self_signed),
    )
    for name, section, reads_files in sections:
        if reads_files:
            server_tls_context(name, section.cert_file, section.key_file)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        config = load_config(args.config)
        if args.check_config:
            check_tls_files(config)
    except ConfigError as exc:
        print(f"iggy-server: configuration error: {exc}", file=sys.stderr)
        return EXIT_CONFIG_ERROR
    if args.check_config:
        source = f"file {config.source}" if config.source else "no file, built-in defaults"
        print(f"iggy-server {__version__}: configuration OK ({source}, environment applied)")
        return 0
    log_settings = log_file_settings(config)
    startup_lines = configure_logging(log_settings)
    log = logging.getLogger("iggy_server")
    if args.fresh:
        data_dir = Path(config.system.path)
        if data_dir.exists():
            log.warning("--fresh: deleting %s", data_dir.resolve())
            shutil.rmtree(data_dir)
    try:
        # Imported here, not at the top, so a broken install is reported as one line, not a traceback.
        from .lifecycle import run_server
        from .startup import build_context
        from .telemetry import TelemetryUnavailable, start_telemetry
        from .handlers import load_handlers
        from .storage.errors import StorageError

        load_handlers()
    except ImportError as exc:
        print(f"iggy-server: incomplete installation, cannot import {exc.name or exc}: {exc}", file=sys.stderr)
        return EXIT_BROKEN_INSTALL

    try:
        root = DEFAULT_ROOT_CREDENTIALS if args.with_default_root_credentials else None
        ctx = build_context(config, root_credentials=root)
    except IggyError as exc:
        log.error("cannot open %s: [%d] %s", config.system.path, exc.code, exc.message)
        return 1
    except StorageError as exc:  # e.g. more partitions than system.io.max_open_segment_files allows
        log.error("cannot open %s: [%d] %s", config.system.path, exc.code, exc.message)
        return 1
    except OSError as exc:  # anything the start-up probe could not foresee: still one line, not a traceback
        log.error("cannot open %s: %s", config.system.path, exc)
        return 1
    try:
        open_log_file(log_settings, startup_lines)  # once the data directory (where it usually lives) passed
    except OSError as exc:
        reason = exc.strerror or exc
        log.error("cannot open the log file in %s (system.logging.path): %s", log_settings.directory, reason)
        ctx.metadata.close()
        return 1
    try:
        ctx.telemetry = start_telemetry(config)
    except TelemetryUnavailable as exc:
        print(f"iggy-server: incomplete installation: {exc}", file=sys.stderr)
        ctx.metadata.close()
        return EXIT_BROKEN_INSTALL
    try:
        asyncio.run(run_server(ctx))
    except ConfigError as exc:  # found while starting the listener (e.g. an unreadable TLS key)
        log.error("configuration error: %s", exc)
        ctx.metadata.close()
        return 2
    except OSError as exc:  # a ListenError names the listener (tcp, http, quic, websocket) and its address
        log.error("cannot listen on %s", exc.strerror or exc)
        ctx.metadata.close()
        return EXIT_ADDRESS_IN_USE if exc.errno == errno.EADDRINUSE else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
