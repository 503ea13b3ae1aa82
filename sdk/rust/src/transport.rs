//! One connection: a task owns the socket; callers hand it frames through a bounded queue and get their answers
//! through a FIFO of oneshots (the async-nats shape). A caller that is cancelled or times out only drops its
//! oneshot: the task always writes whole frames and reads every answer, so the byte stream never desynchronises.
//!
//! The protocol has no request ids, so answers pair with requests by order. `MAX_IN_FLIGHT` requests may be
//! written before the first answer arrives; it is 1 (the spec's rule) and raising it is the pipelining switch.

use std::collections::VecDeque;
use std::future::{poll_fn, Future};
use std::io::IoSlice;
use std::pin::pin;
use std::task::Poll;
use std::time::Duration;

use bytes::{Buf, Bytes, BytesMut};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use crate::codes::constants::{REQUEST_HEADER_SIZE, RESPONSE_HEADER_SIZE, STATUS_OK};
use crate::config::ClientConfig;
use crate::error::{Error, Result};

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

/// A request frame: the 8-byte header plus payload chunks written back to back (payloads are not copied).
pub struct Frame {
    pub code: u32,
    pub chunks: Vec<Bytes>,
}

impl Frame {
    pub fn new(code: u32, payload: Bytes) -> Self {
        Frame { code, chunks: vec![payload] }
    }

    fn payload_len(&self) -> usize {
        self.chunks.iter().map(Bytes::len).sum()
    }
}

/// What the socket task answers: the OK body, or why there is none.
pub enum Reply {
    Ok(Bytes),
    Status(u32),
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
    /// Connect (TCP, then TLS if configured) within `connect_timeout_ms` and start the socket task.
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
            tokio::spawn(run(stream, requests))
        } else {
            tokio::spawn(run(tcp, requests))
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
    Answer(std::result::Result<Reply, String>),
}

async fn run<S: AsyncRead + AsyncWrite + Unpin>(stream: S, mut requests: mpsc::Receiver<Pending>) {
    let (mut reader, mut writer) = tokio::io::split(stream);
    let mut in_flight: VecDeque<oneshot::Sender<Reply>> = VecDeque::with_capacity(MAX_IN_FLIGHT);
    let mut received = BytesMut::new();
    let reason = loop {
        // Wait for whichever may happen now: a frame to write (while the window has room) or an answer (while a
        // request is in flight). Both futures are cancel-safe: the loser keeps its state in `requests`/`received`.
        let event = {
            let (can_send, can_read) = (in_flight.len() < MAX_IN_FLIGHT, !in_flight.is_empty());
            let mut request = pin!(requests.recv());
            let mut answer = pin!(read_answer(&mut reader, &mut received));
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
                if let Err(error) = write_frame(&mut writer, &frame).await {
                    // Part of the frame may have left: its outcome is unknown too.
                    let _ = reply.send(Reply::Broken { written: true, reason: error.to_string() });
                    break error.to_string();
                }
                in_flight.push_back(reply);
            }
            Event::Answer(answer) => {
                let reply = in_flight.pop_front().expect("an answer pairs with a request in flight");
                match answer {
                    Ok(answer) => {
                        let _ = reply.send(answer); // the caller may have given up; the stream stays in sync
                    }
                    Err(reason) => {
                        let _ = reply.send(Reply::Broken { written: true, reason: reason.clone() });
                        break reason;
                    }
                }
            }
        }
    };
    for reply in in_flight {
        let _ = reply.send(Reply::Broken { written: true, reason: reason.clone() });
    }
    requests.close();
    while let Ok(Pending { reply, .. }) = requests.try_recv() {
        let _ = reply.send(Reply::Broken { written: false, reason: reason.clone() });
    }
}

async fn write_frame<W: AsyncWrite + Unpin>(writer: &mut W, frame: &Frame) -> std::io::Result<()> {
    let length = u32::try_from(frame.payload_len() + 4)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidInput, "frame exceeds u32"))?;
    let mut header = [0u8; REQUEST_HEADER_SIZE];
    header[..4].copy_from_slice(&length.to_le_bytes());
    header[4..].copy_from_slice(&frame.code.to_le_bytes());
    let mut parts: Vec<Bytes> = Vec::with_capacity(frame.chunks.len() + 1);
    parts.push(Bytes::copy_from_slice(&header));
    parts.extend(frame.chunks.iter().filter(|c| !c.is_empty()).cloned());
    let mut first = 0;
    while first < parts.len() {
        let slices: Vec<IoSlice<'_>> =
            parts[first..].iter().take(MAX_IO_SLICES).map(|part| IoSlice::new(part)).collect();
        let mut written = writer.write_vectored(&slices).await?;
        if written == 0 {
            return Err(std::io::ErrorKind::WriteZero.into());
        }
        while written > 0 {
            let part = &mut parts[first];
            let step = written.min(part.len());
            part.advance(step);
            written -= step;
            if part.is_empty() {
                first += 1;
            }
        }
    }
    writer.flush().await
}

/// Read one answer into `received` (cancel-safe: bytes read so far stay in the buffer).
async fn read_answer<R: AsyncRead + Unpin>(
    reader: &mut R,
    received: &mut BytesMut,
) -> std::result::Result<Reply, String> {
    loop {
        if received.len() >= RESPONSE_HEADER_SIZE {
            let status = u32::from_le_bytes(received[..4].try_into().expect("4 bytes"));
            let length = u32::from_le_bytes(received[4..8].try_into().expect("4 bytes")) as usize;
            if length > MAX_RESPONSE_BYTES {
                return Err(format!("answer of {length} bytes exceeds the {MAX_RESPONSE_BYTES}-byte bound"));
            }
            if status != STATUS_OK && length != 0 {
                return Err(format!("error status {status} with a {length}-byte body"));
            }
            if received.len() >= RESPONSE_HEADER_SIZE + length {
                received.advance(RESPONSE_HEADER_SIZE);
                let body = received.split_to(length).freeze();
                return Ok(if status == STATUS_OK { Reply::Ok(body) } else { Reply::Status(status) });
            }
            let missing = RESPONSE_HEADER_SIZE + length - received.len();
            received.reserve(missing.min(MAX_READ_AHEAD_BYTES));
        } else {
            received.reserve(READ_CHUNK_BYTES);
        }
        match reader.read_buf(received).await {
            Ok(0) => return Err("the server closed the connection".into()),
            Ok(_) => {}
            Err(error) => return Err(error.to_string()),
        }
    }
}
