"""iggy pat create | list | delete — personal access tokens of the logged-in user."""

from __future__ import annotations

import click

from ..output import Column, fmt_token_expiry_at, rows_from
from ..parsing import NEVER_EXPIRE_US, parse_expiry_us
from ..state import get_state

TOKEN_COLUMNS = [
    Column("name", "Name"),
    Column("expiry_at_us", "Expires", fmt_token_expiry_at),
]


def register(cli: click.Group) -> None:
    @cli.group()
    def pat() -> None:
        """Personal access tokens of the logged-in user."""

    @pat.command(aliases=("c",))
    @click.argument("name")
    @click.argument("expiry", metavar="[EXPIRY]...", nargs=-1)
    def create(name: str, expiry: tuple[str, ...]) -> None:
        """Create token NAME and print it (it is shown only once).

        \b
        EXPIRY is e.g. `1day`, `3weeks`, `1h 30min` or `unlimited` (the default).
        \b
        Examples:
          iggy pat create ci-deploy 30days
          TOKEN=$(iggy -q pat create ci)
        """
        state = get_state()
        expiry_us = parse_expiry_us(expiry, default_us=NEVER_EXPIRE_US)
        raw = state.client().create_personal_access_token(name, expiry_us)
        token = getattr(raw, "token", raw)
        if state.output.json_mode:
            state.output.json({"name": name, "token": token, "expiry_us": expiry_us})
        elif state.output.quiet:
            state.output.text(token)
        else:
            state.output.success(f"personal access token '{name}' created; it will not be shown again:")
            state.output.text(token)

    @pat.command("list", aliases=("l",))
    def list_tokens() -> None:
        """List your tokens (names and expiry; token values are never retrievable)."""
        state = get_state()
        tokens = state.client().get_personal_access_tokens()
        state.output.table(rows_from(tokens, [c.key for c in TOKEN_COLUMNS]), TOKEN_COLUMNS,
                           title="Personal access tokens", json_value=tokens)

    @pat.command(aliases=("d",))
    @click.argument("name")
    def delete(name: str) -> None:
        """Delete (revoke) token NAME."""
        state = get_state()
        state.client().delete_personal_access_token(name)
        state.output.success(f"personal access token '{name}' deleted")
