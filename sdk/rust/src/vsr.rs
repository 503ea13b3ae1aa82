//! The Iggy 0.9 session layer (shared/reference/iggy-wire-0.9.md §1-§3), independent of the socket.
//!
//! A 0.9 request is a 256-byte `RequestHeader` and its body; the answer a `ReplyHeader` and its body, or a
//! header-only `EvictionHeader` that ends the session. `VsrSession` holds what one connection's requests carry:
//!
//! * the client id, a random UUIDv4 (never 0), replaced on every re-login, logout and connection (a new connection
//!   makes a new `VsrSession`), as the official 0.9 clients replace it;
//! * the session number the server gave at Register (0 before), echoed on every later request;
//! * request numbering: Register is 0; every replicated operation takes the next number of one sequence starting
//!   at 1; a NonReplicated request carries the current number without taking it.
//!
//! `request_checksum` is XXH3-64 of the body for Register, Logout, metadata operations and DeleteSegments, 0 for
//! the partition plane and NonReplicated requests. Layouts, codes and the operation table are the generated ones;
//! nothing here restates a number.

use std::hash::Hasher;

use bytes::Bytes;
use twox_hash::xxhash3_64::{RawHasher, SecretBuffer};

use crate::codec::{EvictionReason, LoginRegisterResponse, Operation, ProtocolVersion, ReplyHeader, RequestHeader};
use crate::codes::constants::{PROTOCOL_VERSION_0_9, VSR_HEADER_SIZE};
use crate::codes::{error_code, header_command};
use crate::error::{Error, Result};
use crate::error_code::ErrorCode;
use crate::runtime::{Reader, Writer};
use crate::wire_layout::{eviction_header, reply_header};

/// 57 TransientNotCommitted / 58 TransientNotAccepted: the official clients send the identical frame again on the
/// same connection (same client, session and request number, so it is never applied twice).
pub(crate) const TRANSIENT_CODES: [u32; 2] = [error_code::TRANSIENT_NOT_COMMITTED, error_code::TRANSIENT_NOT_ACCEPTED];

/// XXH3-64, seed 0, over `parts` as one byte string (the chunks of a body are never joined to hash them).
pub(crate) fn xxh3(parts: &[&[u8]]) -> u64 {
    let mut hasher = RawHasher::new(SecretBuffer::default());
    for part in parts {
        hasher.write(part);
    }
    hasher.finish()
}

/// `count` random UUIDv4s as their little-endian u128 (the official clients' `Uuid::new_v4().to_u128_le()`), from
/// one read of the OS generator.
pub(crate) fn random_uuids(count: usize) -> Result<Vec<u128>> {
    let mut raw = vec![0u8; count * 16];
    getrandom::fill(&mut raw).map_err(|e| Error::InvalidArgument(format!("no randomness from the OS: {e}")))?;
    Ok(raw
        .chunks_exact_mut(16)
        .map(|uuid| {
            uuid[6] = (uuid[6] & 0x0f) | 0x40; // version 4
            uuid[8] = (uuid[8] & 0x3f) | 0x80; // RFC 4122 variant
            u128::from_le_bytes(uuid.try_into().expect("16 bytes"))
        })
        .collect())
}

fn new_client_id() -> u128 {
    // A UUIDv4 is never 0 (its version bits are set).
    random_uuids(1).map_or(1, |ids| ids[0])
}

/// Identity and numbering of one 0.9 connection (see the module doc).
#[derive(Debug)]
pub(crate) struct VsrSession {
    pub client_id: u128,
    pub session: u64,
    pub next_request: u64,
    /// A Register went out under this client id: the next one is a new identity.
    identity_used: bool,
}

impl Default for VsrSession {
    fn default() -> Self {
        VsrSession { client_id: new_client_id(), session: 0, next_request: 1, identity_used: false }
    }
}

impl VsrSession {
    /// A new identity: a fresh client id, no session, numbering from 1.
    pub fn renew(&mut self) {
        *self = VsrSession::default();
    }

    /// The request header for command `code` (whose 0.9 operation is `operation`) with `body`. Replicated
    /// operations take their number here, once: a frame sent again after a transient reply reuses the header.
    pub fn header(&mut self, code: u32, operation: u8, body: &[Bytes]) -> Result<Bytes> {
        let operation =
            Operation::from_u8(operation).ok_or(Error::InvalidArgument(format!("operation {operation}")))?;
        let (request, session, stamped) = match operation {
            Operation::NonReplicated => (self.next_request, self.session, false),
            Operation::Register => {
                if self.identity_used {
                    self.renew(); // a re-login (or a retry after a refused one) is a new identity
                }
                self.identity_used = true;
                (0, 0, true)
            }
            other => {
                let number = self.next_request;
                self.next_request += 1;
                (number, self.session, !matches!(other.plane(), "partition" | "non_replicated"))
            }
        };
        let body_len: usize = body.iter().map(Bytes::len).sum();
        let size = u32::try_from(VSR_HEADER_SIZE + body_len)
            .map_err(|_| Error::InvalidArgument(format!("a {body_len}-byte body does not fit a 0.9 frame")))?;
        let parts: Vec<&[u8]> = body.iter().map(|chunk| &chunk[..]).collect();
        let header = RequestHeader {
            checksum: 0,
            checksum_body: 0,
            cluster: 0,
            size,
            view: 0,
            release: 0,
            command: header_command::REQUEST,
            replica: 0,
            client: self.client_id,
            request_checksum: if stamped { u128::from(xxh3(&parts)) } else { 0 },
            timestamp: 0,
            request,
            operation: operation.as_u8(),
            session,
            user_id: 0,
            code: if operation == Operation::NonReplicated { code } else { 0 },
        };
        let mut w = Writer::with_version(ProtocolVersion::V0_9);
        header.encode(&mut w)?;
        Ok(w.into_inner().freeze())
    }

    /// Bookkeeping after an OK reply: Register binds the session, Logout ends the identity.
    pub fn on_reply(&mut self, operation: Operation, body: &Bytes) -> Result<()> {
        match operation {
            Operation::Register => {
                let mut r = Reader::with_version(body.clone(), ProtocolVersion::V0_9);
                let login = LoginRegisterResponse::decode(&mut r)?;
                if login.session == 0 {
                    return Err(Error::server_message(error_code::INVALID_SESSION, "the server bound session 0"));
                }
                self.session = login.session;
                self.next_request = 1;
            }
            Operation::Logout => self.renew(),
            _ => {}
        }
        Ok(())
    }

    /// The server ended the session: what this identity sends next is bound to nothing.
    pub fn on_eviction(&mut self) {
        self.session = 0;
    }
}

/// What a 0.9 answer means for the request it answers.
#[derive(Debug)]
pub(crate) enum VsrAnswer {
    /// The OK body (result section stripped) and the operation the reply echoed.
    Ok(Operation, Bytes),
    /// 57/58: send the identical frame again.
    Transient(u32),
    /// An eviction, a status or a rejection in the result section.
    Failed(Error),
}

/// The total size of the frame whose 256-byte header this is.
pub(crate) fn frame_size(header: &[u8]) -> usize {
    let at = reply_header::SIZE_AT;
    u32::from_le_bytes(header[at..at + 4].try_into().expect("4 bytes")) as usize
}

/// The first 8 bytes of an answer: None when they can start a 0.9 frame (the checksum field, 0 on the client path),
/// else the error to report. An Iggy 0.8 server answers a 0.9 header with an 8-byte error frame (`status | 0`).
pub(crate) fn check_reply_prefix(prefix: &[u8]) -> Option<Error> {
    let first = u32::from_le_bytes(prefix[..4].try_into().expect("4 bytes"));
    let second = u32::from_le_bytes(prefix[4..8].try_into().expect("4 bytes"));
    if first == 0 {
        return None;
    }
    if second == 0 && error_code::name(first).is_some() {
        return Some(Error::ProtocolMismatch {
            code: ErrorCode::INCOMPATIBLE_PROTOCOL_VERSION,
            message: format!(
                "the server answered in Iggy 0.8 framing (status {first}): it speaks protocol 0.8; connect with \
                 protocol=0.8"
            ),
            server_protocol: Some(ProtocolVersion::V0_8),
        });
    }
    Some(Error::ConnectionLost("the server's answer is not an Iggy 0.9 frame (bytes 0..4 not 0)".into()))
}

fn semver(packed: u32) -> String {
    format!("{}.{}.{}", packed >> 20, (packed >> 10) & 0x3ff, packed & 0x3ff)
}

/// The error an eviction frame reports (an unknown reason reads as Unauthenticated, as the official clients read it).
pub(crate) fn eviction_error(header: &[u8]) -> Error {
    let byte = header[eviction_header::REASON_AT];
    let reason = EvictionReason::from_u8(byte);
    let code = ErrorCode(reason.map_or(error_code::UNAUTHENTICATED, EvictionReason::error_code));
    let name = reason.map_or_else(|| format!("reason {byte}"), |r| r.name().to_owned());
    let mut message = format!("evicted by the server ({name}): {}", code.message().unwrap_or(code.name()));
    if reason == Some(EvictionReason::IncompatibleProtocol) {
        let at = eviction_header::SERVER_PROTOCOL_VERSION_AT;
        let newest = u32::from_le_bytes(header[at..at + 4].try_into().expect("4 bytes"));
        let at = eviction_header::SERVER_PROTOCOL_VERSION_MIN_AT;
        let oldest = u32::from_le_bytes(header[at..at + 4].try_into().expect("4 bytes"));
        message.push_str(&format!(
            "; the server accepts protocol {} to {}, this client sends {}",
            semver(oldest),
            semver(newest),
            semver(PROTOCOL_VERSION_0_9)
        ));
    }
    Error::Evicted { reason, code, message }
}

/// Interpret one 0.9 answer (its 256-byte header and body): an eviction, a status, a rejection in the result
/// section, a transient answer, or the OK body with its result section stripped.
pub(crate) fn interpret(header: &Bytes, body: Bytes) -> VsrAnswer {
    let command = header[reply_header::COMMAND_AT];
    if command == header_command::EVICTION {
        return VsrAnswer::Failed(eviction_error(header));
    }
    if command != header_command::REPLY {
        return VsrAnswer::Failed(Error::ConnectionLost(format!(
            "the server sent a 0.9 frame with command {command}, not a reply"
        )));
    }
    let mut r = Reader::with_version(header.clone(), ProtocolVersion::V0_9);
    let reply = match ReplyHeader::decode(&mut r) {
        Ok(reply) => reply,
        Err(error) => return VsrAnswer::Failed(error.into()),
    };
    if reply.status != 0 {
        if TRANSIENT_CODES.contains(&reply.status) {
            return VsrAnswer::Transient(reply.status);
        }
        return VsrAnswer::Failed(Error::server(reply.status));
    }
    let Some(operation) = Operation::from_u8(reply.operation) else {
        return VsrAnswer::Failed(Error::ConnectionLost(format!("reply with unknown operation {}", reply.operation)));
    };
    let mut body = body;
    if operation.result_framed() && (operation != Operation::Register || !body.is_empty()) {
        if body.len() < 4 {
            return VsrAnswer::Failed(Error::server_message(
                error_code::INVALID_COMMAND,
                "a result-framed reply without its result section",
            ));
        }
        let count = u32::from_le_bytes(body[..4].try_into().expect("4 bytes")) as usize;
        if count > 0 {
            if body.len() < 4 + 8 * count {
                return VsrAnswer::Failed(Error::server_message(
                    error_code::INVALID_COMMAND,
                    &format!("the result section claims {count} entries"),
                ));
            }
            let code = u32::from_le_bytes(body[8..12].try_into().expect("4 bytes"));
            if TRANSIENT_CODES.contains(&code) {
                return VsrAnswer::Transient(code);
            }
            return VsrAnswer::Failed(Error::server(code));
        }
        body = body.slice(4..);
    }
    VsrAnswer::Ok(operation, body)
}
