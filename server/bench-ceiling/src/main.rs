//! `iggy-bench-ceiling`: a measurement instrument, not a server. It serves the data plane of Iggy 0.8's TCP
//! protocol (SendMessages, PollMessages) on one OS thread per connection with blocking I/O and no Python, and relays
//! every other request (login, streams, topics, ...) to our Python server over a backend connection of its own.
//!
//! Why: issue 31 asks whether a GIL-free, per-connection data path would put every row ahead of Iggy 0.8 on this
//! 2-core machine, where the client takes one core. This answers it by measurement before the real one is built:
//! the same official client drives it, Iggy and our server side by side (server/BENCHMARKS.md, "How far a native
//! data path goes").
//!
//! What it does per request is what the native data path would have to do: a send is validated, stamped (offsets,
//! timestamp, ids, XXH3 checksums: the server crate's own `batch.rs`) and appended to the partition's file under
//! the partition's lock, acknowledged after the write (`written`) or before it (`memory`); a poll looks its span up
//! in the partition's in-memory index, reads the bytes with `pread`, checks every stored checksum (as our
//! `verify_checksums_on_read` default does) and sends them, in chunks of whole messages so that the client
//! receives one chunk while the next is read and checked.
//!
//! What it leaves out, so its figures are a ceiling and never a product's: authentication and permissions of the
//! data plane (the relayed login is not consulted), segments (one file per partition, at most 4 GiB), recovery,
//! consumer groups, timestamps as a polling strategy, stats, limits on connections, and any answer but the
//! stream-ending one to a malformed or corrupt data request. Partitions are keyed by the identifiers' bytes as
//! sent, so a client must name a stream or topic the same way in every request (iggy-bench does).
//!
//! Usage: `iggy-bench-ceiling LISTEN_ADDRESS BACKEND_ADDRESS DATA_DIR written|memory [parts|whole]` (README.md).

// The server crate's own sources, compiled in: rustfmt leaves them to that crate (which is not run through it).
#[allow(dead_code)]
#[rustfmt::skip]
#[path = "../../src/batch.rs"]
mod batch;
#[allow(dead_code)]
#[rustfmt::skip]
#[path = "../../src/codes.rs"]
mod codes;
#[allow(dead_code)]
#[rustfmt::skip]
#[path = "../../src/failure.rs"]
mod failure;
#[allow(dead_code)]
#[rustfmt::skip]
#[path = "../../src/layout.rs"]
mod layout;
#[allow(dead_code)]
#[rustfmt::skip]
#[path = "../../src/wire_layout.rs"]
mod wire_layout;

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::fd::AsRawFd;
use std::os::raw::c_int;
use std::os::unix::fs::FileExt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use codes::command_code;
use codes::consumer_kind;
use codes::partitioning_kind;
use codes::polling_kind;
use layout::{frame_checksum, frame_size_from_header, read_u32, read_u64};
use wire_layout::{index_entry, message_header};

/// A poll answer is read, checked and sent in chunks of whole messages of about this size: the client receives
/// one while the next is read (one consumer: 0.90x of Iggy 0.8 unchunked, 1.03x chunked; BENCHMARKS.md).
const POLL_CHUNK_BYTES: usize = 256 * 1024;
/// The largest request frame read (SendMessages of up to 64 MB payloads are not what this measures).
const MAX_FRAME_BYTES: usize = 64 * 1024 * 1024;
/// Payloads at least this large are received whole with `receive = whole` (a SendMessages batch, not a request).
const WHOLE_PAYLOAD_MIN_BYTES: usize = 64 * 1024;
/// Request header: length u32 (covers the code and payload), code u32. Answer header: status u32, length u32.
const REQUEST_HEADER_BYTES: usize = 8;
const ANSWER_HEADER_BYTES: usize = 8;
/// A poll answer's body starts with partition id u32, current offset u64, messages count u32.
const POLL_PREFIX_BYTES: usize = 16;
/// The status of a malformed data request, answered before the connection ends.
const CANNOT_READ_MESSAGE: u32 = codes::error_code::CANNOT_READ_MESSAGE;

/// (stream identifier bytes, topic identifier bytes, partition id).
type PartitionKey = (Vec<u8>, Vec<u8>, u32);

struct PartitionLog {
    file: File,
    size_bytes: u64,
    next_offset: u64,
    /// The stamped index entries of every message (relative offset = offset, end position in the file).
    index: Vec<u8>,
    /// Stored offsets of `next` polls with auto-commit, by (consumer kind, consumer identifier bytes).
    consumer_offsets: HashMap<Vec<u8>, u64>,
}

struct Shared {
    backend_address: String,
    data_dir: PathBuf,
    partitions: Mutex<HashMap<PartitionKey, Arc<Mutex<PartitionLog>>>>,
    files_created: AtomicU64,
    acknowledge_after_write: bool,
    /// Wake a connection's thread once a large payload has arrived, not for every part of it (`SO_RCVLOWAT`).
    receive_whole_payloads: bool,
}

fn malformed() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "a data request this instrument cannot serve")
}

/// An identifier (kind u8, length u8, value) at `at`: its bytes and the position after it.
fn identifier(payload: &[u8], at: usize) -> io::Result<(Vec<u8>, usize)> {
    let length = *payload.get(at + 1).ok_or_else(malformed)? as usize;
    let end = at + 2 + length;
    let bytes = payload.get(at..end).ok_or_else(malformed)?;
    Ok((bytes.to_vec(), end))
}

fn partition_log(shared: &Shared, key: PartitionKey, create: bool) -> io::Result<Option<Arc<Mutex<PartitionLog>>>> {
    let mut partitions = shared.partitions.lock().unwrap();
    if let Some(found) = partitions.get(&key) {
        return Ok(Some(found.clone()));
    }
    if !create {
        return Ok(None);
    }
    let number = shared.files_created.fetch_add(1, Ordering::Relaxed);
    let path = shared.data_dir.join(format!("partition-{number}.log"));
    let file = OpenOptions::new().create(true).read(true).append(true).open(path)?;
    let log = PartitionLog { file, size_bytes: 0, next_offset: 0, index: Vec::new(), consumer_offsets: HashMap::new() };
    let log = Arc::new(Mutex::new(log));
    partitions.insert(key, log.clone());
    Ok(Some(log))
}

fn answer_status(client: &mut TcpStream, status: u32) -> io::Result<()> {
    let mut answer = [0u8; ANSWER_HEADER_BYTES];
    answer[..4].copy_from_slice(&status.to_le_bytes());
    client.write_all(&answer)
}

/// SendMessages: metadata length u32, stream and topic identifiers, partitioning, messages count u32; then the
/// index table and the frames.
fn send_messages(shared: &Shared, client: &mut TcpStream, payload: &mut [u8]) -> io::Result<()> {
    let metadata_bytes = read_u32(payload.get(..4).ok_or_else(malformed)?, 0) as usize;
    let (stream, at) = identifier(payload, 4)?;
    let (topic, at) = identifier(payload, at)?;
    let partitioning = payload.get(at..at + 2).ok_or_else(malformed)?;
    let (kind, value_bytes) = (partitioning[0], partitioning[1] as usize);
    if kind != partitioning_kind::PARTITION_ID || value_bytes != 4 {
        return Err(malformed()); // balanced and keyed partitioning need the topic's partition count
    }
    let partition_id = read_u32(payload.get(at + 2..at + 6).ok_or_else(malformed)?, 0);
    let at = at + 2 + value_bytes;
    let messages_count = read_u32(payload.get(at..at + 4).ok_or_else(malformed)?, 0);
    let index_start = 4 + metadata_bytes;
    let frames_start = index_start + messages_count as usize * index_entry::SIZE;
    if at + 4 != index_start || frames_start > payload.len() {
        return Err(malformed());
    }
    let log = partition_log(shared, (stream, topic, partition_id), true)?.expect("created");
    let timestamp_us = SystemTime::now().duration_since(UNIX_EPOCH).expect("after 1970").as_micros() as u64;
    let (index, frames) = payload[index_start..].split_at_mut(frames_start - index_start);
    let mut log = log.lock().unwrap();
    let placement = batch::Placement {
        base_offset: log.next_offset,
        segment_start_offset: 0,
        segment_position_bytes: log.size_bytes,
        timestamp_us,
    };
    let end_bytes = match batch::validate_and_stamp(index, frames, messages_count, placement) {
        Ok(end_bytes) => end_bytes,
        Err(failure) => {
            drop(log);
            return answer_status(client, failure.code);
        }
    };
    if !shared.acknowledge_after_write {
        // memory: acknowledged first, written right after, still under the lock (a poll reads whole batches)
        client.write_all(&[0u8; ANSWER_HEADER_BYTES])?;
    }
    log.file.write_all(frames)?;
    log.size_bytes = end_bytes;
    log.next_offset += u64::from(messages_count);
    log.index.extend_from_slice(index);
    drop(log);
    if shared.acknowledge_after_write {
        client.write_all(&[0u8; ANSWER_HEADER_BYTES])?;
    }
    Ok(())
}

/// The end position of message `offset` in its partition's file.
fn end_position(index: &[u8], offset: u64) -> u64 {
    u64::from(read_u32(index, offset as usize * index_entry::SIZE + index_entry::POSITION_AT))
}

/// PollMessages: consumer (kind u8, identifier), stream and topic identifiers, optional partition (flag u8, id
/// u32), strategy (kind u8, value u64), count u32, auto-commit u8.
fn poll_messages(shared: &Shared, client: &mut TcpStream, payload: &[u8], out: &mut Vec<u8>) -> io::Result<()> {
    let consumer_kind = *payload.first().ok_or_else(malformed)?;
    if consumer_kind != consumer_kind::CONSUMER {
        return Err(malformed()); // consumer groups are the Python server's
    }
    let (consumer, at) = identifier(payload, 1)?;
    let consumer_key = [&[consumer_kind][..], &consumer].concat();
    let (stream, at) = identifier(payload, at)?;
    let (topic, at) = identifier(payload, at)?;
    let rest = payload.get(at..at + 19).ok_or_else(malformed)?;
    let partition_id = if rest[0] == 1 { read_u32(rest, 1) } else { 0 };
    let (strategy, value, count, auto_commit) =
        (rest[5], read_u64(rest, 6), u64::from(read_u32(rest, 14)), rest[18] == 1);

    out.clear();
    out.resize(ANSWER_HEADER_BYTES + POLL_PREFIX_BYTES, 0);
    out[ANSWER_HEADER_BYTES..ANSWER_HEADER_BYTES + 4].copy_from_slice(&partition_id.to_le_bytes());
    let empty_answer = |client: &mut TcpStream, out: &mut Vec<u8>| {
        out[4..8].copy_from_slice(&(POLL_PREFIX_BYTES as u32).to_le_bytes());
        client.write_all(out)
    };
    let Some(log) = partition_log(shared, (stream, topic, partition_id), false)? else {
        return empty_answer(client, out);
    };
    let guard = log.lock().unwrap();
    let next_offset = guard.next_offset;
    out[ANSWER_HEADER_BYTES + 4..ANSWER_HEADER_BYTES + 12]
        .copy_from_slice(&next_offset.saturating_sub(1).to_le_bytes());
    let start = match strategy {
        polling_kind::OFFSET => value,
        polling_kind::FIRST => 0,
        polling_kind::LAST => next_offset.saturating_sub(count),
        polling_kind::NEXT => guard.consumer_offsets.get(&consumer_key).map_or(0, |stored| stored + 1),
        _ => return Err(malformed()),
    };
    if start >= next_offset || count == 0 {
        drop(guard);
        return empty_answer(client, out);
    }
    let end = (start + count).min(next_offset);
    let begin_bytes = if start == 0 { 0 } else { end_position(&guard.index, start - 1) };
    let end_bytes = end_position(&guard.index, end - 1);
    let file = guard.file.try_clone()?;
    drop(guard);

    let body_bytes = POLL_PREFIX_BYTES as u64 + (end_bytes - begin_bytes);
    out[4..8].copy_from_slice(&(body_bytes as u32).to_le_bytes());
    out[ANSWER_HEADER_BYTES + 12..ANSWER_HEADER_BYTES + 16].copy_from_slice(&((end - start) as u32).to_le_bytes());
    // Read, check and send chunk by chunk; a message cut by a chunk's end is carried into the next one.
    let mut position = begin_bytes;
    let mut keep = out.len(); // the answer's header and prefix go with the first chunk
    let mut first_chunk = true;
    while position < end_bytes || keep > 0 {
        let take = ((end_bytes - position) as usize).min(POLL_CHUNK_BYTES);
        out.resize(keep + take, 0);
        file.read_exact_at(&mut out[keep..], position)?;
        position += take as u64;
        let mut at = if first_chunk { ANSWER_HEADER_BYTES + POLL_PREFIX_BYTES } else { 0 };
        first_chunk = false;
        while out.len() - at >= message_header::SIZE {
            let size = frame_size_from_header(&out[at..]) as usize;
            if out.len() - at < size {
                break;
            }
            let frame = &out[at..at + size];
            if frame_checksum(frame) != read_u64(frame, message_header::CHECKSUM_AT) {
                // Part of the answer may be sent: the connection ends without an error status.
                return Err(io::Error::other("a stored checksum does not match"));
            }
            at += size;
        }
        if take == 0 && at < out.len() {
            return Err(io::Error::other("the file ends inside a message"));
        }
        client.write_all(&out[..at])?;
        out.drain(..at);
        keep = out.len();
    }
    if auto_commit {
        log.lock().unwrap().consumer_offsets.insert(consumer_key, end - 1);
    }
    Ok(())
}

fn set_receive_low_water(socket: &TcpStream, bytes: usize) -> io::Result<()> {
    let value = c_int::try_from(bytes).unwrap_or(c_int::MAX);
    // SAFETY: a valid descriptor and a c_int option value of the size passed.
    let result = unsafe {
        libc::setsockopt(
            socket.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_RCVLOWAT,
            (&value as *const c_int).cast(),
            std::mem::size_of::<c_int>() as libc::socklen_t,
        )
    };
    if result == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// Fills `buffer` with one wake-up per batch instead of one per arriving part: the low-water mark is what is
/// still missing, and `poll` (which honours it) waits before each read. A blocked `read` would not do: once it
/// has copied part of the payload, the kernel wakes it only when the mark's worth is unread, which the rest of
/// the payload never is. The kernel caps the mark at half its largest receive buffer and wakes early when the
/// window closes, so a payload larger than that takes more than one wake-up, never a hang.
fn receive_whole(socket: &mut TcpStream, buffer: &mut [u8]) -> io::Result<()> {
    let mut filled = 0;
    while filled < buffer.len() {
        set_receive_low_water(socket, buffer.len() - filled)?;
        let mut ready = libc::pollfd { fd: socket.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        // SAFETY: one valid pollfd.
        if unsafe { libc::poll(&mut ready, 1, -1) } < 0 {
            let error = io::Error::last_os_error();
            if error.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(error);
        }
        match socket.read(&mut buffer[filled..])? {
            0 => return Err(io::ErrorKind::UnexpectedEof.into()),
            received => filled += received,
        }
    }
    set_receive_low_water(socket, 1)
}

fn serve(shared: Arc<Shared>, mut client: TcpStream) -> io::Result<()> {
    client.set_nodelay(true)?;
    let mut backend = TcpStream::connect(&shared.backend_address)?;
    backend.set_nodelay(true)?;
    let mut header = [0u8; REQUEST_HEADER_BYTES];
    let mut payload: Vec<u8> = Vec::new();
    let mut out: Vec<u8> = Vec::new();
    loop {
        match client.read_exact(&mut header) {
            Err(error) if error.kind() == io::ErrorKind::UnexpectedEof => return Ok(()),
            result => result?,
        }
        let length = read_u32(&header, 0) as usize;
        let code = read_u32(&header, 4);
        if !(4..=MAX_FRAME_BYTES).contains(&length) {
            return answer_status(&mut client, codes::error_code::INVALID_COMMAND);
        }
        payload.resize(length - 4, 0);
        if shared.receive_whole_payloads && payload.len() >= WHOLE_PAYLOAD_MIN_BYTES {
            receive_whole(&mut client, &mut payload)?;
        } else {
            client.read_exact(&mut payload)?;
        }
        let served = match code {
            command_code::SEND_MESSAGES => send_messages(&shared, &mut client, &mut payload),
            command_code::POLL_MESSAGES => poll_messages(&shared, &mut client, &payload, &mut out),
            _ => {
                backend.write_all(&header)?;
                backend.write_all(&payload)?;
                let mut answer = [0u8; ANSWER_HEADER_BYTES];
                backend.read_exact(&mut answer)?;
                out.clear();
                out.extend_from_slice(&answer);
                out.resize(ANSWER_HEADER_BYTES + read_u32(&answer, 4) as usize, 0);
                backend.read_exact(&mut out[ANSWER_HEADER_BYTES..])?;
                client.write_all(&out)
            }
        };
        if let Err(error) = served {
            if error.kind() == io::ErrorKind::InvalidData {
                answer_status(&mut client, CANNOT_READ_MESSAGE)?;
            }
            return Err(error);
        }
    }
}

fn main() {
    let arguments: Vec<String> = std::env::args().collect();
    let (listen, backend, data_dir, mode, receive) = match &arguments[..] {
        [_, listen, backend, data_dir, mode] => (listen, backend, data_dir, mode, "parts"),
        [_, listen, backend, data_dir, mode, receive] => (listen, backend, data_dir, mode, receive.as_str()),
        _ => {
            eprintln!("usage: iggy-bench-ceiling LISTEN_ADDRESS BACKEND_ADDRESS DATA_DIR written|memory [parts|whole]");
            std::process::exit(2);
        }
    };
    if receive != "parts" && receive != "whole" {
        eprintln!("the receive is parts (a wake-up per arriving part) or whole (SO_RCVLOWAT), not {receive}");
        std::process::exit(2);
    }
    if mode != "written" && mode != "memory" {
        eprintln!("the mode is written or memory, not {mode}");
        std::process::exit(2);
    }
    std::fs::create_dir_all(data_dir).expect("the data directory");
    let shared = Arc::new(Shared {
        backend_address: backend.clone(),
        data_dir: PathBuf::from(data_dir),
        partitions: Mutex::new(HashMap::new()),
        files_created: AtomicU64::new(0),
        acknowledge_after_write: mode == "written",
        receive_whole_payloads: receive == "whole",
    });
    let listener = TcpListener::bind(listen).expect("the listen address");
    eprintln!("iggy-bench-ceiling on {listen} ({mode}, receiving {receive}), other requests relayed to {backend}");
    for connection in listener.incoming() {
        let Ok(connection) = connection else { continue };
        let shared = shared.clone();
        std::thread::spawn(move || {
            if let Err(error) = serve(shared, connection) {
                eprintln!("connection ended: {error}");
            }
        });
    }
}
