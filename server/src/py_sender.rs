//! `SocketSender`: native threads that write answers to client TCP sockets with the GIL released.
//!
//! Why: with several consumers the event loop thread is the server's bottleneck, and a third of its time went
//! to the kernel's TCP send path (copying a poll's megabyte into socket buffers and delivering it). Handing
//! large answers to this thread lets the second core do that work while the loop parses and reads the next
//! request. Small answers (acks) are still written inline by the caller when nothing is queued, so they
//! gain no thread hop. So are large ones while a single connection gets answers and the thread is idle
//! (a lone consumer): there is nothing for the loop to do meanwhile, and the hop only adds the thread's wake-up
//! to every poll's round trip.
//!
//! Each connection attaches a duplicate of its socket descriptor (`attach`) to its home thread, the one serving
//! the fewest connections; from then on every answer of the connection goes through its `SenderHandle`. More
//! than one thread sends several consumers' megabytes at once instead of one behind the other, at the cost of
//! CPU the event loop needs while producers send: so a connection's queue is sent by its home thread only while
//! no producer sent lately (`note_producer`), by the first thread otherwise (measured in server/BENCHMARKS.md).
//! One thread at a time sends a connection's queue (`ConnState::pumping`), so its answers stay in order. Queued
//! bytes are either copied (headers, small parts) or, for views of a `MappedFile`, a shared reference to the
//! mapping — no copy of segment bytes in user space — or, for a large `bytes` (a 0.9 poll's converted
//! records), a reference to the object. Only the thread sending a queue removes its chunks and closes the
//! duplicate, so a chunk being sent is never freed and a descriptor being written is never closed under it;
//! at stop, the connections left are closed once every thread has ended.
//!
//! The Python side learns that a connection's queue fell to a threshold through an eventfd it watches
//! (`notify_fd`), which drives reading again after backpressure and a deferred close.

use std::collections::{HashMap, VecDeque};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::raw::c_int;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyMemoryView};

use crate::py_map::{MappedFile, Mapping};

/// Answers below this size are sent by the caller when nothing is queued before them.
const INLINE_SEND_LIMIT_BYTES: usize = 64 * 1024;
/// A large answer is sent by the caller too when the thread is idle and no other connection got any answer
/// within this window. Four consumers answered round-robin, or a consumer beside a producer (whose acks count),
/// are each other's previous one within a millisecond: the loop has other requests to serve while the thread
/// sends. A lone consumer's polls are apart by its round trip, and then the thread's wake-up is pure latency.
/// Measured in server/README "Hot-path I/O".
const LONE_ANSWER_WINDOW_NS: u64 = 10_000_000;
/// Threads beyond the first send only while no producer sent for this long (`note_producer`): on two cores a
/// second thread sending consumers' answers takes CPU the event loop needs to receive producers' batches.
/// Measured in server/BENCHMARKS.md ("Send threads beyond the first while no producer sends").
const PRODUCER_QUIET_NS: u64 = 250_000_000;
/// iovecs per sendmsg (well under IOV_MAX = 1024).
const MAX_IOVECS: usize = 64;
const MAX_EVENTS: usize = 64;
/// The epoll token of the wake eventfd; connection tokens start at 1.
const WAKE_TOKEN: u64 = 0;
const NO_THRESHOLD: usize = usize::MAX;
/// Most send threads a `SocketSender` starts (`tcp.send_thread_count` is checked against it at start-up).
const MAX_THREADS: usize = 64;

/// A `bytes` part at least this large is queued by reference rather than copied.
const SHARED_BYTES_MIN: usize = 64 * 1024;

enum Chunk {
    Owned(Vec<u8>),
    Mapped { _mapping: Arc<Mapping>, address: usize, length: usize },
    /// A range of an immutable `bytes` object (a 0.9 poll's converted records), kept alive by the reference:
    /// its bytes never move or change. Dropping it without the GIL hands the decrement to pyo3's pool, which
    /// the next call into the module applies.
    Shared { _owner: Py<PyAny>, address: usize, length: usize },
}

impl Chunk {
    fn bytes(&self) -> &[u8] {
        match self {
            Chunk::Owned(bytes) => bytes,
            // SAFETY: the range lies within the mapping (checked when queued), which `_mapping` keeps alive, or
            // within the `bytes` object `_owner` keeps alive (immutable, so never written meanwhile).
            Chunk::Mapped { address, length, .. } | Chunk::Shared { address, length, .. } => unsafe {
                std::slice::from_raw_parts(*address as *const u8, *length)
            },
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Closing {
    No,
    /// Send what is queued, then close.
    Graceful,
    /// Drop what is queued and close now.
    Abort,
}

struct ConnState {
    queue: VecDeque<Chunk>,
    /// Bytes of the front chunk already sent.
    front_sent: usize,
    closing: Closing,
    /// The duplicate descriptor is closed (and removed from epoll); nothing more is sent.
    closed: bool,
    /// The last send error (the peer reset or went away); later writes are dropped.
    failed: Option<i32>,
    /// A thread is sending this queue with the lock released (the connection's home thread or the first one,
    /// see `Shared::serving_worker`); another that is woken for it meanwhile leaves it, setting `rerun` so that
    /// the sending thread looks at the connection again (a close, say) before it stops.
    pumping: bool,
    rerun: bool,
}

struct Conn {
    token: u64,
    fd: c_int,
    /// The connection's home thread (index into `Shared::workers`): it sends the connection's answers while
    /// no producer is sending, the first thread does otherwise (`Shared::serving_worker`). The descriptor is
    /// registered in both threads' epoll sets.
    worker: usize,
    state: Mutex<ConnState>,
    queued_bytes: AtomicUsize,
    /// Notify Python once the queue is at or below this many bytes (NO_THRESHOLD: nobody waits).
    notify_at_or_below: AtomicUsize,
}

/// One send thread's epoll set and wake-up; its connections are those whose `worker` is its index.
struct Worker {
    epoll: OwnedFd,
    /// Wakes the thread (new work, a close, stop).
    wake: OwnedFd,
    ready: Mutex<Vec<Arc<Conn>>>,
    /// Connections attached to this thread and not yet closed (`attach` picks the thread with the fewest).
    open: AtomicUsize,
    /// Bytes this thread sent (`SocketSender.thread_sent_bytes`).
    sent_bytes: AtomicU64,
}

struct Shared {
    workers: Vec<Worker>,
    /// Wakes the Python loop (a queue fell to its threshold, a connection closed).
    notify: OwnedFd,
    conns: Mutex<HashMap<u64, Arc<Conn>>>,
    stop: AtomicBool,
    next_token: AtomicU64,
    sent_bytes: AtomicU64,
    inline_sends: AtomicU64,
    queued_sends: AtomicU64,
    /// Bytes of queued answers copied into the queue (parts that are not views of a `MappedFile`).
    copied_bytes: AtomicU64,
    /// Bytes queued on every connection and not yet sent (0: every thread is idle).
    queued_total_bytes: AtomicUsize,
    /// The connection (token) that got the last answer, and when (ns since `started`).
    last_answer_token: AtomicU64,
    last_answer_ns: AtomicU64,
    lone_answer_window_ns: u64,
    started: std::time::Instant,
    /// When a producer last sent (ns since `started`; 0: never), and how long after it the threads beyond the
    /// first stand back (`PRODUCER_QUIET_NS`).
    last_producer_ns: AtomicU64,
    producer_quiet_ns: u64,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding one of these locks would be a bug in this file; the data stay consistent enough
    // to keep closing connections, so poisoning is not propagated.
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn signal(fd: c_int) {
    let one: u64 = 1;
    // SAFETY: writing 8 bytes to an eventfd; a full counter (EAGAIN) already means "signalled".
    unsafe {
        libc::write(fd, (&one as *const u64).cast(), 8);
    }
}

fn drain_eventfd(fd: c_int) {
    let mut value: u64 = 0;
    // SAFETY: reading 8 bytes from a non-blocking eventfd into a u64.
    unsafe {
        libc::read(fd, (&mut value as *mut u64).cast(), 8);
    }
}

fn last_errno() -> i32 {
    io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// Drop `sent` bytes from the front of the queue.
fn advance(state: &mut ConnState, mut sent: usize) {
    while sent > 0 {
        let front_left = state.queue.front().map_or(0, |chunk| chunk.bytes().len()) - state.front_sent;
        if sent >= front_left {
            sent -= front_left;
            state.queue.pop_front();
            state.front_sent = 0;
        } else {
            state.front_sent += sent;
            sent = 0;
        }
    }
}

impl Shared {
    /// Record an answer for `conn`; whether no other connection got one lately and the thread has nothing
    /// queued. Callers hold the GIL (the event loop), so the two swaps are not raced.
    fn lone_answer(&self, conn: &Conn) -> bool {
        let now_ns = self.started.elapsed().as_nanos() as u64;
        let previous_token = self.last_answer_token.swap(conn.token, Ordering::AcqRel);
        let previous_ns = self.last_answer_ns.swap(now_ns, Ordering::AcqRel);
        // Token 0: no answer yet (connection tokens start at 1).
        let alone = previous_token == 0
            || previous_token == conn.token
            || now_ns.saturating_sub(previous_ns) > self.lone_answer_window_ns;
        alone && self.queued_total_bytes.load(Ordering::Acquire) == 0
    }

    /// The thread to send `conn`'s queue now: its home thread while no producer sent within
    /// `producer_quiet_ns`, else the first one (all answers on one thread, as with a single thread).
    fn serving_worker(&self, conn: &Conn) -> usize {
        let last_producer_ns = self.last_producer_ns.load(Ordering::Acquire);
        let quiet = last_producer_ns == 0
            || (self.started.elapsed().as_nanos() as u64).saturating_sub(last_producer_ns) > self.producer_quiet_ns;
        if quiet {
            conn.worker
        } else {
            0
        }
    }

    fn schedule(&self, conn: &Arc<Conn>) {
        let worker = &self.workers[self.serving_worker(conn)];
        lock(&worker.ready).push(Arc::clone(conn));
        signal(worker.wake.as_raw_fd());
    }

    fn notify_if_due(&self, conn: &Conn) {
        let threshold = conn.notify_at_or_below.load(Ordering::Acquire);
        if threshold != NO_THRESHOLD && conn.queued_bytes.load(Ordering::Acquire) <= threshold {
            conn.notify_at_or_below.store(NO_THRESHOLD, Ordering::Release);
            signal(self.notify.as_raw_fd());
        }
    }

    /// Close the duplicate: out of epoll first (the original descriptor keeps the registration alive
    /// otherwise), then closed; the queue is dropped.
    fn close_conn(&self, conn: &Conn, state: &mut ConnState) {
        if state.closed {
            return;
        }
        state.closed = true;
        state.queue.clear();
        state.front_sent = 0;
        let dropped = conn.queued_bytes.swap(0, Ordering::AcqRel);
        self.queued_total_bytes.fetch_sub(dropped, Ordering::AcqRel);
        let worker = &self.workers[conn.worker];
        // SAFETY: our own duplicate, registered in its home thread's epoll and the first thread's, closed exactly
        // once (guarded by `closed`).
        unsafe {
            libc::epoll_ctl(worker.epoll.as_raw_fd(), libc::EPOLL_CTL_DEL, conn.fd, std::ptr::null_mut());
            if conn.worker != 0 {
                libc::epoll_ctl(self.workers[0].epoll.as_raw_fd(), libc::EPOLL_CTL_DEL, conn.fd, std::ptr::null_mut());
            }
            libc::close(conn.fd);
        }
        worker.open.fetch_sub(1, Ordering::AcqRel);
        lock(&self.conns).remove(&conn.token);
        signal(self.notify.as_raw_fd());
    }

    fn arm_writable(&self, conn: &Conn) {
        let mut event = libc::epoll_event { events: (libc::EPOLLOUT | libc::EPOLLONESHOT) as u32, u64: conn.token };
        let worker = &self.workers[self.serving_worker(conn)];
        // SAFETY: the duplicate is open (not `closed`) and registered in both possible threads' sets at attach.
        unsafe {
            libc::epoll_ctl(worker.epoll.as_raw_fd(), libc::EPOLL_CTL_MOD, conn.fd, &mut event);
        }
    }

    /// Send as much of `conn`'s queue as the socket takes; wait for EPOLLOUT when it is full. Two threads may
    /// be woken for one connection (its home thread and the first, see `serving_worker`): the one that finds
    /// it `pumping` leaves it to the other, which sees whatever was queued meanwhile before it stops.
    fn service(&self, conn: &Conn, worker: usize) {
        {
            let mut state = lock(&conn.state);
            if state.pumping {
                state.rerun = true;
                return;
            }
            state.pumping = true;
        }
        loop {
            let mut state = lock(&conn.state);
            state.rerun = false;
            if state.closed {
                state.pumping = false;
                return;
            }
            if state.closing == Closing::Abort || state.failed.is_some() {
                state.pumping = false;
                self.close_conn(conn, &mut state);
                return;
            }
            if state.queue.is_empty() {
                state.pumping = false;
                if state.closing == Closing::Graceful {
                    self.close_conn(conn, &mut state);
                }
                return;
            }
            // The iovecs point into the queued chunks while the lock is released: only this thread removes
            // chunks, and a push by the writer moves chunk handles, never the bytes (heap or mapping).
            let ranges: Vec<(usize, usize)> = state
                .queue
                .iter()
                .take(MAX_IOVECS)
                .enumerate()
                .map(|(index, chunk)| {
                    let bytes = chunk.bytes();
                    let skip = if index == 0 { state.front_sent } else { 0 };
                    (bytes[skip..].as_ptr() as usize, bytes.len() - skip)
                })
                .collect();
            drop(state);
            let result = send_ranges(conn.fd, &ranges);
            let mut state = lock(&conn.state);
            match result {
                Ok(sent) => {
                    advance(&mut state, sent);
                    conn.queued_bytes.fetch_sub(sent, Ordering::AcqRel);
                    self.queued_total_bytes.fetch_sub(sent, Ordering::AcqRel);
                    self.sent_bytes.fetch_add(sent as u64, Ordering::Relaxed);
                    self.workers[worker].sent_bytes.fetch_add(sent as u64, Ordering::Relaxed);
                    drop(state);
                    self.notify_if_due(conn);
                }
                Err(errno) if errno == libc::EAGAIN || errno == libc::EWOULDBLOCK => {
                    if state.rerun {
                        continue; // woken meanwhile (a close, say): look again before waiting
                    }
                    state.pumping = false;
                    drop(state);
                    self.arm_writable(conn);
                    return;
                }
                Err(errno) => {
                    state.failed = Some(errno);
                    state.pumping = false;
                    self.close_conn(conn, &mut state);
                    return;
                }
            }
        }
    }

    /// Thread `index`: serve the connections it is woken for until stopped.
    fn run(&self, index: usize) {
        let worker = &self.workers[index];
        let mut events = [libc::epoll_event { events: 0, u64: 0 }; MAX_EVENTS];
        loop {
            // SAFETY: `events` has room for MAX_EVENTS entries.
            let count =
                unsafe { libc::epoll_wait(worker.epoll.as_raw_fd(), events.as_mut_ptr(), MAX_EVENTS as c_int, -1) };
            if count < 0 {
                if last_errno() == libc::EINTR {
                    continue;
                }
                return; // the epoll descriptor is gone: nothing can be served any more
            }
            let mut work: Vec<Arc<Conn>> = Vec::new();
            {
                let conns = lock(&self.conns);
                for event in &events[..count as usize] {
                    let token = event.u64;
                    if token == WAKE_TOKEN {
                        drain_eventfd(worker.wake.as_raw_fd());
                    } else if let Some(conn) = conns.get(&token) {
                        work.push(Arc::clone(conn));
                    }
                }
            }
            work.append(&mut lock(&worker.ready));
            for conn in &work {
                self.service(conn, index);
            }
            if self.stop.load(Ordering::Acquire) {
                return; // `close_all` closes what is left once every thread has ended
            }
        }
    }

    /// Close every connection still open, their queues dropped; only once no thread runs (another could be
    /// sending one of them).
    fn close_all(&self) {
        let remaining: Vec<Arc<Conn>> = lock(&self.conns).values().cloned().collect();
        for conn in remaining {
            let mut state = lock(&conn.state);
            self.close_conn(&conn, &mut state);
        }
    }
}

/// sendmsg over raw (address, length) ranges without blocking: bytes sent, or the errno.
fn send_ranges(fd: c_int, ranges: &[(usize, usize)]) -> Result<usize, i32> {
    let mut iovecs: Vec<libc::iovec> =
        ranges.iter().map(|&(address, length)| libc::iovec { iov_base: address as *mut _, iov_len: length }).collect();
    // SAFETY: a zeroed msghdr naming the iovecs, whose memory the caller keeps alive.
    let mut message: libc::msghdr = unsafe { std::mem::zeroed() };
    message.msg_iov = iovecs.as_mut_ptr();
    message.msg_iovlen = iovecs.len() as _;
    loop {
        // SAFETY: `message` points at valid iovecs for the duration of the call.
        let sent = unsafe { libc::sendmsg(fd, &message, libc::MSG_NOSIGNAL | libc::MSG_DONTWAIT) };
        if sent >= 0 {
            return Ok(sent as usize);
        }
        let errno = last_errno();
        if errno != libc::EINTR {
            return Err(errno);
        }
    }
}

/// A descriptor a syscall just returned (negative: the error), owned so that every path closes it.
fn owned(fd: c_int) -> PyResult<OwnedFd> {
    if fd < 0 {
        return Err(PyOSError::new_err(io::Error::last_os_error().to_string()));
    }
    // SAFETY: a fresh descriptor nothing else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

fn eventfd() -> PyResult<OwnedFd> {
    // SAFETY: plain syscall; checked by `owned`.
    owned(unsafe { libc::eventfd(0, libc::EFD_NONBLOCK | libc::EFD_CLOEXEC) })
}

/// The send threads and their connections; one per server.
#[pyclass(module = "iggy_server._native", frozen)]
pub struct SocketSender {
    shared: Arc<Shared>,
    threads: Mutex<Vec<JoinHandle<()>>>,
}

/// A worker's epoll set with its wake eventfd registered.
fn new_worker() -> PyResult<Worker> {
    // SAFETY: plain syscall; checked by `owned`.
    let epoll = owned(unsafe { libc::epoll_create1(libc::EPOLL_CLOEXEC) })?;
    let wake = eventfd()?;
    let mut event = libc::epoll_event { events: libc::EPOLLIN as u32, u64: WAKE_TOKEN };
    // SAFETY: both descriptors are open (owned here).
    if unsafe { libc::epoll_ctl(epoll.as_raw_fd(), libc::EPOLL_CTL_ADD, wake.as_raw_fd(), &mut event) } < 0 {
        return Err(PyOSError::new_err(io::Error::last_os_error().to_string()));
    }
    Ok(Worker { epoll, wake, ready: Mutex::new(Vec::new()), open: AtomicUsize::new(0), sent_bytes: AtomicU64::new(0) })
}

#[pymethods]
impl SocketSender {
    /// `lone_answer_window_ms`: see `LONE_ANSWER_WINDOW_NS`, `producer_quiet_ms`: see `PRODUCER_QUIET_NS` (the
    /// server keeps the defaults; tests widen them so that their back-to-back writes never depend on the
    /// machine's speed). `threads`: how many send threads (`tcp.send_thread_count`), 1 to `MAX_THREADS`.
    #[new]
    #[pyo3(signature = (
        lone_answer_window_ms = LONE_ANSWER_WINDOW_NS / 1_000_000,
        threads = 1,
        producer_quiet_ms = PRODUCER_QUIET_NS / 1_000_000,
    ))]
    fn new(lone_answer_window_ms: u64, threads: usize, producer_quiet_ms: u64) -> PyResult<Self> {
        if threads == 0 || threads > MAX_THREADS {
            return Err(PyValueError::new_err(format!("a SocketSender runs 1 to {MAX_THREADS} threads, not {threads}")));
        }
        // Owned descriptors: a failure part-way closes what was made.
        let notify = eventfd()?;
        let workers = (0..threads).map(|_| new_worker()).collect::<PyResult<Vec<Worker>>>()?;
        let shared = Arc::new(Shared {
            workers,
            notify,
            conns: Mutex::new(HashMap::new()),
            stop: AtomicBool::new(false),
            next_token: AtomicU64::new(1),
            sent_bytes: AtomicU64::new(0),
            inline_sends: AtomicU64::new(0),
            queued_sends: AtomicU64::new(0),
            copied_bytes: AtomicU64::new(0),
            queued_total_bytes: AtomicUsize::new(0),
            last_answer_token: AtomicU64::new(0),
            last_answer_ns: AtomicU64::new(0),
            lone_answer_window_ns: lone_answer_window_ms.saturating_mul(1_000_000),
            started: std::time::Instant::now(),
            last_producer_ns: AtomicU64::new(0),
            producer_quiet_ns: producer_quiet_ms.saturating_mul(1_000_000),
        });
        let sender = Self { shared, threads: Mutex::new(Vec::with_capacity(threads)) };
        for index in 0..threads {
            let runner = Arc::clone(&sender.shared);
            // A failure here drops `sender`, which stops and joins the threads already started.
            let thread = std::thread::Builder::new()
                .name(format!("iggy-send-{index}"))
                .spawn(move || runner.run(index))
                .map_err(|error| PyOSError::new_err(error.to_string()))?;
            lock(&sender.threads).push(thread);
        }
        Ok(sender)
    }

    /// Send the answers of the socket open on `fd` from now on (a duplicate of it is kept until closed).
    fn attach(&self, fd: c_int) -> PyResult<SenderHandle> {
        if self.shared.stop.load(Ordering::Acquire) {
            return Err(PyValueError::new_err("the send thread is stopped"));
        }
        // SAFETY: duplicating a descriptor the caller owns; checked below.
        let duplicate = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
        if duplicate < 0 {
            return Err(PyOSError::new_err(io::Error::last_os_error().to_string()));
        }
        let token = self.shared.next_token.fetch_add(1, Ordering::Relaxed);
        // Attaches do not interleave (they hold the GIL); a close on a send thread may lower a count meanwhile,
        // which only makes the pick a little stale.
        let (index, worker) = self
            .shared
            .workers
            .iter()
            .enumerate()
            .min_by_key(|(_, worker)| worker.open.load(Ordering::Acquire))
            .expect("at least one worker");
        // Registered without events, in its home thread's set and the first thread's: armed (one shot) in the
        // serving thread's set when the socket is full.
        let register = |epoll: c_int| {
            let mut event = libc::epoll_event { events: libc::EPOLLONESHOT as u32, u64: token };
            // SAFETY: our fresh duplicate, open until the error path below closes it.
            unsafe { libc::epoll_ctl(epoll, libc::EPOLL_CTL_ADD, duplicate, &mut event) }
        };
        let first_epoll = self.shared.workers[0].epoll.as_raw_fd();
        let home_failed = register(worker.epoll.as_raw_fd()) < 0;
        if home_failed || (index != 0 && register(first_epoll) < 0) {
            let error = io::Error::last_os_error();
            // SAFETY: ours. Registrations outlive a closed duplicate while the caller's descriptor is open (they
            // belong to the open file), so the one that succeeded is removed first.
            unsafe {
                if !home_failed {
                    libc::epoll_ctl(worker.epoll.as_raw_fd(), libc::EPOLL_CTL_DEL, duplicate, std::ptr::null_mut());
                }
                libc::close(duplicate);
            }
            return Err(PyOSError::new_err(error.to_string()));
        }
        worker.open.fetch_add(1, Ordering::AcqRel);
        let conn = Arc::new(Conn {
            token,
            fd: duplicate,
            worker: index,
            state: Mutex::new(ConnState {
                queue: VecDeque::new(),
                front_sent: 0,
                closing: Closing::No,
                closed: false,
                failed: None,
                pumping: false,
                rerun: false,
            }),
            queued_bytes: AtomicUsize::new(0),
            notify_at_or_below: AtomicUsize::new(NO_THRESHOLD),
        });
        lock(&self.shared.conns).insert(token, Arc::clone(&conn));
        Ok(SenderHandle { shared: Arc::clone(&self.shared), conn })
    }

    /// A producer sent messages now: for `producer_quiet_ms` every answer goes through the first thread.
    fn note_producer(&self) {
        let now_ns = (self.shared.started.elapsed().as_nanos() as u64).max(1);
        self.shared.last_producer_ns.store(now_ns, Ordering::Release);
    }

    /// The eventfd the event loop watches: readable when a waited-for queue drained or a connection closed.
    #[getter]
    fn notify_fd(&self) -> c_int {
        self.shared.notify.as_raw_fd()
    }

    /// Reset `notify_fd` (call from its reader callback).
    fn clear_notify(&self) {
        drain_eventfd(self.shared.notify.as_raw_fd());
    }

    /// Connections whose duplicate is still open (queued answers or not yet closed).
    fn open_connections(&self) -> usize {
        lock(&self.shared.conns).len()
    }

    /// (bytes sent by the thread, answers sent inline, answers queued for the thread, bytes copied into the
    /// queue).
    fn stats(&self) -> (u64, u64, u64, u64) {
        (
            self.shared.sent_bytes.load(Ordering::Relaxed),
            self.shared.inline_sends.load(Ordering::Relaxed),
            self.shared.queued_sends.load(Ordering::Relaxed),
            self.shared.copied_bytes.load(Ordering::Relaxed),
        )
    }

    /// Bytes each thread sent (answers the callers sent inline count for none).
    fn thread_sent_bytes(&self) -> Vec<u64> {
        self.shared.workers.iter().map(|worker| worker.sent_bytes.load(Ordering::Relaxed)).collect()
    }

    /// Stop the threads: every connection still open is closed with its queue dropped. Callers close their
    /// connections gracefully and wait (``open_connections() == 0``) first.
    fn stop(&self, py: Python<'_>) {
        let threads = self.signal_stop();
        py.allow_threads(|| join_all(threads));
        self.shared.close_all();
    }

    /// How many send threads serve connections.
    #[getter]
    fn threads(&self) -> usize {
        self.shared.workers.len()
    }
}

impl SocketSender {
    /// Tell every thread to stop; the handles still to be joined.
    fn signal_stop(&self) -> Vec<JoinHandle<()>> {
        self.shared.stop.store(true, Ordering::Release);
        for worker in &self.shared.workers {
            signal(worker.wake.as_raw_fd());
        }
        std::mem::take(&mut *lock(&self.threads))
    }
}

fn join_all(threads: Vec<JoinHandle<()>>) {
    for thread in threads {
        let _ = thread.join();
    }
}

impl Drop for SocketSender {
    fn drop(&mut self) {
        join_all(self.signal_stop());
        self.shared.close_all();
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        // A connection attached while the thread was stopping is never closed by it.
        if !self.state.get_mut().map_or(true, |state| state.closed) {
            // SAFETY: our duplicate, not closed before (`closed` is false) and unreachable from now on.
            unsafe {
                libc::close(self.fd);
            }
        }
    }
}

/// One connection's way to the send thread.
#[pyclass(module = "iggy_server._native", frozen)]
pub struct SenderHandle {
    shared: Arc<Shared>,
    conn: Arc<Conn>,
}

impl SenderHandle {
    fn request_close(&self, graceful: bool) {
        {
            let mut state = lock(&self.conn.state);
            if state.closed {
                return;
            }
            if !graceful || state.closing == Closing::No {
                state.closing = if graceful { Closing::Graceful } else { Closing::Abort };
            }
        }
        self.shared.schedule(&self.conn);
    }
}

impl SenderHandle {
    /// An answer from a thread of the native send path (`data_plane`), without the GIL: sent inline when nothing
    /// is queued, else queued behind what is (copied), so answers stay in order with the event loop's.
    pub(crate) fn send_from_thread(&self, answer: &[u8]) {
        let now_ns = (self.shared.started.elapsed().as_nanos() as u64).max(1);
        self.shared.last_producer_ns.store(now_ns, Ordering::Release);
        self.send_on_thread(answer, None);
    }

    /// A poll's answer from a thread of the native data path, without the GIL: `head` (the frame header and the
    /// poll prefix) and `length` bytes of `mapping` from `offset`, the segment bytes queued by reference to the
    /// mapping when the socket does not take them at once.
    pub(crate) fn send_mapped_from_thread(&self, head: &[u8], mapping: &Arc<Mapping>, offset: usize, length: usize) {
        debug_assert!(offset + length <= mapping.length);
        self.send_on_thread(head, (length > 0).then_some((mapping, offset, length)));
    }

    /// `head` then the `mapped` range (mapping, offset, length): sent inline when nothing is queued, else queued
    /// behind what is (the head copied), so answers stay in order with the event loop's.
    fn send_on_thread(&self, head: &[u8], mapped: Option<(&Arc<Mapping>, usize, usize)>) {
        let (mapped_address, mapped_length) = mapped.map_or((0, 0), |(mapping, offset, length)| {
            (mapping.address + offset, length)
        });
        let total = head.len() + mapped_length;
        let mut state = lock(&self.conn.state);
        if state.closed || state.closing != Closing::No || state.failed.is_some() {
            return;
        }
        let was_empty = state.queue.is_empty();
        let mut sent_inline = 0usize;
        if was_empty {
            let ranges = [(head.as_ptr() as usize, head.len()), (mapped_address, mapped_length)];
            match send_ranges(self.conn.fd, &ranges[..if mapped.is_some() { 2 } else { 1 }]) {
                Ok(sent) if sent == total => {
                    self.shared.inline_sends.fetch_add(1, Ordering::Relaxed);
                    return;
                }
                Ok(sent) => sent_inline = sent,
                Err(errno) if errno == libc::EAGAIN || errno == libc::EWOULDBLOCK => {}
                Err(errno) => {
                    state.failed = Some(errno);
                    drop(state);
                    self.shared.schedule(&self.conn);
                    return;
                }
            }
        }
        let mut copied = 0usize;
        if sent_inline < head.len() {
            copied = head.len() - sent_inline;
            state.queue.push_back(Chunk::Owned(head[sent_inline..].to_vec()));
        }
        if let Some((mapping, _, _)) = mapped {
            let mapped_sent = sent_inline.saturating_sub(head.len());
            if mapped_sent < mapped_length {
                let chunk = Chunk::Mapped {
                    _mapping: Arc::clone(mapping),
                    address: mapped_address + mapped_sent,
                    length: mapped_length - mapped_sent,
                };
                state.queue.push_back(chunk);
            }
        }
        let rest = total - sent_inline;
        self.conn.queued_bytes.fetch_add(rest, Ordering::AcqRel);
        self.shared.queued_total_bytes.fetch_add(rest, Ordering::AcqRel);
        self.shared.queued_sends.fetch_add(1, Ordering::Relaxed);
        self.shared.copied_bytes.fetch_add(copied as u64, Ordering::Relaxed);
        drop(state);
        if was_empty {
            self.shared.schedule(&self.conn);
        }
    }
}

impl Drop for SenderHandle {
    /// A handle dropped without `close` must not keep its socket open through the duplicate.
    fn drop(&mut self) {
        self.request_close(true);
    }
}

/// One part of an answer while the GIL is held: its buffer (kept exported, so the bytes stay put) and, for a
/// view of a `MappedFile`, the mapping it lies in, or for a large `bytes`, the object.
struct Part {
    buffer: PyBuffer<u8>,
    mapping: Option<Arc<Mapping>>,
    shared: Option<Py<PyAny>>,
}

impl Part {
    fn of(part: &Bound<'_, PyAny>) -> PyResult<Self> {
        let buffer = PyBuffer::<u8>::get(part)?;
        if !buffer.is_c_contiguous() {
            return Err(PyValueError::new_err("an answer part must be contiguous bytes"));
        }
        let (address, length) = (buffer.buf_ptr() as usize, buffer.len_bytes());
        let mut mapping = None;
        let is_large_bytes = length >= SHARED_BYTES_MIN && part.is_exact_instance_of::<PyBytes>();
        let shared = is_large_bytes.then(|| part.clone().unbind());
        if let Ok(view) = part.downcast::<PyMemoryView>() {
            if let Ok(mapped) = view.getattr("obj")?.downcast::<MappedFile>() {
                let candidate = mapped.get().mapping();
                if address >= candidate.address && address + length <= candidate.address + candidate.length {
                    mapping = Some(Arc::clone(candidate));
                }
            }
        }
        Ok(Self { buffer, mapping, shared })
    }

    fn range(&self) -> (usize, usize) {
        (self.buffer.buf_ptr() as usize, self.buffer.len_bytes())
    }

    /// What the queue keeps of the part from byte `skip` on: the mapping or a large `bytes` by reference,
    /// anything else copied (its buffer is released when `self` is dropped, which needs the GIL the send thread
    /// does not hold; a mutable buffer could change after `write` returned).
    fn into_chunk(self, _gil: Python<'_>, skip: usize) -> PyResult<Chunk> {
        let (address, length) = self.range();
        debug_assert!(skip < length);
        match (self.mapping, self.shared) {
            (Some(mapping), _) => {
                Ok(Chunk::Mapped { _mapping: mapping, address: address + skip, length: length - skip })
            }
            (None, Some(owner)) => Ok(Chunk::Shared { _owner: owner, address: address + skip, length: length - skip }),
            (None, None) => {
                // SAFETY: the buffer is C-contiguous (checked in `of`) and stays exported, with the GIL held,
                // until `self` is dropped after this copy.
                let unsent = unsafe { std::slice::from_raw_parts((address + skip) as *const u8, length - skip) };
                Ok(Chunk::Owned(unsent.to_vec()))
            }
        }
    }
}

#[pymethods]
impl SenderHandle {
    /// Queue `parts` (buffers, sent in order after everything written before). Sent inline when nothing is
    /// queued and the answer is small, or large for a lone connection (see `LONE_ANSWER_WINDOW_NS`); an
    /// answer to a connection that failed or is closing is dropped.
    fn write(&self, py: Python<'_>, parts: &Bound<'_, PyList>) -> PyResult<()> {
        let mut pending = Vec::with_capacity(parts.len());
        let mut total = 0usize;
        for part in parts.iter() {
            let part = Part::of(&part)?;
            let length = part.range().1;
            if length > 0 {
                total += length;
                pending.push(part);
            }
        }
        if total == 0 {
            return Ok(());
        }
        let mut state = lock(&self.conn.state);
        if state.closed || state.closing != Closing::No || state.failed.is_some() {
            return Ok(());
        }
        let was_empty = state.queue.is_empty();
        let mut sent_inline = 0usize;
        let lone = self.shared.lone_answer(&self.conn);
        if was_empty && (total < INLINE_SEND_LIMIT_BYTES || lone) {
            // Straight from the callers' buffers: nothing is copied for an answer the socket takes whole.
            let ranges: Vec<(usize, usize)> = pending.iter().map(Part::range).collect();
            match send_ranges(self.conn.fd, &ranges) {
                Ok(sent) if sent == total => {
                    self.shared.inline_sends.fetch_add(1, Ordering::Relaxed);
                    return Ok(());
                }
                Ok(sent) => sent_inline = sent,
                Err(errno) if errno == libc::EAGAIN || errno == libc::EWOULDBLOCK => {}
                Err(errno) => {
                    state.failed = Some(errno);
                    drop(state);
                    self.shared.schedule(&self.conn); // the thread closes the duplicate
                    return Ok(());
                }
            }
        }
        let mut copied = 0usize;
        // Only what the inline send left is queued (and copied, if it is not mapped): the queue was empty, so
        // the answer's first unsent byte becomes its front.
        let mut skip = sent_inline;
        for part in pending {
            let length = part.range().1;
            if skip >= length {
                skip -= length;
                continue;
            }
            let chunk = part.into_chunk(py, skip)?;
            skip = 0;
            if let Chunk::Owned(bytes) = &chunk {
                copied += bytes.len();
            }
            state.queue.push_back(chunk);
        }
        self.conn.queued_bytes.fetch_add(total - sent_inline, Ordering::AcqRel);
        self.shared.queued_total_bytes.fetch_add(total - sent_inline, Ordering::AcqRel);
        self.shared.queued_sends.fetch_add(1, Ordering::Relaxed);
        self.shared.copied_bytes.fetch_add(copied as u64, Ordering::Relaxed);
        drop(state);
        if was_empty {
            self.shared.schedule(&self.conn);
        }
        Ok(())
    }

    /// This connection's home thread (0-based, below `SocketSender.threads`), see `Shared::serving_worker`.
    #[getter]
    fn thread(&self) -> usize {
        self.conn.worker
    }

    /// Bytes queued and not yet sent.
    #[getter]
    fn queued_bytes(&self) -> usize {
        self.conn.queued_bytes.load(Ordering::Acquire)
    }

    /// Signal `notify_fd` once the queue is at or below `threshold_bytes`; True (and no signal) if it
    /// already is.
    fn notify_at_or_below(&self, threshold_bytes: usize) -> bool {
        self.conn.notify_at_or_below.store(threshold_bytes, Ordering::Release);
        if self.conn.queued_bytes.load(Ordering::Acquire) <= threshold_bytes {
            self.conn.notify_at_or_below.store(NO_THRESHOLD, Ordering::Release);
            return true;
        }
        false
    }

    /// Close the duplicate: after the queued answers are sent (`graceful`), or now with them dropped.
    fn close(&self, graceful: bool) {
        self.request_close(graceful);
    }

    /// True once the duplicate is closed (everything sent or dropped).
    #[getter]
    fn closed(&self) -> bool {
        lock(&self.conn.state).closed
    }

    /// The errno of the send that failed (the peer went away), or None.
    #[getter]
    fn failed(&self) -> Option<i32> {
        lock(&self.conn.state).failed
    }
}
