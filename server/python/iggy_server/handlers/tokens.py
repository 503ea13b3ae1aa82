"""Personal access tokens: list, create, delete, login (commands 41–44, reference §3.4).

A token always belongs to the calling user, so these need a login but no permission flag.
"""

from __future__ import annotations

import logging

from iggy.protocol import requests
from iggy.protocol.codes import Command
from iggy.protocol.responses import (
    CreatePersonalAccessTokenResponse,
    LoginWithPersonalAccessTokenResponse,
    PersonalAccessTokenInfo,
)

from ..context import HandlerContext
from ..session import Session
from . import handler
from .users import decode, log_in

log = logging.getLogger(__name__)


@handler(Command.GET_PERSONAL_ACCESS_TOKENS)
async def get_personal_access_tokens(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    ctx.authorizer.require(session, Command.GET_PERSONAL_ACCESS_TOKENS)
    tokens = ctx.tokens.list_for_user(session.user_id)
    return PersonalAccessTokenInfo.encode_list(
        [PersonalAccessTokenInfo(t.name, t.wire_expiry_at) for t in tokens], session.protocol
    )


@handler(Command.CREATE_PERSONAL_ACCESS_TOKEN)
async def create_personal_access_token(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    """Answers the raw token; this is the only time it is ever sent or known to the server."""
    request = decode(requests.CreatePersonalAccessToken, payload, session.protocol)
    ctx.authorizer.require(session, Command.CREATE_PERSONAL_ACCESS_TOKEN)
    token, raw_token = ctx.tokens.create(session.user_id, request.name, request.expiry)
    log.info("user %d created personal access token %r", token.user_id, token.name)
    return CreatePersonalAccessTokenResponse(raw_token).encode(session.protocol)


@handler(Command.DELETE_PERSONAL_ACCESS_TOKEN)
async def delete_personal_access_token(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = decode(requests.DeletePersonalAccessToken, payload, session.protocol)
    ctx.authorizer.require(session, Command.DELETE_PERSONAL_ACCESS_TOKEN)
    ctx.tokens.delete(session.user_id, request.name)
    return b""


@handler(Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN)
async def login_with_personal_access_token(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    """20 unknown token, 54 expired, 47 inactive user; answers the user id like LoginUser."""
    request = decode(requests.LoginWithPersonalAccessToken, payload, session.protocol)
    user_id = ctx.tokens.authenticate(request.token)
    log_in(session, user_id)
    return LoginWithPersonalAccessTokenResponse(user_id).encode(session.protocol)
