//! The QUIC listener's engine: quinn on a Tokio runtime of its own thread does every packet (TLS, acks, flow
//! control, retransmission); Python runs every request.
//!
//! Why: aioquic handled every 1.2 KB packet in Python on the event loop's thread (~40 µs each), which held QUIC
//! to about a third of Iggy's throughput (server/BENCHMARKS.md, "QUIC").
//!
//! The boundary passes ints, strings and bytes. Python learns what happened from `take_events` (the eventfd
//! `notify_fd` is readable when events wait): a connection opened (its id and peer), a client-opened
//! bidirectional stream (its id and its connection's), a read completed (the bytes) or cut short (how many
//! bytes came), a connection closed. Python asks for `read_exactly(stream, n)` after deciding a request may be
//! read (it checks the announced size and the login first, so a read never exceeds what it allowed), then
//! `answer` (the reply and FIN), `stop_reading` (STOP_SENDING for an unread payload) or `close`. A read buffer
//! grows with the bytes received, never with the bytes asked for. Events are bounded by the streams quinn lets a
//! connection open (`max_concurrent_bidi_streams`): each stream yields at most one event per operation Python
//! asked for.

use std::collections::{HashMap, VecDeque};
use std::net::{SocketAddr, ToSocketAddrs};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use std::os::raw::c_int;

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyBufferError, PyOSError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use quinn::VarInt;

use crate::py_buffer::fill_byte_view;
use crate::readable;

/// Event kinds of `take_events`: `(kind, id, value)`.
pub const EVENT_CONNECTION: u32 = 0; // id = connection, value = peer "host:port"
pub const EVENT_STREAM: u32 = 1; // id = stream, value = its connection
pub const EVENT_READ: u32 = 2; // id = stream, value = the bytes asked for (`QuicBytes`, a writable buffer)
pub const EVENT_READ_CUT: u32 = 3; // id = stream, value = bytes that came before the stream ended
pub const EVENT_READ_LOST: u32 = 4; // id = stream, value = None: reset by the peer or its connection is gone
pub const EVENT_CLOSED: u32 = 5; // id = connection, value = None

/// How long an answer that closes its connection waits for the peer to acknowledge it first.
const CLOSE_AFTER_ANSWER_WAIT: Duration = Duration::from_secs(1);
/// How long `stop` lets the closing connections tell their peers.
const STOP_WAIT: Duration = Duration::from_millis(200);
/// The first capacity of a read buffer; it grows with the bytes received up to the size asked for.
const READ_BUFFER_START_BYTES: usize = 64 * 1024;

enum Event {
    Connection { id: u64, peer: String },
    Stream { id: u64, connection: u64 },
    Read { id: u64, data: Vec<u8> },
    ReadCut { id: u64, received: usize },
    ReadLost { id: u64 },
    Closed { id: u64 },
}

struct StreamSlot {
    connection: u64,
    send: Option<quinn::SendStream>,
    recv: Option<quinn::RecvStream>,
}

struct Shared {
    events: Mutex<VecDeque<Event>>,
    notify: OwnedFd,
    next_id: AtomicU64,
    connections: Mutex<HashMap<u64, quinn::Connection>>,
    streams: Mutex<HashMap<u64, StreamSlot>>,
}

impl Shared {
    fn push(&self, event: Event) {
        let was_empty = {
            let mut events = self.events.lock().unwrap();
            let was_empty = events.is_empty();
            events.push_back(event);
            was_empty
        };
        if was_empty {
            let one: u64 = 1;
            // SAFETY: writing 8 bytes to an eventfd; a full counter (EAGAIN) already means "signalled".
            unsafe { libc::write(self.notify.as_raw_fd(), (&one as *const u64).cast(), 8) };
        }
    }

    fn id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn take_recv(&self, stream: u64) -> Option<quinn::RecvStream> {
        self.streams.lock().unwrap().get_mut(&stream).and_then(|slot| slot.recv.take())
    }
}

/// A completed read's bytes, handed to Python without a copy: a writable buffer (a send is stamped in place)
/// over the bytes the engine received. The vector is never resized after it is built, so its memory stays
/// where the exports point until the object is dropped (which an export prevents).
#[pyclass(module = "iggy_server._native", frozen)]
pub struct QuicBytes {
    data: Mutex<Vec<u8>>,
    length: usize,
}

#[pymethods]
impl QuicBytes {
    fn __len__(&self) -> usize {
        self.length
    }

    unsafe fn __getbuffer__(slf: Bound<'_, Self>, view: *mut ffi::Py_buffer, flags: c_int) -> PyResult<()> {
        if view.is_null() {
            return Err(PyBufferError::new_err("view is null"));
        }
        let (pointer, length) = {
            let this = slf.get();
            (this.data.lock().unwrap().as_mut_ptr(), this.length)
        };
        // SAFETY: `view` is a valid Py_buffer to fill; the vector's memory is neither moved nor freed while
        // `obj` keeps this object alive, and nothing in Rust reads or writes it after it was built.
        unsafe { fill_byte_view(view, slf.into_any(), pointer, length, false, flags) };
        Ok(())
    }

    unsafe fn __releasebuffer__(&self, _view: *mut ffi::Py_buffer) {}
}

/// A QUIC listener on quinn; see the module doc.
#[pyclass(module = "iggy_server._native")]
pub struct QuicEndpoint {
    shared: Arc<Shared>,
    runtime: tokio::runtime::Handle,
    // Taken by `stop`: the UDP socket closes with the last handle, so a restart can bind the same port at once.
    endpoint: Mutex<Option<quinn::Endpoint>>,
    local: SocketAddr,
    stop: Mutex<Option<tokio::sync::oneshot::Sender<()>>>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

fn transport_config(
    receive_window_bytes: u64,
    max_idle_timeout_ms: u64,
    max_concurrent_bidi_streams: u32,
) -> PyResult<quinn::TransportConfig> {
    let window = VarInt::from_u64(receive_window_bytes).map_err(|_| PyValueError::new_err("window too large"))?;
    let idle = quinn::IdleTimeout::try_from(Duration::from_millis(max_idle_timeout_ms))
        .map_err(|_| PyValueError::new_err("idle timeout too large"))?;
    let mut transport = quinn::TransportConfig::default();
    transport
        .max_idle_timeout(Some(idle))
        .stream_receive_window(window)
        .receive_window(window)
        .max_concurrent_bidi_streams(VarInt::from_u32(max_concurrent_bidi_streams))
        .max_concurrent_uni_streams(VarInt::from_u32(0));
    Ok(transport)
}

fn server_config(
    certificate_chain_der: Vec<Vec<u8>>,
    private_key_der: Vec<u8>,
    transport: quinn::TransportConfig,
) -> PyResult<quinn::ServerConfig> {
    use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
    let chain: Vec<CertificateDer<'static>> = certificate_chain_der.into_iter().map(CertificateDer::from).collect();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(private_key_der));
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    // TLS 1.3 (QUIC requires it) and no ALPN, as Iggy's server: its clients offer none.
    let tls = rustls::ServerConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(|error| PyValueError::new_err(format!("quic TLS: {error}")))?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(|error| PyValueError::new_err(format!("quic certificate: {error}")))?;
    let crypto = quinn::crypto::rustls::QuicServerConfig::try_from(tls)
        .map_err(|error| PyValueError::new_err(format!("quic TLS: {error}")))?;
    let mut config = quinn::ServerConfig::with_crypto(Arc::new(crypto));
    config.transport_config(Arc::new(transport));
    Ok(config)
}

async fn serve_connection(shared: Arc<Shared>, incoming: quinn::Incoming) {
    let Ok(connection) = incoming.await else { return };
    let id = shared.id();
    shared.connections.lock().unwrap().insert(id, connection.clone());
    shared.push(Event::Connection { id, peer: connection.remote_address().to_string() });
    while let Ok((send, recv)) = connection.accept_bi().await {
        let stream = shared.id();
        let slot = StreamSlot { connection: id, send: Some(send), recv: Some(recv) };
        shared.streams.lock().unwrap().insert(stream, slot);
        shared.push(Event::Stream { id: stream, connection: id });
    }
    shared.connections.lock().unwrap().remove(&id);
    shared.streams.lock().unwrap().retain(|_, slot| slot.connection != id);
    shared.push(Event::Closed { id });
}

async fn read_exactly(shared: Arc<Shared>, stream: u64, mut recv: quinn::RecvStream, bytes: usize) {
    let mut data = Vec::with_capacity(bytes.min(READ_BUFFER_START_BYTES));
    let event = loop {
        if data.len() == bytes {
            break Event::Read { id: stream, data };
        }
        match recv.read_chunk(bytes - data.len(), true).await {
            Ok(Some(chunk)) => data.extend_from_slice(&chunk.bytes),
            Ok(None) => break Event::ReadCut { id: stream, received: data.len() },
            Err(_) => break Event::ReadLost { id: stream },
        }
    };
    if let Some(slot) = shared.streams.lock().unwrap().get_mut(&stream) {
        slot.recv = Some(recv);
    }
    shared.push(event);
}

/// OSError(errno, strerror), so the caller can name the cause (the listener's "address in use" exit code).
fn os_error(error: std::io::Error) -> PyErr {
    match error.raw_os_error() {
        Some(errno) => PyOSError::new_err((errno, error.to_string())),
        None => PyOSError::new_err(error.to_string()),
    }
}

fn joined(parts: &[PyBuffer<u8>]) -> PyResult<Vec<u8>> {
    let mut total = 0usize;
    for part in parts {
        total += part.len_bytes();
    }
    let mut data = Vec::with_capacity(total);
    for part in parts {
        data.extend_from_slice(readable(part)?);
    }
    Ok(data)
}

#[pymethods]
impl QuicEndpoint {
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        host: &str,
        port: u16,
        certificate_chain_der: Vec<Vec<u8>>,
        private_key_der: Vec<u8>,
        receive_window_bytes: u64,
        max_idle_timeout_ms: u64,
        max_concurrent_bidi_streams: u32,
    ) -> PyResult<Self> {
        let transport = transport_config(receive_window_bytes, max_idle_timeout_ms, max_concurrent_bidi_streams)?;
        let config = server_config(certificate_chain_der, private_key_der, transport)?;
        let address = (host, port)
            .to_socket_addrs()?
            .next()
            .ok_or_else(|| PyValueError::new_err(format!("quic address {host}:{port} resolves to nothing")))?;
        let socket = std::net::UdpSocket::bind(address).map_err(os_error)?;
        let local = socket.local_addr().map_err(os_error)?;
        // SAFETY: eventfd returns a new descriptor or -1; a new descriptor is owned by nobody else.
        let notify = unsafe { libc::eventfd(0, libc::EFD_NONBLOCK | libc::EFD_CLOEXEC) };
        if notify < 0 {
            return Err(PyOSError::new_err(std::io::Error::last_os_error().to_string()));
        }
        let shared = Arc::new(Shared {
            events: Mutex::new(VecDeque::new()),
            // SAFETY: checked above that it is a descriptor we own.
            notify: unsafe { OwnedFd::from_raw_fd(notify) },
            next_id: AtomicU64::new(1),
            connections: Mutex::new(HashMap::new()),
            streams: Mutex::new(HashMap::new()),
        });
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        let endpoint = {
            let _entered = runtime.enter();
            quinn::Endpoint::new(
                quinn::EndpointConfig::default(),
                Some(config),
                socket,
                Arc::new(quinn::TokioRuntime),
            )?
        };
        let handle = runtime.handle().clone();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let accepting = endpoint.clone();
        let accept_shared = shared.clone();
        let thread = std::thread::Builder::new().name("iggy-quic".into()).spawn(move || {
            runtime.block_on(async move {
                let accept = async {
                    while let Some(incoming) = accepting.accept().await {
                        tokio::spawn(serve_connection(accept_shared.clone(), incoming));
                    }
                };
                tokio::select! {
                    _ = accept => {}
                    _ = stopped => {}
                }
                // The connections' CONNECTION_CLOSE frames go out before the runtime ends.
                let _ = tokio::time::timeout(STOP_WAIT, accepting.wait_idle()).await;
            });
            // Dropping the runtime ends every connection's task.
        })?;
        Ok(Self {
            shared,
            runtime: handle,
            endpoint: Mutex::new(Some(endpoint)),
            local,
            stop: Mutex::new(Some(stop)),
            thread: Mutex::new(Some(thread)),
        })
    }

    /// The bound address (a port of 0 was given a free one).
    #[getter]
    fn local_address(&self) -> (String, u16) {
        (self.local.ip().to_string(), self.local.port())
    }

    /// Readable when events wait; `take_events` drains it.
    #[getter]
    fn notify_fd(&self) -> i32 {
        self.shared.notify.as_raw_fd()
    }

    /// Every waiting event as `(kind, id, value)` (the `EVENT_*` kinds), oldest first.
    fn take_events(&self, py: Python<'_>) -> PyResult<Vec<(u32, u64, PyObject)>> {
        let mut counter: u64 = 0;
        // SAFETY: reading 8 bytes from a non-blocking eventfd into a u64 (EAGAIN when nothing was signalled).
        // Drained before the queue is taken: an event pushed after the take signals again.
        unsafe { libc::read(self.shared.notify.as_raw_fd(), (&mut counter as *mut u64).cast(), 8) };
        let events: Vec<Event> = self.shared.events.lock().unwrap().drain(..).collect();
        let mut taken = Vec::with_capacity(events.len());
        for event in events {
            taken.push(match event {
                Event::Connection { id, peer } => (EVENT_CONNECTION, id, peer.into_pyobject(py)?.into_any().unbind()),
                Event::Stream { id, connection } => {
                    (EVENT_STREAM, id, connection.into_pyobject(py)?.into_any().unbind())
                }
                Event::Read { id, data } => {
                    let bytes = QuicBytes { length: data.len(), data: Mutex::new(data) };
                    (EVENT_READ, id, Bound::new(py, bytes)?.into_any().unbind())
                }
                Event::ReadCut { id, received } => {
                    (EVENT_READ_CUT, id, received.into_pyobject(py)?.into_any().unbind())
                }
                Event::ReadLost { id } => (EVENT_READ_LOST, id, py.None()),
                Event::Closed { id } => (EVENT_CLOSED, id, py.None()),
            });
        }
        Ok(taken)
    }

    /// Reads exactly `bytes` more of a stream's request; an `EVENT_READ`, `EVENT_READ_CUT` or `EVENT_READ_LOST`
    /// follows (lost at once when the stream is gone or a read of it is under way).
    fn read_exactly(&self, stream: u64, bytes: usize) {
        match self.shared.take_recv(stream) {
            Some(recv) => {
                self.runtime.spawn(read_exactly(self.shared.clone(), stream, recv, bytes));
            }
            None => self.shared.push(Event::ReadLost { id: stream }),
        }
    }

    /// Sends `parts` as the stream's reply and finishes it; the stream is done (an unread rest of its request is
    /// stopped). With `close_code`, then closes the connection once the peer acknowledged the reply (or after a
    /// second), so the reply is not lost with the connection.
    #[pyo3(signature = (stream, parts, close_code=None, close_reason=""))]
    fn answer(
        &self,
        stream: u64,
        parts: Vec<PyBuffer<u8>>,
        close_code: Option<u64>,
        close_reason: &str,
    ) -> PyResult<()> {
        let data = joined(&parts)?;
        let Some(slot) = self.shared.streams.lock().unwrap().remove(&stream) else { return Ok(()) };
        let connection = self.shared.connections.lock().unwrap().get(&slot.connection).cloned();
        let Some(mut send) = slot.send else { return Ok(()) };
        let close_code =
            close_code.map(VarInt::from_u64).transpose().map_err(|_| PyValueError::new_err("code too large"))?;
        let close = close_code.map(|code| (code, close_reason.to_owned()));
        self.runtime.spawn(async move {
            let sent = send.write_all(&data).await.is_ok() && send.finish().is_ok();
            if let (Some((code, reason)), Some(connection)) = (close, connection) {
                if sent {
                    let _ = tokio::time::timeout(CLOSE_AFTER_ANSWER_WAIT, send.stopped()).await;
                }
                connection.close(code, reason.as_bytes());
            }
        });
        Ok(())
    }

    /// Tells the peer to stop sending the stream's request (STOP_SENDING with `code`): its unread bytes cannot
    /// hold flow-control credit.
    fn stop_reading(&self, stream: u64, code: u64) -> PyResult<()> {
        if let Some(mut recv) = self.shared.take_recv(stream) {
            let code = VarInt::from_u64(code).map_err(|_| PyValueError::new_err("code too large"))?;
            let _ = recv.stop(code);
        }
        Ok(())
    }

    /// Closes a connection with an application error code and reason; an `EVENT_CLOSED` follows.
    fn close(&self, connection: u64, code: u64, reason: &str) -> PyResult<()> {
        let code = VarInt::from_u64(code).map_err(|_| PyValueError::new_err("code too large"))?;
        if let Some(connection) = self.shared.connections.lock().unwrap().get(&connection) {
            connection.close(code, reason.as_bytes());
        }
        Ok(())
    }

    /// Closes every connection and the socket and ends the engine's thread.
    fn stop(&self, py: Python<'_>) {
        let endpoint = self.endpoint.lock().unwrap().take();
        if let Some(endpoint) = &endpoint {
            endpoint.close(VarInt::from_u32(0), b"server stopped");
        }
        if let Some(stop) = self.stop.lock().unwrap().take() {
            let _ = stop.send(());
        }
        let thread = self.thread.lock().unwrap().take();
        if let Some(thread) = thread {
            py.allow_threads(|| {
                let _ = thread.join();
            });
        }
        drop(endpoint);
        self.shared.connections.lock().unwrap().clear();
        self.shared.streams.lock().unwrap().clear();
    }
}
