"""Streams: GetStream(s), CreateStream, UpdateStream, DeleteStream, PurgeStream (reference §3.3)."""

from __future__ import annotations

from iggy.protocol import requests
from iggy.protocol.codes import Command, ProtocolVersion

from ..context import HandlerContext
from ..options import refuse_any_key
from ..session import Session
from . import handler
from ._common import key, stream_details, stream_header


@handler(Command.GET_STREAM)
async def get_stream(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.GetStream.decode(payload, session.protocol)
    stream = ctx.metadata.find_stream(key(request.stream_id))
    if stream is None:
        return b""  # "not found" is an empty OK for Get* queries
    ctx.authorizer.require(session, Command.GET_STREAM, stream_id=stream.id)
    metadata = ctx.metadata if session.protocol >= ProtocolVersion.V0_9 else None
    return stream_details(stream, metadata).encode(session.protocol)


@handler(Command.GET_STREAMS)
async def get_streams(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    ctx.authorizer.require(session, Command.GET_STREAMS)
    return b"".join(stream_header(s).encode(session.protocol) for s in ctx.metadata.streams)


@handler(Command.CREATE_STREAM)
async def create_stream(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.CreateStream.decode(payload, session.protocol)
    refuse_any_key(request.options, "stream")
    ctx.authorizer.require(session, Command.CREATE_STREAM)
    stream = ctx.metadata.create_stream(request.name)
    return stream_header(stream).encode(session.protocol)


@handler(Command.UPDATE_STREAM)
async def update_stream(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.UpdateStream.decode(payload, session.protocol)
    refuse_any_key(request.options, "stream")
    stream = ctx.metadata.stream(key(request.stream_id))
    ctx.authorizer.require(session, Command.UPDATE_STREAM, stream_id=stream.id)
    ctx.metadata.update_stream(stream, request.name)
    return b""


@handler(Command.DELETE_STREAM)
async def delete_stream(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.DeleteStream.decode(payload, session.protocol)
    stream = ctx.metadata.stream(key(request.stream_id))
    ctx.authorizer.require(session, Command.DELETE_STREAM, stream_id=stream.id)
    ctx.metadata.delete_stream(stream)
    return b""


@handler(Command.PURGE_STREAM)
async def purge_stream(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.PurgeStream.decode(payload, session.protocol)
    stream = ctx.metadata.stream(key(request.stream_id))
    ctx.authorizer.require(session, Command.PURGE_STREAM, stream_id=stream.id)
    ctx.metadata.purge_stream(stream)
    return b""
