"""ping, me, stats, login, logout, completion."""

from __future__ import annotations

import hashlib
import time

import click
from iggy.errors import IggyError
from iggy.protocol.primitives import U32_MAX as NO_USER_ID  # the user_id of a client not logged in

from ..completion import SHELLS, completion_script
from ..config import DEFAULT_CONTEXT
from ..output import (
    Column,
    fmt_duration_us,
    fmt_enum,
    fmt_size,
    fmt_time_us,
)
from ..parsing import U64_MAX, parse_expiry_us
from ..state import get_state

MAX_PING_COUNT = 10_000
# Iggy's CLI gives a login session 15 minutes unless told otherwise.
DEFAULT_LOGIN_EXPIRY = ("15min",)
PAT_NAME_MAX_CHARS = 30


def session_token_name(context_name: str) -> str:
    """The personal access token a context's login session uses (unique per context, ≤ 30 characters)."""
    name = f"iggy-cli-{context_name}"
    if context_name == DEFAULT_CONTEXT:
        return "iggy-cli-session"
    if len(name) <= PAT_NAME_MAX_CHARS:
        return name
    digest = hashlib.sha1(context_name.encode()).hexdigest()[:6]
    return f"iggy-cli-{context_name[:14]}-{digest}"


def register(cli: click.Group) -> None:
    @cli.command()
    @click.option("-c", "--count", default=1, show_default=True, type=click.IntRange(1, MAX_PING_COUNT),
                  help="Number of pings to send.")
    def ping(count: int) -> None:
        """Check that the server answers; show round-trip times.

        Needs no login.
        """
        state = get_state()
        client = state.client(login=False)
        round_trips_ms = []
        for sequence in range(count):
            started = time.perf_counter()
            client.ping()
            elapsed_ms = (time.perf_counter() - started) * 1000
            round_trips_ms.append(elapsed_ms)
            if not state.output.json_mode and not state.output.quiet:
                state.output.text(f"Ping {sequence + 1} to {state.settings.tcp_server_address}: {elapsed_ms:.3f} ms")
        summary = {
            "address": state.settings.tcp_server_address,
            "count": count,
            "min_ms": round(min(round_trips_ms), 3),
            "avg_ms": round(sum(round_trips_ms) / count, 3),
            "max_ms": round(max(round_trips_ms), 3),
        }
        if state.output.json_mode:
            state.output.json(summary)
        elif count > 1:
            state.output.text(f"min/avg/max = {summary['min_ms']}/{summary['avg_ms']}/{summary['max_ms']} ms")

    @cli.command()
    def me() -> None:
        """Show this connection as the server sees it.

        Client id, user id, address, transport and consumer groups.
        """
        state = get_state()
        details = state.client().get_me()
        state.output.record(client_fields(details), title="Me", json_value=details)

    @cli.command()
    def stats() -> None:
        """Show server statistics.

        Counts of streams, topics, partitions, messages and clients; process, OS and disk usage; and,
        from this project's server, the segment writer and buffer pool counters.
        """
        state = get_state()
        stats = state.client().get_stats()
        state.output.record(stats_fields(stats), title="Server statistics", json_value=stats)

    @cli.command()
    @click.argument("expiry", metavar="[EXPIRY]...", nargs=-1)
    @click.option("-u", "--username", help="Username (same as the global option).")
    @click.option("-p", "--password", help="Password (prompted for when omitted on a terminal).")
    def login(expiry: tuple[str, ...], username: str | None, password: str | None) -> None:
        """Log in and keep a session for the context.

        The session is a personal access token stored in the context; commands run in that
        context need no credentials until it expires or you run `iggy logout`. EXPIRY defaults
        to 15min; e.g. `1h`, `7days`, `unlimited`.

        \b
        Examples:
          iggy login -u iggy -p iggy
          iggy --context prod login -u admin 8h
        """
        state = get_state()
        if username is not None or password is not None:
            state.override(username=username or state.overrides.username,
                           password=password if password is not None else state.overrides.password)
        settings = state.settings
        expiry_us = parse_expiry_us(expiry or DEFAULT_LOGIN_EXPIRY)
        if settings.credentials is not None and settings.credentials.source == "session":
            state.output.success(
                f"already logged in to {settings.tcp_server_address} (context '{settings.context_name}'); "
                "run `iggy logout` to end the session",
                json_value={"ok": True, "context": settings.context_name, "address": settings.tcp_server_address,
                            "already_logged_in": True},
            )
            return
        client = state.client()
        token_name = session_token_name(settings.context_name)
        # A token with this name on the server but not stored locally is a leftover: replace it.
        existing = [token for token in client.get_personal_access_tokens() if token.name == token_name]
        if existing:
            client.delete_personal_access_token(token_name)
        token = client.create_personal_access_token(token_name, expiry_us)
        token = getattr(token, "token", token)
        state.store.store_session(settings.context_name, token, settings.tcp_server_address)
        state.output.success(
            f"logged in to {settings.tcp_server_address} (context '{settings.context_name}', "
            f"session token '{token_name}', expires: {_expiry_text(expiry_us)})",
            json_value={"ok": True, "context": settings.context_name, "address": settings.tcp_server_address,
                        "token_name": token_name, "expiry_us": expiry_us},
        )

    @cli.command()
    def logout() -> None:
        """End the context's login session.

        Revokes the session token on the server and forgets it locally.
        """
        state = get_state()
        settings = state.settings
        if not settings.session_token:
            state.output.success(f"not logged in (context '{settings.context_name}')",
                                 json_value={"ok": True, "context": settings.context_name, "logged_in": False})
            return
        token_name = session_token_name(settings.context_name)
        warning = None
        try:
            client = state.client(login=False)
            client.login_with_personal_access_token(settings.session_token)
            client.delete_personal_access_token(token_name)
            client.logout_user()
        except IggyError as error:
            # The session is gone either way: expired, revoked, or the server is unreachable.
            warning = f"could not revoke the session token on the server ({error.name}); forgot it locally"
        state.store.clear_session(settings.context_name)
        if warning:
            state.output.info(warning)
        state.output.success(f"logged out from {settings.tcp_server_address} (context '{settings.context_name}')",
                             json_value={"ok": True, "context": settings.context_name, "logged_in": False,
                                         "revoked_on_server": warning is None})

    @cli.command()
    @click.argument("shell", type=click.Choice(SHELLS))
    @click.pass_context
    def completion(ctx: click.Context, shell: str) -> None:
        """Print the shell completion script.

        \b
        bash:  eval "$(iggy completion bash)"      (or add it to ~/.bashrc)
        zsh:   eval "$(iggy completion zsh)"
        fish:  iggy completion fish > ~/.config/fish/completions/iggy.fish
        """
        click.echo(completion_script(ctx.find_root().command, shell), nl=False)


def _expiry_text(expiry_us: int) -> str:
    from ..output import fmt_expiry_us

    return "never" if expiry_us >= U64_MAX else f"in {fmt_expiry_us(expiry_us)}"


def client_fields(details) -> list:
    groups = getattr(details, "consumer_groups", ()) or ()
    return [
        ("Client ID", details.client_id, None),
        ("User ID", details.user_id, lambda value: "not logged in" if value == NO_USER_ID else str(value)),
        ("Address", details.address, None),
        ("Transport", details.transport, fmt_enum),
        ("Consumer groups", details.consumer_groups_count, None),
        *[(f"  group {index + 1}", f"stream {g.stream_id}, topic {g.topic_id}, group {g.group_id}", None)
          for index, g in enumerate(groups)],
    ]


CLIENT_COLUMNS = [
    Column("client_id", "Client ID", justify="right"),
    Column("user_id", "User ID", lambda value: "-" if value == NO_USER_ID else str(value), justify="right"),
    Column("address", "Address"),
    Column("transport", "Transport", fmt_enum),
    Column("consumer_groups_count", "Consumer groups", justify="right"),
]


def stats_fields(stats) -> list:
    percent = lambda value: f"{value:.2f} %"  # noqa: E731
    return [
        ("Server version", stats.iggy_server_version, None),
        ("Process ID", stats.process_id, None),
        ("Hostname", stats.hostname, None),
        ("OS", f"{stats.os_name} {stats.os_version} (kernel {stats.kernel_version})", None),
        ("Started", stats.start_time_us, fmt_time_us),
        ("Run time", stats.run_time_us, fmt_duration_us),
        ("CPU usage", stats.cpu_usage, percent),
        ("Total CPU usage", stats.total_cpu_usage, percent),
        ("Memory usage", stats.memory_usage_bytes, fmt_size),
        ("Total memory", stats.total_memory_bytes, fmt_size),
        ("Available memory", stats.available_memory_bytes, fmt_size),
        ("Threads", stats.threads_count, None),
        ("Read", stats.read_bytes, fmt_size),
        ("Written", stats.written_bytes, fmt_size),
        ("Free disk space", stats.free_disk_space_bytes, fmt_size),
        ("Total disk space", stats.total_disk_space_bytes, fmt_size),
        ("Streams", stats.streams_count, None),
        ("Topics", stats.topics_count, None),
        ("Partitions", stats.partitions_count, None),
        ("Segments", stats.segments_count, None),
        ("Messages", stats.messages_count, None),
        ("Messages size", stats.messages_size_bytes, fmt_size),
        ("Clients", stats.clients_count, None),
        ("Consumer groups", stats.consumer_groups_count, None),
        *hot_path_fields(stats.hot_path),
    ]


def hot_path_fields(hot) -> list:
    """Writer and buffer-pool counters: only this project's server sends them (absent from Iggy's)."""
    if hot is None:
        return []
    yes_no = lambda value: "yes" if value else "no"  # noqa: E731
    return [
        ("Segment writer", hot.writer, fmt_enum),
        ("io_uring available", hot.io_uring_available, yes_no),
        ("Direct I/O (O_DIRECT)", hot.direct_io, yes_no),
        ("Pool capacity", hot.pool_capacity_bytes, fmt_size),
        ("Pool reserved", hot.pool_reserved_bytes, fmt_size),
        ("Pool in use", hot.pool_in_use_bytes, fmt_size),
        ("Pool buffers in use / free", f"{hot.pool_in_use_buffers} / {hot.pool_free_buffers}", None),
        ("Pool hits / misses", f"{hot.pool_hits} / {hot.pool_misses}", None),
        ("Pool evictions / exhausted", f"{hot.pool_evictions} / {hot.pool_exhausted}", None),
        ("Receive / read fallbacks", f"{hot.receive_fallbacks} / {hot.read_fallbacks}", None),
        ("Segment writes / fdatasyncs", f"{hot.writes} / {hot.datasyncs}", None),
        ("Segment bytes written", hot.bytes_written, fmt_size),
        ("Write queue (memory durability)", hot.write_queue_bytes, fmt_size),
        ("Background submissions / batches", f"{hot.background_submissions} / {hot.background_batches}", None),
    ]

