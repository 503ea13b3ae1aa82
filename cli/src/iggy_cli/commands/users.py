"""iggy user create | get | list | update | name | status | password | permissions | delete."""

from __future__ import annotations

import click
from iggy.protocol.codes import ErrorCode
from iggy.protocol.kinds import UserStatus

from ..errors import not_found
from ..output import Column, fmt_enum, fmt_time_us, rows_from
from ..parsing import IDENTIFIER, build_permissions
from ..state import get_state

STATUS = click.Choice(["active", "inactive"], case_sensitive=False)
USER_COLUMNS = [
    Column("id", "ID", justify="right"),
    Column("username", "Username"),
    Column("status", "Status", fmt_enum),
    Column("created_at_us", "Created", fmt_time_us),
]
_GLOBAL_HELP = ("Global permissions, comma separated: m_srv,r_srv,m_usr,r_usr,m_str,r_str,m_top,r_top,p_msg,s_msg "
                "(or the long names, e.g. manage_servers).")
_STREAM_HELP = ("Stream permissions STREAM_ID[:perms][#TOPIC_ID:perms]..., e.g. 1:m_top,r_top#2:s_msg,p_msg; "
                "repeatable.")


def user_status(name: str):
    return UserStatus[name.upper()]


def _permission_flags(flags) -> str:
    names = [name for name in getattr(flags, "__dataclass_fields__", {}) if name != "topics" and getattr(flags, name)]
    return ", ".join(names) or "none"


def permission_fields(permissions) -> list:
    if permissions is None:
        return [("Permissions", "none", None)]
    fields = [("Global", _permission_flags(permissions.global_permissions), None)]
    for stream_id, stream in sorted(permissions.streams.items()):
        fields.append((f"Stream {stream_id}", _permission_flags(stream), None))
        for topic_id, topic in sorted(stream.topics.items()):
            fields.append((f"  Topic {topic_id}", _permission_flags(topic), None))
    return fields


def _permission_options(function):
    function = click.option("-s", "--stream-permissions", "stream_permissions", multiple=True,
                            metavar="STREAM[:PERMS][#TOPIC:PERMS]...", help=_STREAM_HELP)(function)
    function = click.option("-g", "--global-permissions", "global_permissions", metavar="PERMS",
                            help=_GLOBAL_HELP)(function)
    return function


def register(cli: click.Group) -> None:
    @cli.group(aliases=("u",))
    def user() -> None:
        """User operations.

        USER is a numeric id or a username.
        """

    @user.command(aliases=("c",))
    @click.argument("username")
    @click.argument("password", required=False)
    @click.option("--user-status", "status", type=STATUS, default="active", show_default=True)
    @_permission_options
    def create(username, password, status, global_permissions, stream_permissions) -> None:
        """Create USERNAME (PASSWORD is prompted for when omitted on a terminal).

        \b
        Examples:
          iggy user create reader s3cret -g r_str,r_top,p_msg
          iggy user create writer s3cret -s 1:s_msg#2:p_msg
        """
        state = get_state()
        if password is None:
            password = _prompt_new_password(username)
        permissions = build_permissions(global_permissions, stream_permissions)
        created = state.client().create_user(username, password, status=user_status(status), permissions=permissions)
        state.output.success(f"user '{username}' created with id {created.id}", json_value=created)

    @user.command(aliases=("g",))
    @click.argument("user_id", metavar="USER", type=IDENTIFIER)
    def get(user_id) -> None:
        """Show one user and their permissions."""
        state = get_state()
        details = state.client().get_user(user_id)
        if details is None:
            raise not_found(ErrorCode.RESOURCE_NOT_FOUND, f"user '{user_id}'")
        state.output.record([
            ("User ID", details.id, None),
            ("Username", details.username, None),
            ("Status", details.status, fmt_enum),
            ("Created", details.created_at_us, fmt_time_us),
            *permission_fields(details.permissions),
        ], title=f"User {details.username}", json_value=details)

    @user.command("list", aliases=("l",))
    def list_users() -> None:
        """List all users."""
        state = get_state()
        users = state.client().get_users()
        state.output.table(rows_from(users, [c.key for c in USER_COLUMNS]), USER_COLUMNS, title="Users",
                           json_value=users)

    @user.command()
    @click.argument("user_id", metavar="USER", type=IDENTIFIER)
    @click.option("--username", "new_username", help="New username.")
    @click.option("--status", type=STATUS, help="New status.")
    def update(user_id, new_username, status) -> None:
        """Change USER's username and/or status."""
        if new_username is None and status is None:
            raise click.UsageError("nothing to update: give --username and/or --status")
        _update(user_id, new_username, status)

    @user.command(aliases=("n",))
    @click.argument("user_id", metavar="USER", type=IDENTIFIER)
    @click.argument("new_username", metavar="USERNAME")
    def name(user_id, new_username) -> None:
        """Rename USER to USERNAME."""
        _update(user_id, new_username, None)

    @user.command(aliases=("s",))
    @click.argument("user_id", metavar="USER", type=IDENTIFIER)
    @click.argument("status", type=STATUS)
    def status(user_id, status) -> None:
        """Set USER's status to active or inactive."""
        _update(user_id, None, status)

    @user.command(aliases=("pwd",))
    @click.argument("user_id", metavar="USER", type=IDENTIFIER)
    @click.argument("current_password", required=False)
    @click.argument("new_password", required=False)
    def password(user_id, current_password, new_password) -> None:
        """Change USER's password (both passwords are prompted for when omitted)."""
        state = get_state()
        if current_password is None:
            current_password = _prompt(f"Current password for {user_id}", confirm=False)
        if new_password is None:
            new_password = _prompt_new_password(str(user_id))
        state.client().change_password(user_id, current_password, new_password)
        state.output.success(f"password of user '{user_id}' changed")

    @user.command(aliases=("p",))
    @click.argument("user_id", metavar="USER", type=IDENTIFIER)
    @_permission_options
    def permissions(user_id, global_permissions, stream_permissions) -> None:
        """Replace USER's permissions (no options = remove all permissions)."""
        state = get_state()
        state.client().update_permissions(user_id, build_permissions(global_permissions, stream_permissions))
        state.output.success(f"permissions of user '{user_id}' updated")

    @user.command(aliases=("d",))
    @click.argument("user_id", metavar="USER", type=IDENTIFIER)
    def delete(user_id) -> None:
        """Delete USER."""
        state = get_state()
        state.client().delete_user(user_id)
        state.output.success(f"user '{user_id}' deleted")


def _update(user_id, new_username, status) -> None:
    state = get_state()
    state.client().update_user(user_id, username=new_username,
                               status=user_status(status) if status is not None else None)
    changes = ", ".join(part for part in (f"username '{new_username}'" if new_username else "",
                                          f"status {status}" if status else "") if part)
    state.output.success(f"user '{user_id}' updated: {changes}")


def _prompt(text: str, confirm: bool) -> str:
    import sys

    if not sys.stdin.isatty():
        raise click.UsageError(f"{text.lower()} is required (pass it as an argument)")
    return click.prompt(text, hide_input=True, confirmation_prompt=confirm, err=True)


def _prompt_new_password(username: str) -> str:
    return _prompt(f"New password for {username}", confirm=True)
