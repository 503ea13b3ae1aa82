"""iggy client get | list — connections the server currently holds."""

from __future__ import annotations

import click
from iggy.protocol.codes import ErrorCode

from ..errors import not_found
from ..output import rows_from
from ..state import get_state
from .system import CLIENT_COLUMNS, client_fields


def register(cli: click.Group) -> None:
    @cli.group(aliases=("c",))
    def client() -> None:
        """Connected clients."""

    @client.command(aliases=("g",))
    @click.argument("client_id", metavar="CLIENT_ID", type=click.IntRange(0))
    def get(client_id: int) -> None:
        """Show one connected client and its consumer groups."""
        state = get_state()
        details = state.client().get_client(client_id)
        if details is None:
            raise not_found(ErrorCode.CLIENT_NOT_FOUND, f"client {client_id}")
        state.output.record(client_fields(details), title=f"Client {client_id}", json_value=details)

    @client.command("list", aliases=("l",))
    def list_clients() -> None:
        """List connected clients."""
        state = get_state()
        clients = state.client().get_clients()
        state.output.table(rows_from(clients, [c.key for c in CLIENT_COLUMNS]), CLIENT_COLUMNS, title="Clients",
                           json_value=clients)
