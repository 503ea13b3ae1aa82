//! One connection: a task owns the socket; callers hand it frames through a bounded queue and get their answers
//! through a FIFO of oneshots (the async-nats shape). A caller that is cancelled or times out only drops its
//! oneshot: the task always writes whole frames and reads every answer, so the byte stream never desynchronises.
//!
//! The protocol has no request ids, so answers pair with requests by order. `MAX_IN_FLIGHT` requests may be
//! written before the first answer arrives; it is 1 (the spec's rule) and raising it is the pipelining switch.
//!
//! The task speaks the connection's protocol version for its whole life: 0.8 frames (`length | code` requests,
//! `status | length` answers) or 0.9 ones (256-byte headers). In 0.9 it owns the connection's `VsrSession`, so a
//! request takes its number when it is written, in the order requests reach the socket, and every answer updates
//! the session (Register binds it, Logout and evictions end it) before the caller sees it. Where the first answer
//! shows the server speaks the other version, the caller gets `Error::ProtocolMismatch` naming the option to set.

use std::collections::VecDeque;
use std::future::{poll_fn, Future};
use std::io::IoSlice;
use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use bytes::{Buf, Bytes, BytesMut};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use crate::codec::{command_info, ProtocolVersion};
use crate::codes::constants::{REQUEST_HEADER_SIZE, RESPONSE_HEADER_SIZE, STATUS_OK, VSR_HEADER_SIZE};
use crate::config::ClientConfig;
use crate::error::{Error, Result};
use crate::error_code::ErrorCode;
use crate::vsr::{self, VsrAnswer, VsrSession};

/// Requests written before the first answer is read (1 = the protocol's one request in flight).
const MAX_IN_FLIGHT: usize = 1;
/// Callers waiting to hand a frame to the socket task; more wait for a slot (backpressure).
const REQUEST_QUEUE_CAPACITY: usize = 64;
/// An answer larger than this is a corrupt stream, not something to allocate.
const MAX_RESPONSE_BYTES: usize = 1 << 31;
/// Receive buffer growth step: memory follows the bytes that arrive, not the length a peer announces.
const READ_CHUNK_BYTES: usize = 64 * 1024;
/// Most bytes reserved ahead of an answer's arrival: one allocation for typical polls, a constant bound for the rest.
const MAX_READ_AHEAD_BYTES: usize = 8 << 20;
/// Most slices handed to one vectored write (Linux IOV_MAX is 1024).
const MAX_IO_SLICES: usize = 512;

/// A request: its command, the 0.9 operation it carries, and its payload chunks written back to back (payloads
/// are not copied). The socket task puts the header in front: 0.8 `length | code`, or a 0.9 RequestHeader.
pub struct Frame {
    pub code: u32,
    pub operation: u8,
    /// Shared, so another attempt of the request (`again`) costs a reference count, not a copy of a batch's
    /// thousands of handles (each an atomic count on a payload the caller's thread shares).
    pub chunks: Arc<Vec<Bytes>>,
    /// 0.9: the exact header to send again (a transient answer's retry keeps identity and number).
    pub resend: Option<Bytes>,
}

impl Frame {
    pub fn new(code: u32, operation: u8, payload: Bytes) -> Self {
        Frame { code, operation, chunks: Arc::new(vec![payload]), resend: None }
    }

    /// The same request, for another attempt (a new header unless `resend` is set).
    pub fn again(&self) -> Frame {
        Frame { code: self.code, operation: self.operation, chunks: self.chunks.clone(), resend: self.resend.clone() }
    }

    fn payload_len(&self) -> usize {
        self.chunks.iter().map(Bytes::len).sum()
    }
}

/// What the socket task answers: the OK body, or why there is none.
pub enum Reply {
    Ok(Bytes),
    /// The server refused the request (0.8 status, 0.9 status, eviction or result rejection), or answered in the
    /// other protocol version.
    Failed(Error),
    /// 0.9: 57/58, not committed now; `header` is the frame's exact header, to send again.
    Transient {
        code: u32,
        header: Bytes,
    },
    /// The connection broke; `written` tells whether this request had left (its outcome is then unknown).
    Broken {
        written: bool,
        reason: String,
    },
}

struct Pending {
    frame: Frame,
    reply: oneshot::Sender<Reply>,
}

/// Handle to one connection's socket task. Dropping it (or calling `close`) ends the task.
pub struct Connection {
    queue: mpsc::Sender<Pending>,
    task: JoinHandle<()>,
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Connection {
    /// Connect (TCP, then TLS if configured) within `connect_timeout_ms` and start the socket task, speaking
    /// `config.protocol`.
    pub async fn open(config: &ClientConfig) -> Result<Connection> {
        let timeout = Duration::from_millis(config.connect_timeout_ms);
        let address = config.address();
        let tcp = match tokio::time::timeout(timeout, TcpStream::connect(&address)).await {
            Err(_) => return Err(Error::Timeout { what: "connect", timeout_ms: config.connect_timeout_ms }),
            Ok(Err(error)) => return Err(Error::CannotConnect(format!("{address}: {error}"))),
            Ok(Ok(tcp)) => tcp,
        };
        tcp.set_nodelay(config.nodelay).map_err(|e| Error::CannotConnect(e.to_string()))?;
        let (queue, requests) = mpsc::channel(REQUEST_QUEUE_CAPACITY);
        let task = if config.tls {
            let stream = crate::tls::connect(config, tcp, timeout).await?;
            tokio::spawn(run(stream, requests, config.protocol))
        } else {
            tokio::spawn(run(tcp, requests, config.protocol))
        };
        Ok(Connection { queue, task })
    }

    /// The socket task has ended (the connection broke or was closed).
    pub fn is_closed(&self) -> bool {
        self.queue.is_closed() || self.task.is_finished()
    }

    /// Hand a frame to the socket task; the oneshot answers in request order.
    pub async fn submit(&self, frame: Frame) -> Result<oneshot::Receiver<Reply>> {
        let (reply, answer) = oneshot::channel();
        self.queue
            .send(Pending { frame, reply })
            .await
            .map_err(|_| Error::ConnectionLost("the connection is closed".into()))?;
        Ok(answer)
    }
}

enum Event {
    Request(Option<Pending>),
    Answer(std::result::Result<Answer, Failure>),
}

/// One frame read off the socket.
enum Answer {
    /// 0.8: status and body.
    Legacy { status: u32, body: Bytes },
    /// 0.9: the 256-byte header and the body.
    Vsr { header: Bytes, body: Bytes },
}

/// Why reading stopped: the bytes ended or broke the framing (`error`: a typed error for the caller, such as a
/// protocol mismatch, else a broken connection).
struct Failure {
    reason: String,
    error: Option<Error>,
}

impl From<String> for Failure {
    fn from(reason: String) -> Self {
        Failure { reason, error: None }
    }
}

/// What to say when a connection's first request got no answer at all: the server may speak only the other
/// protocol (shared by every SDK, protocol-spec/fixtures/connection_strings.json `protocol.mismatch`).
pub(crate) fn first_answer_hint(version: ProtocolVersion) -> String {
    let other = if version.is_vsr() { ProtocolVersion::V0_8 } else { ProtocolVersion::V0_9 };
    format!("if the server speaks only Iggy {other}, connect with protocol={other}")
}

fn answered_in_0_9() -> Error {
    Error::ProtocolMismatch {
        code: ErrorCode::INCOMPATIBLE_PROTOCOL_VERSION,
        message: "the server answered in Iggy 0.9 framing: it speaks protocol 0.9; connect with protocol=0.9".into(),
        server_protocol: Some(ProtocolVersion::V0_9),
    }
}

/// 0.8 commands whose OK answer always has a body: an empty one can only be the first 8 bytes of a 0.9 frame.
fn never_empty_in_0_8(code: u32) -> bool {
    command_info(code).is_some_and(|info| {
        !info.response_is_list && !info.empty_when_missing && !info.empty_answer_in.contains(&ProtocolVersion::V0_8)
    })
}

/// A request in flight: who waits for it, its code, and (0.9) its header, kept for a transient retry.
struct InFlight {
    reply: oneshot::Sender<Reply>,
    code: u32,
    header: Bytes,
}

async fn run<S: AsyncRead + AsyncWrite + Unpin>(
    stream: S,
    mut requests: mpsc::Receiver<Pending>,
    version: ProtocolVersion,
) {
    let (mut reader, mut writer) = tokio::io::split(stream);
    let mut in_flight: VecDeque<InFlight> = VecDeque::with_capacity(MAX_IN_FLIGHT);
    let mut received = BytesMut::new();
    let mut spare: Option<Bytes> = None;
    let mut session = VsrSession::default();
    let mut answers: u64 = 0;
    let reason = loop {
        // Wait for whichever may happen now: a frame to write (while the window has room) or an answer (while a
        // request is in flight). Both futures are cancel-safe: the loser keeps its state in `requests`/`received`.
        let event = {
            let (can_send, can_read) = (in_flight.len() < MAX_IN_FLIGHT, !in_flight.is_empty());
            let mut request = pin!(requests.recv());
            let mut answer = pin!(read_answer(&mut reader, &mut received, &mut spare, version, answers == 0));
            poll_fn(|cx| {
                if can_read {
                    if let Poll::Ready(answer) = answer.as_mut().poll(cx) {
                        return Poll::Ready(Event::Answer(answer));
                    }
                }
                if can_send {
                    if let Poll::Ready(request) = request.as_mut().poll(cx) {
                        return Poll::Ready(Event::Request(request));
                    }
                }
                Poll::Pending
            })
            .await
        };
        match event {
            Event::Request(None) => break "client closed".to_owned(),
            Event::Request(Some(Pending { frame, reply })) => {
                let header = match frame_header(&frame, version, &mut session) {
                    Ok(header) => header,
                    Err(error) => {
                        let _ = reply.send(Reply::Failed(error)); // nothing was written
                        continue;
                    }
                };
                if let Err(error) = write_frame(&mut writer, &header, &frame.chunks).await {
                    // Part of the frame may have left: its outcome is unknown too.
                    let _ = reply.send(Reply::Broken { written: true, reason: error.to_string() });
                    break error.to_string();
                }
                in_flight.push_back(InFlight { reply, code: frame.code, header });
            }
            Event::Answer(answer) => {
                let waiting = in_flight.pop_front().expect("an answer pairs with a request in flight");
                answers += 1;
                match answer {
                    Ok(Answer::Legacy { status, body }) => {
                        if answers == 1 && status == STATUS_OK && body.is_empty() && never_empty_in_0_8(waiting.code) {
                            // Its 0.8 answer always has a body: these 8 zero bytes start a 0.9 frame.
                            let _ = waiting.reply.send(Reply::Failed(answered_in_0_9()));
                            break "the server speaks protocol 0.9".to_owned();
                        }
                        let reply =
                            if status == STATUS_OK { Reply::Ok(body) } else { Reply::Failed(Error::server(status)) };
                        let _ = waiting.reply.send(reply); // the caller may have given up; the stream stays in sync
                    }
                    Ok(Answer::Vsr { header, body }) => {
                        let reply = match vsr::interpret(&header, body) {
                            VsrAnswer::Ok(operation, body) => match session.on_reply(operation, &body) {
                                Ok(()) => Reply::Ok(body),
                                Err(error) => Reply::Failed(error),
                            },
                            VsrAnswer::Transient(code) => Reply::Transient { code, header: waiting.header },
                            VsrAnswer::Failed(error) => {
                                if matches!(error, Error::Evicted { .. }) {
                                    session.on_eviction();
                                }
                                Reply::Failed(error)
                            }
                        };
                        let _ = waiting.reply.send(reply);
                    }
                    Err(Failure { reason, error }) => {
                        let reply = match error {
                            Some(error) => Reply::Failed(error),
                            None => Reply::Broken { written: true, reason: reason.clone() },
                        };
                        let _ = waiting.reply.send(reply);
                        break reason;
                    }
                }
            }
        }
    };
    for waiting in in_flight {
        let _ = waiting.reply.send(Reply::Broken { written: true, reason: reason.clone() });
    }
    requests.close();
    while let Ok(Pending { reply, .. }) = requests.try_recv() {
        let _ = reply.send(Reply::Broken { written: false, reason: reason.clone() });
    }
}

/// The header in front of `frame`'s payload: 0.8 `length | code`, or the 0.9 RequestHeader (numbered now, in
/// write order; a transient retry sends its exact header again).
fn frame_header(frame: &Frame, version: ProtocolVersion, session: &mut VsrSession) -> Result<Bytes> {
    if version.is_vsr() {
        if let Some(header) = &frame.resend {
            return Ok(header.clone());
        }
        return session.header(frame.code, frame.operation, &frame.chunks);
    }
    let length = u32::try_from(frame.payload_len() + 4)
        .map_err(|_| Error::InvalidArgument("the request exceeds 4 GiB".into()))?;
    let mut header = [0u8; REQUEST_HEADER_SIZE];
    header[..4].copy_from_slice(&length.to_le_bytes());
    header[4..].copy_from_slice(&frame.code.to_le_bytes());
    Ok(Bytes::copy_from_slice(&header))
}

async fn write_frame<W: AsyncWrite + Unpin>(writer: &mut W, header: &Bytes, chunks: &[Bytes]) -> std::io::Result<()> {
    // The parts are borrowed, never cloned: a batch has thousands, and each clone is an atomic count on a payload
    // the caller's thread shares. `first` is the next part not written whole, `skip` its bytes already written.
    let parts = || std::iter::once(header).chain(chunks.iter()).filter(|part| !part.is_empty());
    let total = parts().count();
    let (mut first, mut skip) = (0usize, 0usize);
    let mut slices: Vec<IoSlice<'_>> = Vec::with_capacity(total.min(MAX_IO_SLICES));
    while first < total {
        slices.clear();
        for (index, part) in parts().skip(first).take(MAX_IO_SLICES).enumerate() {
            slices.push(IoSlice::new(if index == 0 { &part[skip..] } else { part }));
        }
        let mut written = writer.write_vectored(&slices).await?;
        if written == 0 {
            return Err(std::io::ErrorKind::WriteZero.into());
        }
        for slice in &slices {
            if written < slice.len() {
                skip += written;
                break;
            }
            written -= slice.len();
            first += 1;
            skip = 0;
        }
    }
    writer.flush().await
}

/// Keeps a handle on a large answer's allocation, to read a later large answer into once the caller has dropped
/// every slice of it (`reserve_answer`).
fn keep_spare(spare: &mut Option<Bytes>, answer: &Bytes) {
    if answer.len() >= READ_CHUNK_BYTES {
        *spare = Some(answer.clone());
    }
}

/// Makes room for `additional` bytes of the answer being read: in the allocation of an earlier large answer when
/// every slice of it was dropped, else in a new one. A new allocation per large answer (a poll's megabyte) went back
/// to the OS when the caller dropped it and was faulted in again by the next read: measured on 300 polls of 1 MB,
/// 0.63 s of system time in the client, against 0.20 s with the pages kept (glibc told not to trim). Holding the
/// spare costs no memory while the caller holds the answer, and at most one answer's size after.
fn reserve_answer(received: &mut BytesMut, spare: &mut Option<Bytes>, additional: usize) {
    if received.capacity() - received.len() >= additional {
        return;
    }
    if let Some(earlier) = spare.take() {
        match earlier.try_into_mut() {
            Ok(mut reused) => {
                reused.clear();
                reused.reserve(received.len() + additional); // in place: the allocation is ours alone now
                reused.extend_from_slice(received);
                *received = reused;
            }
            Err(still_held) => *spare = Some(still_held),
        }
    }
    received.reserve(additional);
}

/// Read one answer into `received` (cancel-safe: bytes read so far stay in the buffer).
async fn read_answer<R: AsyncRead + Unpin>(
    reader: &mut R,
    received: &mut BytesMut,
    spare: &mut Option<Bytes>,
    version: ProtocolVersion,
    first: bool,
) -> std::result::Result<Answer, Failure> {
    loop {
        if version.is_vsr() {
            if received.len() >= 8 {
                if let Some(error) = vsr::check_reply_prefix(&received[..8]) {
                    let reason = error.to_string();
                    return Err(Failure { reason, error: Some(error) });
                }
            }
            if received.len() >= VSR_HEADER_SIZE {
                let size = vsr::frame_size(&received[..VSR_HEADER_SIZE]);
                if size < VSR_HEADER_SIZE || size - VSR_HEADER_SIZE > MAX_RESPONSE_BYTES {
                    return Err(format!("0.9 frame size {size} is implausible").into());
                }
                if received.len() >= size {
                    let mut frame = received.split_to(size).freeze();
                    keep_spare(spare, &frame);
                    let header = frame.split_to(VSR_HEADER_SIZE);
                    return Ok(Answer::Vsr { header, body: frame });
                }
                reserve_answer(received, spare, (size - received.len()).min(MAX_READ_AHEAD_BYTES));
            } else {
                received.reserve(READ_CHUNK_BYTES);
            }
        } else if received.len() >= RESPONSE_HEADER_SIZE {
            let status = u32::from_le_bytes(received[..4].try_into().expect("4 bytes"));
            let length = u32::from_le_bytes(received[4..8].try_into().expect("4 bytes")) as usize;
            if length > MAX_RESPONSE_BYTES {
                return Err(format!("answer of {length} bytes exceeds the {MAX_RESPONSE_BYTES}-byte bound").into());
            }
            if status != STATUS_OK && length != 0 {
                return Err(format!("error status {status} with a {length}-byte body").into());
            }
            if received.len() >= RESPONSE_HEADER_SIZE + length {
                received.advance(RESPONSE_HEADER_SIZE);
                let body = received.split_to(length).freeze();
                keep_spare(spare, &body);
                return Ok(Answer::Legacy { status, body });
            }
            let missing = RESPONSE_HEADER_SIZE + length - received.len();
            reserve_answer(received, spare, missing.min(MAX_READ_AHEAD_BYTES));
        } else {
            received.reserve(READ_CHUNK_BYTES);
        }
        match reader.read_buf(received).await {
            // Closed (or reset) before any answer: the server may speak only the other protocol.
            Ok(0) | Err(_) if first => {
                return Err(
                    format!("the connection closed before its first answer; {}", first_answer_hint(version)).into()
                )
            }
            Ok(0) => return Err("the server closed the connection".to_owned().into()),
            Ok(_) => {}
            Err(error) => return Err(error.to_string().into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::IoSlice;
    use std::pin::Pin;
    use std::task::{Context, Poll};

    use bytes::Bytes;
    use tokio::io::AsyncWrite;

    use super::write_frame;

    /// A socket that takes at most `step` bytes per write, across slices: every split of a part is exercised. It
    /// refuses to take more than `limit` bytes in all, so a writer that sends bytes twice fails instead of looping.
    struct Trickle {
        written: Vec<u8>,
        step: usize,
        limit: usize,
    }

    impl AsyncWrite for Trickle {
        fn poll_write(mut self: Pin<&mut Self>, _: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
            let taken = buf.len().min(self.step);
            self.written.extend_from_slice(&buf[..taken]);
            Poll::Ready(Ok(taken))
        }

        fn poll_write_vectored(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
            slices: &[IoSlice<'_>],
        ) -> Poll<std::io::Result<usize>> {
            assert!(self.written.len() < self.limit, "more bytes written than the frame has");
            let mut taken = 0;
            for slice in slices {
                let part = slice.len().min(self.step - taken);
                self.written.extend_from_slice(&slice[..part]);
                taken += part;
                if taken == self.step {
                    break;
                }
            }
            Poll::Ready(Ok(taken))
        }

        fn is_write_vectored(&self) -> bool {
            true
        }

        fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
            Poll::Ready(Ok(()))
        }

        fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
            Poll::Ready(Ok(()))
        }
    }

    #[tokio::test]
    async fn a_frame_written_in_pieces_arrives_whole_and_in_order() {
        let header = Bytes::from_static(b"HEADER");
        // More parts than one vectored write takes, empty ones among them, of uneven sizes.
        let chunks: Vec<Bytes> = (0..1500u32).map(|i| Bytes::from(vec![(i % 251) as u8; (i % 5) as usize])).collect();
        let expected: Vec<u8> =
            header.iter().copied().chain(chunks.iter().flat_map(|chunk| chunk.iter().copied())).collect();
        for step in [1, 3, 7, 64, 1 << 20] {
            let mut socket = Trickle { written: Vec::new(), step, limit: expected.len() };
            write_frame(&mut socket, &header, &chunks).await.unwrap();
            assert_eq!(socket.written, expected, "step {step}");
        }
    }
}
