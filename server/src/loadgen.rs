//! Load generator of `iggy-bench`: one OS thread per actor, blocking TCP, pre-encoded request frames.
//!
//! Python encodes every frame once (login, consumer-group join, the SendMessages batch, the
//! PollMessages request), so an actor's loop is `write frame → read response → record latency` with no
//! allocation after the first response. Producers resend the same batch (ids 0 → the server assigns
//! them; offsets/timestamps are stamped server side). Consumers poll with strategy Next + auto-commit,
//! so their request never changes either.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Producer,
    Consumer,
    /// Sends a batch, then polls until it has read a batch back; latency covers both.
    ProducingConsumer,
}

impl Role {
    pub fn parse(text: &str) -> Option<Role> {
        match text {
            "producer" => Some(Role::Producer),
            "consumer" => Some(Role::Consumer),
            "producing_consumer" => Some(Role::ProducingConsumer),
            _ => None,
        }
    }
}

pub struct ActorSpec {
    pub role: Role,
    /// Full request frames sent first (login, join group); each must answer status 0.
    pub setup_frames: Vec<Vec<u8>>,
    pub send_frame: Vec<u8>,
    pub poll_frame: Vec<u8>,
    /// Producers: batches to send. Consumers: batches' worth of messages to receive.
    pub batches: u64,
    pub messages_per_batch: u64,
    /// 0: as fast as the server answers. Otherwise batch n is due `n × interval` after the actor starts
    /// (a fixed-rate, open-loop schedule); its latency counts from when it was due, so time spent behind
    /// a slow batch is measured instead of hidden (no coordinated omission).
    pub batch_interval_ns: u64,
}

#[derive(Default)]
pub struct Progress {
    pub batches: AtomicU64,
    pub messages: AtomicU64,
    /// When non-zero, consumers stop once all of them together received this many messages.
    pub shared_target_messages: AtomicU64,
    pub bytes: AtomicU64,
    pub finished_actors: AtomicU64,
    pub cancelled: AtomicBool,
}

#[derive(Default, Clone)]
pub struct ActorResult {
    pub messages: u64,
    /// Message frame bytes sent or received (headers included, protocol framing excluded).
    pub bytes: u64,
    pub elapsed_ns: u64,
    pub latencies_ns: Vec<u64>,
    /// Completion time of each batch, ns since the run started.
    pub completed_at_ns: Vec<u64>,
    pub empty_polls: u64,
    pub error: Option<String>,
}

pub struct Run {
    pub progress: Arc<Progress>,
    threads: Mutex<Vec<JoinHandle<ActorResult>>>,
    pub results: Mutex<Option<Vec<ActorResult>>>,
}

/// Cap on empty polls in a row before a consumer gives up (about 20 s at the back-off below).
const MAX_EMPTY_POLLS_IN_A_ROW: u64 = 200_000;
const EMPTY_POLL_BACKOFF: Duration = Duration::from_micros(100);
const POLL_PREFIX_BYTES: usize = 16;

pub fn start(address: String, actors: Vec<ActorSpec>, shared_target_messages: u64) -> Run {
    let progress = Arc::new(Progress::default());
    progress.shared_target_messages.store(shared_target_messages, Ordering::Relaxed);
    let started = Instant::now();
    let threads = actors
        .into_iter()
        .map(|spec| {
            let progress = progress.clone();
            let address = address.clone();
            thread::spawn(move || {
                let mut result = ActorResult::default();
                if let Err(error) = run_actor(&address, &spec, &progress, started, &mut result) {
                    result.error = Some(error.to_string());
                }
                progress.finished_actors.fetch_add(1, Ordering::Relaxed);
                result
            })
        })
        .collect();
    Run { progress, threads: Mutex::new(threads), results: Mutex::new(None) }
}

impl Run {
    pub fn join(&self) {
        let threads: Vec<_> = self.threads.lock().expect("threads lock").drain(..).collect();
        if threads.is_empty() {
            return;
        }
        let results = threads
            .into_iter()
            .map(|t| {
                t.join().unwrap_or_else(|_| ActorResult { error: Some("actor panicked".into()), ..Default::default() })
            })
            .collect();
        *self.results.lock().expect("results lock") = Some(results);
    }
}

struct Connection {
    stream: TcpStream,
    body: Vec<u8>,
}

impl Connection {
    fn open(address: &str) -> io::Result<Self> {
        let stream = TcpStream::connect(address)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        Ok(Self { stream, body: Vec::new() })
    }

    /// Sends one frame and reads the response; returns the body length.
    fn call(&mut self, frame: &[u8]) -> io::Result<usize> {
        self.stream.write_all(frame)?;
        let mut header = [0u8; 8];
        self.stream.read_exact(&mut header)?;
        let status = u32::from_le_bytes(header[0..4].try_into().expect("4 bytes"));
        let length = u32::from_le_bytes(header[4..8].try_into().expect("4 bytes")) as usize;
        if self.body.len() < length {
            self.body.resize(length, 0);
        }
        self.stream.read_exact(&mut self.body[..length])?;
        if status != 0 {
            return Err(io::Error::other(format!("server answered error {status} to command {}", command_of(frame))));
        }
        Ok(length)
    }

    /// (messages, frame bytes) of the poll response in `body`.
    fn polled(&self, length: usize) -> io::Result<(u64, u64)> {
        if length < POLL_PREFIX_BYTES {
            return Err(io::Error::other(format!("poll response of {length} bytes")));
        }
        let count = u32::from_le_bytes(self.body[12..16].try_into().expect("4 bytes"));
        Ok((u64::from(count), (length - POLL_PREFIX_BYTES) as u64))
    }
}

fn command_of(frame: &[u8]) -> u32 {
    frame.get(4..8).map_or(0, |b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
}

fn send_payload_bytes(spec: &ActorSpec) -> u64 {
    // frame = length u32 | code u32 | metadata_length u32 | metadata | index (16 × n) | frames
    let frame = &spec.send_frame;
    if frame.len() < 12 {
        return 0;
    }
    let metadata = u64::from(u32::from_le_bytes(frame[8..12].try_into().expect("4 bytes")));
    (frame.len() as u64).saturating_sub(12 + metadata + 16 * spec.messages_per_batch)
}

fn run_actor(
    address: &str,
    spec: &ActorSpec,
    progress: &Progress,
    started: Instant,
    result: &mut ActorResult,
) -> io::Result<()> {
    let mut connection = Connection::open(address)?;
    for frame in &spec.setup_frames {
        connection.call(frame)?;
    }
    let batch_bytes = send_payload_bytes(spec);
    let target_messages = spec.batches * spec.messages_per_batch;
    result.latencies_ns.reserve(spec.batches as usize);
    result.completed_at_ns.reserve(spec.batches as usize);
    let actor_started = Instant::now();
    let mut empty_in_a_row = 0u64;
    while !progress.cancelled.load(Ordering::Relaxed) {
        let shared_target = progress.shared_target_messages.load(Ordering::Relaxed);
        let done = match spec.role {
            Role::Producer => result.latencies_ns.len() as u64 >= spec.batches,
            Role::Consumer if shared_target > 0 => progress.messages.load(Ordering::Relaxed) >= shared_target,
            _ => result.messages >= target_messages,
        };
        if done {
            break;
        }
        let batch_started = if spec.batch_interval_ns == 0 {
            Instant::now()
        } else {
            let due = actor_started + Duration::from_nanos(spec.batch_interval_ns * result.latencies_ns.len() as u64);
            let now = Instant::now();
            if due > now {
                thread::sleep(due - now);
            }
            due
        };
        let (messages, bytes) = match spec.role {
            Role::Producer => {
                connection.call(&spec.send_frame)?;
                (spec.messages_per_batch, batch_bytes)
            }
            Role::Consumer => {
                let length = connection.call(&spec.poll_frame)?;
                let (messages, bytes) = connection.polled(length)?;
                if messages == 0 {
                    empty_in_a_row += 1;
                    result.empty_polls += 1;
                    if empty_in_a_row >= MAX_EMPTY_POLLS_IN_A_ROW {
                        return Err(io::Error::other(format!("no messages after {empty_in_a_row} polls")));
                    }
                    thread::sleep(EMPTY_POLL_BACKOFF);
                    continue;
                }
                empty_in_a_row = 0;
                (messages, bytes)
            }
            Role::ProducingConsumer => {
                connection.call(&spec.send_frame)?;
                let mut received = (0u64, 0u64);
                let mut polls = 0u64;
                while received.0 < spec.messages_per_batch {
                    let length = connection.call(&spec.poll_frame)?;
                    let (messages, bytes) = connection.polled(length)?;
                    received = (received.0 + messages, received.1 + bytes);
                    polls += 1;
                    if messages == 0 {
                        result.empty_polls += 1;
                        if polls >= MAX_EMPTY_POLLS_IN_A_ROW {
                            return Err(io::Error::other("sent batch never came back"));
                        }
                    }
                }
                received
            }
        };
        let now = Instant::now();
        result.latencies_ns.push((now - batch_started).as_nanos() as u64);
        result.completed_at_ns.push((now - started).as_nanos() as u64);
        result.messages += messages;
        result.bytes += bytes;
        progress.batches.fetch_add(1, Ordering::Relaxed);
        if spec.role != Role::Producer {
            progress.messages.fetch_add(messages, Ordering::Relaxed);
        }
        progress.bytes.fetch_add(bytes, Ordering::Relaxed);
    }
    result.elapsed_ns = actor_started.elapsed().as_nanos() as u64;
    let _ = connection.stream.shutdown(Shutdown::Both);
    Ok(())
}

/// Raw loopback pump (the "network limit" of the same machine): `connections` pairs of sockets push
/// `bytes_per_connection` through the kernel in `chunk_bytes` writes. Returns bytes/s.
pub fn loopback_pump(connections: usize, bytes_per_connection: u64, chunk_bytes: usize) -> io::Result<f64> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    let address = listener.local_addr()?;
    let started = Instant::now();
    let mut threads = Vec::new();
    for _ in 0..connections {
        let mut sender = TcpStream::connect(address)?;
        let (mut receiver, _) = listener.accept()?;
        threads.push(thread::spawn(move || -> io::Result<()> {
            let chunk = vec![7u8; chunk_bytes];
            let mut left = bytes_per_connection;
            while left > 0 {
                let size = left.min(chunk_bytes as u64) as usize;
                sender.write_all(&chunk[..size])?;
                left -= size as u64;
            }
            Ok(())
        }));
        threads.push(thread::spawn(move || -> io::Result<()> {
            let mut chunk = vec![0u8; chunk_bytes];
            let mut left = bytes_per_connection;
            while left > 0 {
                let read = receiver.read(&mut chunk)?;
                if read == 0 {
                    return Err(io::Error::other("pump closed early"));
                }
                left -= read as u64;
            }
            Ok(())
        }));
    }
    for thread in threads {
        thread.join().map_err(|_| io::Error::other("pump thread panicked"))??;
    }
    Ok((connections as u64 * bytes_per_connection) as f64 / started.elapsed().as_secs_f64())
}
