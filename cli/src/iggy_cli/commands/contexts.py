"""iggy context list | use | create | delete | show — named server profiles in $IGGY_HOME/contexts.toml."""

from __future__ import annotations

import click
from click.shell_completion import CompletionItem

from ..config import (
    CONTEXT_KEYS,
    SESSION_SERVER_ADDRESS_KEY,
    SESSION_TOKEN_KEY,
    ContextError,
    ContextStore,
    DEFAULT_TCP_SERVER_ADDRESS,
)
from ..output import Column
from ..state import get_state

_SECRET_KEYS = {"password", "token", SESSION_TOKEN_KEY}


def _complete_context_names(ctx, param, incomplete: str):
    try:
        names = ContextStore().contexts()
    except ContextError:
        return []
    return [CompletionItem(name) for name in names if name.startswith(incomplete)]


def _public_view(name: str, values: dict, active: str) -> dict:
    """A context for display: secrets never printed, only whether they are set."""
    view = {"name": name, "active": name == active}
    for key, value in values.items():
        if key in _SECRET_KEYS:
            view[key] = "***" if value else None
        else:
            view[key] = value
    view["logged_in"] = bool(values.get(SESSION_TOKEN_KEY))
    view.pop(SESSION_TOKEN_KEY, None)
    return view


def register(cli: click.Group) -> None:
    @cli.group(aliases=("ctx",))
    def context() -> None:
        """Named server profiles.

        A context holds an address, TLS settings and credentials; contexts live in
        $IGGY_HOME/contexts.toml (default ~/.iggy) and are shared with Iggy's own CLI.
        """

    @context.command("list", aliases=("l",))
    def list_contexts() -> None:
        """List contexts; the active one is marked with *."""
        state = get_state()
        active = state.store.active_name()
        contexts = state.store.contexts()
        rows = []
        for name in sorted(contexts):
            values = contexts[name]
            credentials = ("token" if values.get("token") else
                           f"user {values['username']}" if values.get("username") else "-")
            rows.append({
                "name": f"{name}*" if name == active else name,
                "address": values.get("tcp_server_address") or f"{DEFAULT_TCP_SERVER_ADDRESS} (default)",
                "tls": "yes" if values.get("tcp_tls_enabled") else "no",
                "protocol": values.get("protocol") or "0.9 (default)",
                "credentials": credentials,
                "session": ("logged in to " + str(values.get(SESSION_SERVER_ADDRESS_KEY)))
                if values.get(SESSION_TOKEN_KEY) else "-",
            })
        columns = [Column("name", "Name"), Column("address", "Address"), Column("tls", "TLS"),
                   Column("protocol", "Protocol"), Column("credentials", "Credentials"), Column("session", "Session")]
        state.output.table(rows, columns, json_value=[_public_view(name, contexts[name], active)
                                                       for name in sorted(contexts)])

    @context.command(aliases=("u",))
    @click.argument("name", shell_complete=_complete_context_names)
    def use(name: str) -> None:
        """Make NAME the active context."""
        state = get_state()
        state.store.use(name)
        state.output.success(f"active context is now '{name}'", json_value={"ok": True, "active": name})

    @context.command(aliases=("c",))
    @click.argument("name")
    @click.option("--tcp-server-address", "--address", "tcp_server_address", metavar="HOST:PORT",
                  help="Server address.")
    @click.option("--tls/--no-tls", "tcp_tls_enabled", default=None, help="Connect with TLS.")
    @click.option("--tls-domain", "tcp_tls_domain", help="Server name for TLS verification.")
    @click.option("--tls-ca-file", "tcp_tls_ca_file", help="CA certificates to trust (PEM file).")
    @click.option("-u", "--username", help="Username to log in with.")
    @click.option("-p", "--password", help="Password (stored in clear text; prefer `iggy login`).")
    @click.option("-t", "--token", help="Personal access token to log in with.")
    @click.option("--protocol", type=click.Choice(["0.9", "0.8"]), help="Iggy wire protocol (default 0.9).")
    @click.option("--use", "make_active", is_flag=True, help="Also make it the active context.")
    def create(name: str, make_active: bool, **values) -> None:
        """Create context NAME with the given server settings and credentials.

        \b
        Examples:
          iggy context create local --address 127.0.0.1:8090 -u iggy -p iggy
          iggy context create prod --address 10.0.0.1:8090 --tls --use
        """
        state = get_state()
        unknown = set(values) - set(CONTEXT_KEYS)
        assert not unknown, unknown  # the options above are exactly the documented context keys
        state.store.create(name, values)
        if make_active:
            state.store.use(name)
        state.output.success(f"context '{name}' created" + (" and made active" if make_active else ""),
                             json_value={"ok": True, "created": name, "active": state.store.active_name()})

    @context.command(aliases=("d",))
    @click.argument("name", shell_complete=_complete_context_names)
    def delete(name: str) -> None:
        """Delete context NAME (the active context falls back to 'default')."""
        state = get_state()
        state.store.delete(name)
        state.output.success(f"context '{name}' deleted", json_value={"ok": True, "deleted": name})

    @context.command(aliases=("s",))
    @click.argument("name", required=False, shell_complete=_complete_context_names)
    def show(name: str | None) -> None:
        """Show the settings a context holds (the active one by default); secrets are masked."""
        state = get_state()
        active = state.store.active_name()
        name = name or active
        view = _public_view(name, state.store.get(name), active)
        fields = [(key, value, None) for key, value in view.items()]
        state.output.record(fields, title=f"Context {name}", json_value=view)
