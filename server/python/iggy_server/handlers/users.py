"""Users and sessions: GetUser … LogoutUser (commands 31–39, reference §3.4).

Checks run in Iggy 0.8's order, so clients see the same error for the same mistake: permission
first where Iggy checks it first, identifier resolution first where Iggy resolves first.
"""

from __future__ import annotations

import logging
from typing import TypeVar

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode, ProtocolVersion
from iggy.protocol.errors import ProtocolError
from iggy.protocol.primitives import Identifier
from iggy.protocol.responses import LoginUserResponse, UserDetails, UserHeader

from ..context import HandlerContext
from ..errors import IggyError, from_protocol_error
from ..options import refuse_any_key
from ..security.users import User, validate_password
from ..session import Session
from . import handler

log = logging.getLogger(__name__)

R = TypeVar("R", bound=requests.Request)


def decode(request_type: type[R], payload: memoryview, version: ProtocolVersion) -> R:
    """Decode a request; codec failures become the matching Iggy error (3 or 4)."""
    try:
        return request_type.decode(payload, version)
    except ProtocolError as exc:
        raise from_protocol_error(exc) from None


def user_header(user: User) -> UserHeader:
    return UserHeader(user.id, user.created_at_us, user.status, user.username)


def user_details(user: User) -> UserDetails:
    return UserDetails(user.id, user.created_at_us, user.status, user.username, user.permissions)


@handler(Command.GET_USER)
async def get_user(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    """UserDetails, or an empty OK when there is no such user.

    Iggy resolves the identifier before checking permissions: an unknown *name* is an empty OK for
    anyone, while a numeric id is permission-checked first (it needs no lookup to resolve).
    """
    request = decode(requests.GetUser, payload, session.protocol)
    target_id = _resolve_user_id(ctx, request.user_id)
    if target_id is None:
        return b""
    ctx.authorizer.require(session, Command.GET_USER, target_user_id=target_id)
    user = ctx.users.get(target_id)
    return b"" if user is None else user_details(user).encode(session.protocol)


@handler(Command.GET_USERS)
async def get_users(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    ctx.authorizer.require(session, Command.GET_USERS)
    return UserHeader.encode_list([user_header(user) for user in ctx.users.list_users()], session.protocol)


@handler(Command.CREATE_USER)
async def create_user(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = decode(requests.CreateUser, payload, session.protocol)
    refuse_any_key(request.options, "user")
    ctx.authorizer.require(session, Command.CREATE_USER)
    user = await ctx.users.create_async(request.username, request.password, request.status, request.permissions)
    log.info("user %d created user %r (id %d)", session.user_id, user.username, user.id)
    return user_details(user).encode(session.protocol)


@handler(Command.DELETE_USER)
async def delete_user(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = decode(requests.DeleteUser, payload, session.protocol)
    ctx.authorizer.require(session, Command.DELETE_USER)
    # Deletion listeners drop the user's tokens (TokenStore) and log out its live sessions (set up
    # by startup.build_context): Iggy drops those clients; we keep the connections but their next
    # command gets 40 Unauthenticated instead of running under a dangling user id.
    user = ctx.users.delete(request.user_id)
    log.info("user %d deleted user %r (id %d)", session.user_id, user.username, user.id)
    return b""


@handler(Command.UPDATE_USER)
async def update_user(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = decode(requests.UpdateUser, payload, session.protocol)
    refuse_any_key(request.options, "user")
    ctx.authorizer.require(session, Command.UPDATE_USER)
    ctx.users.update(request.user_id, request.username, request.status)
    return b""


@handler(Command.UPDATE_PERMISSIONS)
async def update_permissions(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = decode(requests.UpdatePermissions, payload, session.protocol)
    ctx.authorizer.require(session, Command.UPDATE_PERMISSIONS)
    ctx.users.update_permissions(request.user_id, request.permissions)
    return b""


@handler(Command.CHANGE_PASSWORD)
async def change_password(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    """Anyone may change their own password; changing another's needs manage_users.

    Order as Iggy: 44 bad lengths, 20 unknown user, 41 not allowed, 42 wrong current password.
    """
    request = decode(requests.ChangePassword, payload, session.protocol)
    validate_password(request.current_password, "current password")
    validate_password(request.new_password, "new password")
    target = ctx.users.require(request.user_id)
    ctx.authorizer.require(session, Command.CHANGE_PASSWORD, target_user_id=target.id)
    await ctx.users.change_password_async(target.id, request.current_password, request.new_password)
    return b""


@handler(Command.LOGIN_USER)
async def login_user(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    """Answers the user id (4 bytes); a login on a logged-in connection replaces its identity."""
    request = decode(requests.LoginUser, payload, session.protocol)
    if ctx.shutting_down:
        raise IggyError(ErrorCode.DISCONNECTED, "server is shutting down")
    user_id = await ctx.users.authenticate_async(request.username, request.password)
    log_in(session, user_id)
    return LoginUserResponse(user_id).encode(session.protocol)


@handler(Command.LOGOUT_USER)
async def logout_user(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    ctx.authorizer.require(session, Command.LOGOUT_USER)
    log.info("client %d logged out user %s", session.client_id, session.user_id)
    session.user_id = None
    return b""


def log_in(session: Session, user_id: int) -> None:
    if session.user_id is not None and session.user_id != user_id:
        log.info("client %d switches from user %d to user %d", session.client_id, session.user_id, user_id)
    session.user_id = user_id


def _resolve_user_id(ctx: HandlerContext, identifier: Identifier) -> int | None:
    if identifier.is_numeric:
        return int(identifier.value)
    user = ctx.users.find_by_name(str(identifier.value))
    return None if user is None else user.id
